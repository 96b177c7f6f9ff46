-- A write no longer prunes each recipient's expired notifications (a seek and a page of this index
-- per recipient, in every commit); expired rows are deleted by age, at most once a minute per
-- process (lib/notifications/record.ts, docs/performance-decisions.md "Notifications by age").
-- An index on created_at alone grows at its end: one page a commit, whoever is told.

-- DropIndex
DROP INDEX "notifications_user_id_created_at_idx";

-- CreateIndex
CREATE INDEX "notifications_created_at_idx" ON "notifications"("created_at");
