-- Per-team row counts beside the per-team change counters (lib/db/page.ts isWholeTeam): a team's
-- whole list reads its count here, in the page's snapshot, instead of counting its rows after each
-- of the team's writes (docs/performance.md, "Writes"). Kept by the same triggers; filled once from
-- the rows already there.

ALTER TABLE "team_table_versions" ADD COLUMN "row_count" BIGINT NOT NULL DEFAULT 0;

-- The function of 20261127030000_team_versions, now also counting: each team's net change of rows
-- in the statement (teams in id order, as before); TRUNCATE empties every team.
CREATE OR REPLACE FUNCTION "bump_team_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "team_table_versions" SET "version" = "version" + 1, "row_count" = 0 WHERE "table_name" = TG_TABLE_NAME;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO "team_table_versions" ("table_name", "team_id", "version", "row_count")
      SELECT TG_TABLE_NAME, changed."team_id", 1, sum(changed."delta") FROM (SELECT "team_id", 1 AS "delta" FROM new_rows) AS changed
      GROUP BY changed."team_id" ORDER BY changed."team_id"
      ON CONFLICT ("table_name", "team_id") DO UPDATE
        SET "version" = "team_table_versions"."version" + 1, "row_count" = "team_table_versions"."row_count" + excluded."row_count";
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "team_table_versions" ("table_name", "team_id", "version", "row_count")
      SELECT TG_TABLE_NAME, changed."team_id", 1, sum(changed."delta") FROM (SELECT "team_id", 1 AS "delta" FROM new_rows UNION ALL SELECT "team_id", -1 FROM old_rows) AS changed
      GROUP BY changed."team_id" ORDER BY changed."team_id"
      ON CONFLICT ("table_name", "team_id") DO UPDATE
        SET "version" = "team_table_versions"."version" + 1, "row_count" = "team_table_versions"."row_count" + excluded."row_count";
  ELSE
    INSERT INTO "team_table_versions" ("table_name", "team_id", "version", "row_count")
      SELECT TG_TABLE_NAME, changed."team_id", 1, sum(changed."delta") FROM (SELECT "team_id", -1 AS "delta" FROM old_rows) AS changed
      GROUP BY changed."team_id" ORDER BY changed."team_id"
      ON CONFLICT ("table_name", "team_id") DO UPDATE
        SET "version" = "team_table_versions"."version" + 1, "row_count" = "team_table_versions"."row_count" + excluded."row_count";
  END IF;
  RETURN NULL;
END
$$;

UPDATE "team_table_versions" SET "row_count" = 0, "version" = "version" + 1 WHERE "table_name" = 'indications';
INSERT INTO "team_table_versions" ("table_name", "team_id", "version", "row_count")
  SELECT 'indications', "team_id", 1, count(*) FROM "indications" WHERE true GROUP BY "team_id"
  ON CONFLICT ("table_name", "team_id") DO UPDATE SET "version" = "team_table_versions"."version" + 1, "row_count" = excluded."row_count";
UPDATE "team_table_versions" SET "row_count" = 0, "version" = "version" + 1 WHERE "table_name" = 'trades';
INSERT INTO "team_table_versions" ("table_name", "team_id", "version", "row_count")
  SELECT 'trades', "team_id", 1, count(*) FROM "trades" WHERE true GROUP BY "team_id"
  ON CONFLICT ("table_name", "team_id") DO UPDATE SET "version" = "team_table_versions"."version" + 1, "row_count" = excluded."row_count";
