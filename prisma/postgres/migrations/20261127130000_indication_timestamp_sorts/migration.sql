-- Issue 15: GET /my/indications sorts by opened_at and last_refreshed_at too (lib/indications/
-- queries.ts SORT_COLUMNS); each sort walks a (team, column, id) index, so deep pages seek.

-- CreateIndex
CREATE INDEX "indications_team_id_opened_at_id_idx" ON "indications"("team_id", "opened_at", "id");

-- CreateIndex
CREATE INDEX "indications_team_id_last_refreshed_at_id_idx" ON "indications"("team_id", "last_refreshed_at", "id");
