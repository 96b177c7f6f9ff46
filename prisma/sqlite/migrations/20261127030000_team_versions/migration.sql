-- Per-team change counters (lib/db/page.ts ListQuery.team): a team's lists keep their cached counts
-- and page starts under their team's counter, so a write of one team no longer invalidates every
-- team's (docs/performance.md, "Writes"). The table-wide counters stay for lists of every team.

-- CreateTable
CREATE TABLE "team_table_versions" (
    "table_name" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,

    PRIMARY KEY ("table_name", "team_id")
);

-- Hand-written (Prisma cannot express triggers): every row written bumps its team's counter (both
-- teams when an update moves a row).
CREATE TRIGGER "indications_team_version_insert" AFTER INSERT ON "indications" BEGIN
  INSERT INTO "team_table_versions" ("table_name", "team_id", "version") VALUES ('indications', NEW."team_id", 1)
    ON CONFLICT ("table_name", "team_id") DO UPDATE SET "version" = "version" + 1;
END;
CREATE TRIGGER "indications_team_version_update" AFTER UPDATE ON "indications" BEGIN
  INSERT INTO "team_table_versions" ("table_name", "team_id", "version") VALUES ('indications', NEW."team_id", 1)
    ON CONFLICT ("table_name", "team_id") DO UPDATE SET "version" = "version" + 1;
  INSERT INTO "team_table_versions" ("table_name", "team_id", "version") SELECT 'indications', OLD."team_id", 1 WHERE OLD."team_id" <> NEW."team_id"
    ON CONFLICT ("table_name", "team_id") DO UPDATE SET "version" = "version" + 1;
END;
CREATE TRIGGER "indications_team_version_delete" AFTER DELETE ON "indications" BEGIN
  INSERT INTO "team_table_versions" ("table_name", "team_id", "version") VALUES ('indications', OLD."team_id", 1)
    ON CONFLICT ("table_name", "team_id") DO UPDATE SET "version" = "version" + 1;
END;
CREATE TRIGGER "trades_team_version_insert" AFTER INSERT ON "trades" BEGIN
  INSERT INTO "team_table_versions" ("table_name", "team_id", "version") VALUES ('trades', NEW."team_id", 1)
    ON CONFLICT ("table_name", "team_id") DO UPDATE SET "version" = "version" + 1;
END;
CREATE TRIGGER "trades_team_version_update" AFTER UPDATE ON "trades" BEGIN
  INSERT INTO "team_table_versions" ("table_name", "team_id", "version") VALUES ('trades', NEW."team_id", 1)
    ON CONFLICT ("table_name", "team_id") DO UPDATE SET "version" = "version" + 1;
  INSERT INTO "team_table_versions" ("table_name", "team_id", "version") SELECT 'trades', OLD."team_id", 1 WHERE OLD."team_id" <> NEW."team_id"
    ON CONFLICT ("table_name", "team_id") DO UPDATE SET "version" = "version" + 1;
END;
CREATE TRIGGER "trades_team_version_delete" AFTER DELETE ON "trades" BEGIN
  INSERT INTO "team_table_versions" ("table_name", "team_id", "version") VALUES ('trades', OLD."team_id", 1)
    ON CONFLICT ("table_name", "team_id") DO UPDATE SET "version" = "version" + 1;
END;
