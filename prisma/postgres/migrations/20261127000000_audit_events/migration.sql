-- The audit trail of the write side (lib/audit/events.ts): one row per change of an indication or
-- a trade, written in the change's transaction and never updated. seq orders a team's events
-- (GET /my/events); (resource_id, seq) serves a resource's history.

-- CreateTable
CREATE TABLE "audit_events" (
    "seq" SERIAL NOT NULL,
    "id" TEXT NOT NULL,
    "team_id" TEXT NOT NULL,
    "occurred_at" TIMESTAMP(3) NOT NULL,
    "action" TEXT NOT NULL,
    "resource_type" TEXT NOT NULL,
    "resource_id" TEXT NOT NULL,
    "actor_user_id" TEXT NOT NULL,
    "actor_name" TEXT NOT NULL,
    "actor_email" TEXT NOT NULL,
    "via" TEXT NOT NULL,
    "api_key_prefix" TEXT,
    "changes" TEXT NOT NULL,
    "reason" TEXT,

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("seq")
);

-- CreateIndex
CREATE UNIQUE INDEX "audit_events_id_key" ON "audit_events"("id");

-- CreateIndex
CREATE INDEX "audit_events_team_id_seq_idx" ON "audit_events"("team_id", "seq");

-- CreateIndex
CREATE INDEX "audit_events_resource_id_seq_idx" ON "audit_events"("resource_id", "seq");
