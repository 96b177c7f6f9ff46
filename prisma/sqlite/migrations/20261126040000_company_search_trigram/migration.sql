-- GET /companies?q= is a substring search (LIKE '%term%') over companies.search_text, which no
-- B-tree can serve: every request read all 10,000 names. A trigram index finds the candidates
-- (lib/db/list-sql.ts companyPageInput). FTS5 keeps its own copy of the text, keyed by the
-- company's id rather than by rowid (an implicit rowid may change on VACUUM); triggers keep it in
-- step with every write to companies.
CREATE VIRTUAL TABLE "companies_search" USING fts5("search_text", "company_id" UNINDEXED, tokenize = 'trigram');

INSERT INTO "companies_search" ("search_text", "company_id") SELECT "search_text", "id" FROM "companies";

CREATE TRIGGER "companies_search_insert" AFTER INSERT ON "companies" BEGIN
  INSERT INTO "companies_search" ("search_text", "company_id") VALUES (new."search_text", new."id");
END;

CREATE TRIGGER "companies_search_update" AFTER UPDATE OF "id", "search_text" ON "companies" BEGIN
  DELETE FROM "companies_search" WHERE "company_id" = old."id";
  INSERT INTO "companies_search" ("search_text", "company_id") VALUES (new."search_text", new."id");
END;

CREATE TRIGGER "companies_search_delete" AFTER DELETE ON "companies" BEGIN
  DELETE FROM "companies_search" WHERE "company_id" = old."id";
END;
