-- DropIndex
DROP INDEX "indications_team_id_updated_at_id_idx";

-- DropIndex
DROP INDEX "indications_team_id_issuer_id_updated_at_id_idx";

-- DropIndex
DROP INDEX "indications_team_id_side_stage_updated_at_id_idx";

-- DropIndex
DROP INDEX "indications_team_id_stage_updated_at_id_idx";

-- DropIndex
DROP INDEX "trades_team_id_sign_date_id_idx";

-- DropIndex
DROP INDEX "trades_team_id_is_verified_sign_date_id_idx";

-- DropIndex
DROP INDEX "trades_team_id_issuer_id_sign_date_id_idx";

-- CreateIndex
CREATE INDEX "indications_team_id_updated_at_id_idx" ON "indications"("team_id", "updated_at" DESC, "id");

-- CreateIndex
CREATE INDEX "indications_team_id_issuer_id_updated_at_id_idx" ON "indications"("team_id", "issuer_id", "updated_at" DESC, "id");

-- CreateIndex
CREATE INDEX "indications_team_id_side_stage_updated_at_id_idx" ON "indications"("team_id", "side", "stage", "updated_at" DESC, "id");

-- CreateIndex
CREATE INDEX "indications_team_id_stage_updated_at_id_idx" ON "indications"("team_id", "stage", "updated_at" DESC, "id");

-- CreateIndex
CREATE INDEX "trades_team_id_sign_date_id_idx" ON "trades"("team_id", "sign_date" DESC, "id");

-- CreateIndex
CREATE INDEX "trades_team_id_is_verified_sign_date_id_idx" ON "trades"("team_id", "is_verified", "sign_date" DESC, "id");

-- CreateIndex
CREATE INDEX "trades_team_id_issuer_id_sign_date_id_idx" ON "trades"("team_id", "issuer_id", "sign_date" DESC, "id");

