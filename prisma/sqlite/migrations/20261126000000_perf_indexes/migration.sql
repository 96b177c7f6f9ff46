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
    "name" TEXT NOT NULL PRIMARY KEY,
    "version" BIGINT NOT NULL DEFAULT 0
);

-- Hand-written (Prisma cannot express triggers): the change counters behind the cached counts of
-- lib/db/list-sql.ts. Every insert, update or delete of a listed table bumps its version, so a
-- count cached with an older version is never served.
INSERT INTO "table_versions" ("name", "version") VALUES ('indications', 0), ('trades', 0), ('companies', 0);

CREATE TRIGGER "indications_version_insert" AFTER INSERT ON "indications" BEGIN UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = 'indications'; END;
CREATE TRIGGER "indications_version_update" AFTER UPDATE ON "indications" BEGIN UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = 'indications'; END;
CREATE TRIGGER "indications_version_delete" AFTER DELETE ON "indications" BEGIN UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = 'indications'; END;
CREATE TRIGGER "trades_version_insert" AFTER INSERT ON "trades" BEGIN UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = 'trades'; END;
CREATE TRIGGER "trades_version_update" AFTER UPDATE ON "trades" BEGIN UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = 'trades'; END;
CREATE TRIGGER "trades_version_delete" AFTER DELETE ON "trades" BEGIN UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = 'trades'; END;
CREATE TRIGGER "companies_version_insert" AFTER INSERT ON "companies" BEGIN UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = 'companies'; END;
CREATE TRIGGER "companies_version_update" AFTER UPDATE ON "companies" BEGIN UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = 'companies'; END;
CREATE TRIGGER "companies_version_delete" AFTER DELETE ON "companies" BEGIN UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = 'companies'; END;
