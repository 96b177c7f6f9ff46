-- GET /my/indications?side=bid: the (team, side, stage, updated_at) index could not give the side's
-- rows in updated_at order without stage fixed, so a side filter read the team's default-order
-- index and checked each row's side in the table (SQLite), and PostgreSQL re-planned every call
-- because its generic plan for that shape looked costly (docs/performance.md, step 20). Stage moves
-- behind the order: the side's rows come in order, and a stage filter or count on top of the side
-- is still answered from the index alone.

-- DropIndex
DROP INDEX "indications_team_id_side_stage_updated_at_id_idx";

-- CreateIndex
CREATE INDEX "indications_team_id_side_updated_at_id_stage_idx" ON "indications"("team_id", "side", "updated_at" DESC, "id", "stage");

-- A database whose statistics were gathered (the large data set) would otherwise plan with real
-- statistics for the other indexes and made-up ones for the new index, which then looks
-- selective enough to win plans it should not (measured: the unfiltered first page sorted the
-- team's rows, 15 ms instead of 0.14 ms). A table without rows gathers nothing, so a new database
-- stays without statistics, as before. A sample of each index, as the large seed gathers them.
PRAGMA analysis_limit = 2000;
ANALYZE "indications";
