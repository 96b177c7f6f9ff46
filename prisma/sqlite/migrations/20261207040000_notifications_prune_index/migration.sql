-- Every read and write of notifications names its user (lib/notifications/queries.ts, record.ts),
-- so the indexes that lead with user_id serve them all; the index on created_at alone served none,
-- and each notification written took a page of it into its commit (docs/performance-decisions.md,
-- "Time-ordered ids").

-- DropIndex
DROP INDEX "notifications_created_at_idx";
