-- CreateIndex
CREATE INDEX "indications_team_id_structure_updated_at_id_idx" ON "indications"("team_id", "structure", "updated_at" DESC, "id");

-- CreateIndex
CREATE INDEX "trades_team_id_structure_sign_date_id_idx" ON "trades"("team_id", "structure", "sign_date" DESC, "id");
