-- The daily marks (issue 46, docs/marks.md): one row per company and day, the estimator's state
-- after each company's last day, the market factors, the updater's lease and its cursor over
-- the audit trail, and the Desk 50's values and members. No change counters: the marks' reads
-- answer ETags from their bodies, and the rebuild writes millions of rows.
-- CreateTable
CREATE TABLE "marks" (
    "company_id" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "price_per_share" TEXT NOT NULL,
    "low" TEXT NOT NULL,
    "high" TEXT NOT NULL,
    "method" TEXT NOT NULL,
    "data_points_180d" INTEGER NOT NULL,
    "days_since_last_trade" INTEGER,
    "order_imbalance" REAL,

    PRIMARY KEY ("company_id", "date"),
    CONSTRAINT "marks_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "mark_states" (
    "company_id" TEXT NOT NULL PRIMARY KEY,
    "date" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "mark_states_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "mark_factors" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "factors" TEXT NOT NULL,
    "computed_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "mark_worker" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "lease_owner" TEXT,
    "lease_until" DATETIME,
    "day" TEXT,
    "seq" INTEGER NOT NULL DEFAULT 0
);

-- CreateTable
CREATE TABLE "index_values" (
    "index_id" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "value" TEXT NOT NULL,

    PRIMARY KEY ("index_id", "date")
);

-- CreateTable
CREATE TABLE "index_members" (
    "index_id" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "company_id" TEXT NOT NULL,
    "weight" REAL NOT NULL,

    PRIMARY KEY ("index_id", "date", "company_id")
);

-- CreateIndex
CREATE INDEX "marks_date_company_id_idx" ON "marks"("date", "company_id");
