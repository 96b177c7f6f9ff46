-- The directory sorts and filters by each company's current mark and its 30-day change (issue 46,
-- docs/marks.md "The directory's columns"): both kept on the company's row, written by the marks'
-- rebuild and updater (lib/marks/current.ts), so the page engine sorts, filters and pages them
-- like any column of the listed table.
-- AlterTable
ALTER TABLE "companies" ADD COLUMN "mark_price" TEXT,
ADD COLUMN "mark_ratio_30d" TEXT;

-- Hand-written. The order of a mark sort is (column IS NULL, column, id): companies without a
-- mark last in either direction, read from these indexes in both (docs/api.md, "Sorting").
CREATE INDEX "companies_mark_price_asc_idx" ON "companies" (("mark_price" IS NULL), "mark_price", "id");
CREATE INDEX "companies_mark_price_desc_idx" ON "companies" (("mark_price" IS NULL), "mark_price" DESC, "id");
CREATE INDEX "companies_mark_ratio_30d_asc_idx" ON "companies" (("mark_ratio_30d" IS NULL), "mark_ratio_30d", "id");
CREATE INDEX "companies_mark_ratio_30d_desc_idx" ON "companies" (("mark_ratio_30d" IS NULL), "mark_ratio_30d" DESC, "id");

-- Hand-written. The marks move every company's row every day and a company's row after each of
-- its trades: under `companies`, the counter every indication, trade, deal and market list
-- depends on (the issuer's name), they would invalidate all of them. So the mark columns bump a
-- counter of their own, `company_marks`, and every other write of companies bumps both: lists
-- that sort or filter by a mark keep their facts under `company_marks` (ListQuery.counter). A new
-- column of companies goes in the column list of "companies_version".
INSERT INTO "table_versions" ("name", "version") VALUES ('company_marks', 0);

CREATE FUNCTION "bump_table_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = ANY (TG_ARGV);
  RETURN NULL;
END
$$;

DROP TRIGGER "companies_version" ON "companies";
CREATE TRIGGER "companies_version" AFTER INSERT OR DELETE OR TRUNCATE OR UPDATE OF "id", "name", "legal_name", "search_text", "country", "region", "url", "platform_url", "description", "logo_color", "lead_investors" ON "companies" FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_versions"('companies', 'company_marks');
CREATE TRIGGER "company_marks_version" AFTER UPDATE OF "mark_price", "mark_ratio_30d" ON "companies" FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_versions"('company_marks');

-- A database with marks gets the columns filled by the updater's next pass: it refreshes every
-- company's when its day is behind today's (lib/marks/updater.ts), so the day is set back by one.
UPDATE "mark_worker" SET "day" = to_char((now() AT TIME ZONE 'UTC')::date - 1, 'YYYY-MM-DD') WHERE "day" IS NOT NULL AND "day" >= to_char((now() AT TIME ZONE 'UTC')::date - 1, 'YYYY-MM-DD');
