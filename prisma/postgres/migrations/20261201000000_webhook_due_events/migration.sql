-- The webhook worker reads only endpoints with an event due (lib/webhooks/due.ts): an event of
-- the endpoint's team after its cursor whose action its types select. One seek per selected
-- action, instead of every event after the cursor of an endpoint of rare types in a busy team.
-- CreateIndex
CREATE INDEX "audit_events_team_id_action_seq_idx" ON "audit_events"("team_id", "action", "seq");
