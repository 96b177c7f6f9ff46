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
    "order_imbalance" DOUBLE PRECISION,

    CONSTRAINT "marks_pkey" PRIMARY KEY ("company_id","date")
);

-- CreateTable
CREATE TABLE "mark_states" (
    "company_id" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "mark_states_pkey" PRIMARY KEY ("company_id")
);

-- CreateTable
CREATE TABLE "mark_factors" (
    "id" TEXT NOT NULL,
    "factors" TEXT NOT NULL,
    "computed_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "mark_factors_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mark_worker" (
    "id" TEXT NOT NULL,
    "lease_owner" TEXT,
    "lease_until" TIMESTAMP(3),
    "day" TEXT,
    "seq" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "mark_worker_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "index_values" (
    "index_id" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "value" TEXT NOT NULL,

    CONSTRAINT "index_values_pkey" PRIMARY KEY ("index_id","date")
);

-- CreateTable
CREATE TABLE "index_members" (
    "index_id" TEXT NOT NULL,
    "date" TEXT NOT NULL,
    "company_id" TEXT NOT NULL,
    "weight" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "index_members_pkey" PRIMARY KEY ("index_id","date","company_id")
);

-- CreateIndex
CREATE INDEX "marks_date_company_id_idx" ON "marks"("date", "company_id");

-- AddForeignKey
ALTER TABLE "marks" ADD CONSTRAINT "marks_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mark_states" ADD CONSTRAINT "mark_states_company_id_fkey" FOREIGN KEY ("company_id") REFERENCES "companies"("id") ON DELETE CASCADE ON UPDATE CASCADE;
