-- API rate-limit counters in the database (API_RATE_LIMIT_STORE=database, lib/api/rate-limit.ts):
-- rate-limiter-flexible's RateLimiterPrisma keeps one row per limited key and window, so every
-- instance over this database counts against the same quota.
-- CreateTable
CREATE TABLE "rate_limits" (
    "key" TEXT NOT NULL,
    "points" INTEGER NOT NULL,
    "expire" TIMESTAMP(3),

    CONSTRAINT "rate_limits_pkey" PRIMARY KEY ("key")
);
