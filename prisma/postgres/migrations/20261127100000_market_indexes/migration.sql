-- The market view of a company (issue 14, lib/market/queries.ts): the order book reads a
-- company's open indications of one side by price; the trade tape and its summary read a
-- company's verified trades by sign date.

-- CreateIndex
CREATE INDEX "indications_market_book_idx" ON "indications"("issuer_id", "stage", "side", "price_per_share", "updated_at", "id");

-- CreateIndex
CREATE INDEX "trades_market_tape_idx" ON "trades"("issuer_id", "is_verified", "sign_date" DESC, "id");
