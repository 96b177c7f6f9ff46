-- Sign-in throttling (lib/auth/throttle.ts): one row per failed sign-in, under its account and its
-- client address; the limits count the rows of a subject within the window, so they hold across
-- processes.

-- CreateTable
CREATE TABLE "sign_in_failures" (
    "id" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "failed_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "sign_in_failures_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "sign_in_failures_subject_failed_at_idx" ON "sign_in_failures"("subject", "failed_at");
