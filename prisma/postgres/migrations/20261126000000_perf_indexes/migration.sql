-- DropIndex
DROP INDEX "indications_issuer_id_idx";

-- DropIndex
DROP INDEX "indications_user_id_idx";

-- DropIndex
DROP INDEX "trades_issuer_id_idx";

-- DropIndex
DROP INDEX "trades_user_id_idx";

-- CreateTable
CREATE TABLE "table_versions" (
    "name" TEXT NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "table_versions_pkey" PRIMARY KEY ("name")
);

-- Hand-written (Prisma cannot express triggers): the change counters behind the cached counts of
-- lib/db/list-sql.ts. Every statement that inserts, updates, deletes or truncates a listed table
-- bumps its version (statement-level: one bump per statement, not per row), so a count cached
-- with an older version is never served.
INSERT INTO "table_versions" ("name", "version") VALUES ('indications', 0), ('trades', 0), ('companies', 0);

CREATE FUNCTION "bump_table_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = TG_TABLE_NAME;
  RETURN NULL;
END
$$;

CREATE TRIGGER "indications_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "indications" FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_version"();
CREATE TRIGGER "trades_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "trades" FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_version"();
CREATE TRIGGER "companies_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "companies" FOR EACH STATEMENT EXECUTE FUNCTION "bump_table_version"();
