-- The marks updater reads a company's inputs (lib/marks/inputs.ts: its verified trades and its
-- orders that are not private) after each write to its tape or book; on SQLite that read runs on
-- the server's one thread, and looking each row up in the table was most of it (~2 ms a company
-- on the large set). The market's two indexes of a company now carry the columns it reads, so it
-- reads the indexes alone (docs/performance.md, "Writes"); the market's own reads keep their order.

-- DropIndex
DROP INDEX "indications_market_book_idx";

-- DropIndex
DROP INDEX "trades_market_tape_idx";

-- CreateIndex
CREATE INDEX "indications_market_book_idx" ON "indications"("issuer_id", "stage", "side", "price_per_share", "updated_at", "id", "visibility", "volume", "structure", "acceptable_structures", "stock_class_type", "opened_at", "last_refreshed_at");

-- CreateIndex
CREATE INDEX "trades_market_tape_idx" ON "trades"("issuer_id", "is_verified", "sign_date" DESC, "id", "price_per_share", "volume", "structure", "stock_class_type");

-- The new indexes' statistics, as 20261126050000_side_order_index explains (a new database has no
-- rows and gathers nothing).
PRAGMA analysis_limit = 2000;
ANALYZE "indications";
ANALYZE "trades";
