-- Per-team change counters (lib/db/page.ts ListQuery.team): a team's lists keep their cached counts
-- and page starts under their team's counter, so a write of one team no longer invalidates every
-- team's (docs/performance.md, "Writes"). The table-wide counters stay for lists of every team.

-- CreateTable
CREATE TABLE "team_table_versions" (
    "table_name" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "team_table_versions_pkey" PRIMARY KEY ("table_name","team_id")
);

-- Hand-written (Prisma cannot express triggers): statement-level with transition tables, so a bulk
-- insert bumps each team it touches once; teams in id order, so concurrent statements lock their
-- counters in the same order. TRUNCATE bumps every team of the table.
CREATE FUNCTION "bump_team_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "team_table_versions" SET "version" = "version" + 1 WHERE "table_name" = TG_TABLE_NAME;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "team_table_versions" ("table_name", "team_id", "version")
      SELECT TG_TABLE_NAME, "team_id", 1 FROM (SELECT DISTINCT "team_id" FROM new_rows) AS touched ORDER BY "team_id"
      ON CONFLICT ("table_name", "team_id") DO UPDATE SET "version" = "team_table_versions"."version" + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "team_table_versions" ("table_name", "team_id", "version")
      SELECT TG_TABLE_NAME, "team_id", 1 FROM (SELECT "team_id" FROM new_rows UNION SELECT "team_id" FROM old_rows) AS touched ORDER BY "team_id"
      ON CONFLICT ("table_name", "team_id") DO UPDATE SET "version" = "team_table_versions"."version" + 1;
  ELSE
    INSERT INTO "team_table_versions" ("table_name", "team_id", "version")
      SELECT TG_TABLE_NAME, "team_id", 1 FROM (SELECT DISTINCT "team_id" FROM old_rows) AS touched ORDER BY "team_id"
      ON CONFLICT ("table_name", "team_id") DO UPDATE SET "version" = "team_table_versions"."version" + 1;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "indications_team_version_insert" AFTER INSERT ON "indications" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_team_versions"();
CREATE TRIGGER "indications_team_version_update" AFTER UPDATE ON "indications" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_team_versions"();
CREATE TRIGGER "indications_team_version_delete" AFTER DELETE ON "indications" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_team_versions"();
CREATE TRIGGER "indications_team_version_truncate" AFTER TRUNCATE ON "indications" FOR EACH STATEMENT EXECUTE FUNCTION "bump_team_versions"();
CREATE TRIGGER "trades_team_version_insert" AFTER INSERT ON "trades" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_team_versions"();
CREATE TRIGGER "trades_team_version_update" AFTER UPDATE ON "trades" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_team_versions"();
CREATE TRIGGER "trades_team_version_delete" AFTER DELETE ON "trades" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "bump_team_versions"();
CREATE TRIGGER "trades_team_version_truncate" AFTER TRUNCATE ON "trades" FOR EACH STATEMENT EXECUTE FUNCTION "bump_team_versions"();
