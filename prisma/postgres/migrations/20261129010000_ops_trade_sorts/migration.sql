-- Issue 30: GET /ops/trades sorts every team's trades in each order GET /my/trades takes, and by
-- team (lib/trades/queries.ts SORT_COLUMNS). Without a team there is no (team_id, …) index to
-- walk, so each order gets its (column, id) index and no page sorts every team's trades.

-- CreateIndex
CREATE INDEX "trades_won_date_id_idx" ON "trades"("won_date", "id");

-- CreateIndex
CREATE INDEX "trades_created_at_id_idx" ON "trades"("created_at", "id");

-- CreateIndex
CREATE INDEX "trades_updated_at_id_idx" ON "trades"("updated_at", "id");

-- CreateIndex
CREATE INDEX "trades_price_per_share_id_idx" ON "trades"("price_per_share", "id");

-- CreateIndex
CREATE INDEX "trades_volume_id_idx" ON "trades"("volume", "id");

-- CreateIndex
CREATE INDEX "trades_team_id_id_idx" ON "trades"("team_id", "id");
