-- A redelivery of a time range per webhook endpoint (POST /my/webhooks/{id}/redeliver,
-- lib/webhooks/replay.ts): the range, its own cursor over the team's audit events, and its retry
-- state. The endpoint's delivered_seq is not touched by it.
-- AlterTable
ALTER TABLE "webhook_endpoints" ADD COLUMN "replay_since" DATETIME;
ALTER TABLE "webhook_endpoints" ADD COLUMN "replay_until" DATETIME;
ALTER TABLE "webhook_endpoints" ADD COLUMN "replay_after_seq" INTEGER;
ALTER TABLE "webhook_endpoints" ADD COLUMN "replay_through_seq" INTEGER;
ALTER TABLE "webhook_endpoints" ADD COLUMN "replay_attempts" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "webhook_endpoints" ADD COLUMN "replay_next_attempt_at" DATETIME;
