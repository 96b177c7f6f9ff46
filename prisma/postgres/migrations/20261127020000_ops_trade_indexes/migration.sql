-- GET /ops/trades (the marketplace team's list of every team's trades, lib/trades/queries.ts):
-- by sign date without a team, and the verification queue (unverified, oldest first).

-- CreateIndex
CREATE INDEX "trades_sign_date_id_idx" ON "trades"("sign_date" DESC, "id");

-- CreateIndex
CREATE INDEX "trades_is_verified_sign_date_id_idx" ON "trades"("is_verified", "sign_date" DESC, "id");
