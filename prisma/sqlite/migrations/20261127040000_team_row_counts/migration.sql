-- Per-team row counts beside the per-team change counters (lib/db/page.ts isWholeTeam): a team's
-- whole list reads its count here, in the page's snapshot, instead of counting its rows after each
-- of the team's writes (docs/performance.md, "Writes"). Kept by the same triggers; filled once from
-- the rows already there.

ALTER TABLE "team_table_versions" ADD COLUMN "row_count" BIGINT NOT NULL DEFAULT 0;

-- The triggers of 20261126030000_team_versions, now also counting: +1 for a team that gains a row,
-- -1 for one that loses it (both teams when an update moves a row).
DROP TRIGGER "indications_team_version_insert";
DROP TRIGGER "indications_team_version_update";
DROP TRIGGER "indications_team_version_delete";
CREATE TRIGGER "indications_team_version_insert" AFTER INSERT ON "indications" BEGIN
  INSERT INTO "team_table_versions" ("table_name", "team_id", "version", "row_count") VALUES ('indications', NEW."team_id", 1, 1)
    ON CONFLICT ("table_name", "team_id") DO UPDATE SET "version" = "version" + 1, "row_count" = "row_count" + excluded."row_count";
END;
CREATE TRIGGER "indications_team_version_update" AFTER UPDATE ON "indications" BEGIN
  INSERT INTO "team_table_versions" ("table_name", "team_id", "version", "row_count") VALUES ('indications', NEW."team_id", 1, CASE WHEN OLD."team_id" <> NEW."team_id" THEN 1 ELSE 0 END)
    ON CONFLICT ("table_name", "team_id") DO UPDATE SET "version" = "version" + 1, "row_count" = "row_count" + excluded."row_count";
  INSERT INTO "team_table_versions" ("table_name", "team_id", "version", "row_count") SELECT 'indications', OLD."team_id", 1, -1 WHERE OLD."team_id" <> NEW."team_id"
    ON CONFLICT ("table_name", "team_id") DO UPDATE SET "version" = "version" + 1, "row_count" = "row_count" + excluded."row_count";
END;
CREATE TRIGGER "indications_team_version_delete" AFTER DELETE ON "indications" BEGIN
  INSERT INTO "team_table_versions" ("table_name", "team_id", "version", "row_count") VALUES ('indications', OLD."team_id", 1, -1)
    ON CONFLICT ("table_name", "team_id") DO UPDATE SET "version" = "version" + 1, "row_count" = "row_count" + excluded."row_count";
END;
DROP TRIGGER "trades_team_version_insert";
DROP TRIGGER "trades_team_version_update";
DROP TRIGGER "trades_team_version_delete";
CREATE TRIGGER "trades_team_version_insert" AFTER INSERT ON "trades" BEGIN
  INSERT INTO "team_table_versions" ("table_name", "team_id", "version", "row_count") VALUES ('trades', NEW."team_id", 1, 1)
    ON CONFLICT ("table_name", "team_id") DO UPDATE SET "version" = "version" + 1, "row_count" = "row_count" + excluded."row_count";
END;
CREATE TRIGGER "trades_team_version_update" AFTER UPDATE ON "trades" BEGIN
  INSERT INTO "team_table_versions" ("table_name", "team_id", "version", "row_count") VALUES ('trades', NEW."team_id", 1, CASE WHEN OLD."team_id" <> NEW."team_id" THEN 1 ELSE 0 END)
    ON CONFLICT ("table_name", "team_id") DO UPDATE SET "version" = "version" + 1, "row_count" = "row_count" + excluded."row_count";
  INSERT INTO "team_table_versions" ("table_name", "team_id", "version", "row_count") SELECT 'trades', OLD."team_id", 1, -1 WHERE OLD."team_id" <> NEW."team_id"
    ON CONFLICT ("table_name", "team_id") DO UPDATE SET "version" = "version" + 1, "row_count" = "row_count" + excluded."row_count";
END;
CREATE TRIGGER "trades_team_version_delete" AFTER DELETE ON "trades" BEGIN
  INSERT INTO "team_table_versions" ("table_name", "team_id", "version", "row_count") VALUES ('trades', OLD."team_id", 1, -1)
    ON CONFLICT ("table_name", "team_id") DO UPDATE SET "version" = "version" + 1, "row_count" = "row_count" + excluded."row_count";
END;

UPDATE "team_table_versions" SET "row_count" = 0, "version" = "version" + 1 WHERE "table_name" = 'indications';
INSERT INTO "team_table_versions" ("table_name", "team_id", "version", "row_count")
  SELECT 'indications', "team_id", 1, count(*) FROM "indications" WHERE true GROUP BY "team_id"
  ON CONFLICT ("table_name", "team_id") DO UPDATE SET "version" = "team_table_versions"."version" + 1, "row_count" = excluded."row_count";
UPDATE "team_table_versions" SET "row_count" = 0, "version" = "version" + 1 WHERE "table_name" = 'trades';
INSERT INTO "team_table_versions" ("table_name", "team_id", "version", "row_count")
  SELECT 'trades', "team_id", 1, count(*) FROM "trades" WHERE true GROUP BY "team_id"
  ON CONFLICT ("table_name", "team_id") DO UPDATE SET "version" = "team_table_versions"."version" + 1, "row_count" = excluded."row_count";
