-- A new or changed open order asks whether each pair it crosses was told of already
-- (possible_match, lib/notifications/matches.ts) by the orders' ids: a seek on (resource_id, kind),
-- not a walk of every notification (a create on the large set: 54 ms of its 108 ms of CPU).
-- CreateIndex
CREATE INDEX "notifications_resource_id_kind_idx" ON "notifications"("resource_id", "kind");
