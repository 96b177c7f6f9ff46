-- Webhook endpoints of a team and their delivery log (lib/webhooks/, docs/api.md "Webhooks").
-- The endpoint's row holds its cursor over the team's audit events, its retry state and its
-- lease; the index on (team_id, created_at) serves the team's list.
-- CreateTable
CREATE TABLE "webhook_endpoints" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "team_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "events" TEXT NOT NULL,
    "description" TEXT,
    "secret_sealed" TEXT NOT NULL,
    "previous_secret_sealed" TEXT,
    "previous_secret_until" DATETIME,
    "delivered_seq" INTEGER NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "first_attempt_at" DATETIME,
    "next_attempt_at" DATETIME,
    "failing_since" DATETIME,
    "disabled_at" DATETIME,
    "disabled_reason" TEXT,
    "lease_owner" TEXT,
    "lease_until" DATETIME,
    "created_at" DATETIME NOT NULL,
    "updated_at" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "endpoint_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "event_seq" INTEGER NOT NULL,
    "attempt" INTEGER NOT NULL,
    "trigger" TEXT NOT NULL,
    "status_code" INTEGER,
    "error" TEXT,
    "duration_ms" INTEGER NOT NULL,
    "response_snippet" TEXT,
    "succeeded" BOOLEAN NOT NULL,
    "attempted_at" DATETIME NOT NULL,
    CONSTRAINT "webhook_deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoints" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "webhook_endpoints_team_id_created_at_idx" ON "webhook_endpoints"("team_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_attempted_at_idx" ON "webhook_deliveries"("endpoint_id", "attempted_at");
