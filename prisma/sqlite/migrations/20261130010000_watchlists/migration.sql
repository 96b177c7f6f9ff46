-- The companies a user follows (lib/watchlist/): one row per user and company. The primary key
-- serves a user's own reads; the company_id index the reads by company (its followers).
-- CreateTable
CREATE TABLE "watchlist_entries" (
    "user_id" TEXT NOT NULL,
    "company_id" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL,

    PRIMARY KEY ("user_id", "company_id"),
    CONSTRAINT "watchlist_entries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE RESTRICT ON UPDATE CASCADE,
    CONSTRAINT "watchlist_entries_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies" ("id") ON DELETE RESTRICT ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "watchlist_entries_company_id_idx" ON "watchlist_entries"("company_id");
