-- The company search (GET /companies?q=) found its candidates in companies_search and then read
-- each candidate's company_id back from the FTS5 table, a lookup in its content table through the
-- virtual-table interface for every match (~0.5 µs each, a third of the statement for "north").
-- Now the trigram index answers a MATCH with rowids alone, and company_search_keys turns a rowid
-- into the company's id through an ordinary integer primary key (docs/performance.md, step 21).
-- The key is our own INTEGER PRIMARY KEY, so VACUUM keeps it (it may renumber the implicit rowids
-- of companies, which is why the index is not keyed by those).

DROP TRIGGER "companies_search_insert";
DROP TRIGGER "companies_search_update";
DROP TRIGGER "companies_search_delete";
DROP TABLE "companies_search";

CREATE TABLE "company_search_keys" (
    "key" INTEGER NOT NULL PRIMARY KEY,
    "company_id" TEXT NOT NULL
);
CREATE UNIQUE INDEX "company_search_keys_company_id_key" ON "company_search_keys"("company_id");

-- The index's rowid is the company's key.
CREATE VIRTUAL TABLE "companies_search" USING fts5("search_text", tokenize = 'trigram');

INSERT INTO "company_search_keys" ("company_id") SELECT "id" FROM "companies";
INSERT INTO "companies_search" ("rowid", "search_text")
  SELECT k."key", c."search_text" FROM "company_search_keys" k JOIN "companies" c ON c."id" = k."company_id";
-- One b-tree segment instead of the several a bulk insert leaves: "north" 64 -> 25 µs to match.
INSERT INTO "companies_search" ("companies_search") VALUES ('optimize');

-- An INSERT OR REPLACE removes the row it replaces without firing the delete trigger, and its
-- conflict policy carries into these statements: what the old row left is removed first, so a
-- stale index row can never hold a key that a later company gets.
CREATE TRIGGER "companies_search_insert" AFTER INSERT ON "companies" BEGIN
  DELETE FROM "companies_search" WHERE "rowid" IN (SELECT "key" FROM "company_search_keys" WHERE "company_id" = new."id");
  DELETE FROM "company_search_keys" WHERE "company_id" = new."id";
  INSERT INTO "company_search_keys" ("company_id") VALUES (new."id");
  INSERT INTO "companies_search" ("rowid", "search_text")
    SELECT "key", new."search_text" FROM "company_search_keys" WHERE "company_id" = new."id";
END;

CREATE TRIGGER "companies_search_update" AFTER UPDATE OF "id", "search_text" ON "companies" BEGIN
  UPDATE "company_search_keys" SET "company_id" = new."id" WHERE "company_id" = old."id";
  DELETE FROM "companies_search" WHERE "rowid" = (SELECT "key" FROM "company_search_keys" WHERE "company_id" = new."id");
  INSERT INTO "companies_search" ("rowid", "search_text")
    SELECT "key", new."search_text" FROM "company_search_keys" WHERE "company_id" = new."id";
END;

CREATE TRIGGER "companies_search_delete" AFTER DELETE ON "companies" BEGIN
  DELETE FROM "companies_search" WHERE "rowid" = (SELECT "key" FROM "company_search_keys" WHERE "company_id" = old."id");
  DELETE FROM "company_search_keys" WHERE "company_id" = old."id";
END;
