-- GET /companies?q= is a substring search (LIKE '%term%') over companies.search_text, which no
-- B-tree can serve: every request read all 10,000 names. A trigram GIN index serves LIKE with a
-- term of three or more characters directly. pg_trgm ships with PostgreSQL and is a trusted
-- extension (PostgreSQL 13+): the database's owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "companies_search_text_trgm_idx" ON "companies" USING gin ("search_text" gin_trgm_ops);
