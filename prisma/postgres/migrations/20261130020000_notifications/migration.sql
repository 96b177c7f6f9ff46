-- Notifications of one user each (lib/notifications/), written in the transaction of the change
-- they tell of. (user_id, seq) serves a user's list newest first and the stream's catch-up;
-- (user_id, read_at) the unread count; created_at the 90-day sweep.
-- CreateTable
CREATE TABLE "notifications" (
    "seq" SERIAL NOT NULL,
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "company_id" TEXT NOT NULL,
    "resource_type" TEXT NOT NULL,
    "resource_id" TEXT NOT NULL,
    "audit_event_id" TEXT NOT NULL,
    "data" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "read_at" TIMESTAMP(3),

    CONSTRAINT "notifications_pkey" PRIMARY KEY ("seq")
);

-- CreateIndex
CREATE UNIQUE INDEX "notifications_id_key" ON "notifications"("id");

-- CreateIndex
CREATE INDEX "notifications_user_id_seq_idx" ON "notifications"("user_id", "seq");

-- CreateIndex
CREATE INDEX "notifications_user_id_read_at_idx" ON "notifications"("user_id", "read_at");

-- CreateIndex
CREATE INDEX "notifications_created_at_idx" ON "notifications"("created_at");
