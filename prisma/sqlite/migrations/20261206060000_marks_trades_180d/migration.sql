-- How many of a mark's data_points_180d are trades (issue 46): the company page says "from 6
-- verified trades and 4 quotes in 180 days", and the quotes are data_points_180d - trades_180d.
-- Written by the rebuild and the updater with the other columns (lib/marks/store.ts, MARK_COLUMNS).
-- The rows already stored get 0, which a count cannot be recovered from (data_points_180d mixes
-- both): `npm run marks:rebuild` recomputes them. Until then the updater writes the right count
-- into every day it carries (the series' stored state keeps its trades) and every mark it
-- recomputes after a write, so today's marks are right from the next UTC day on.
-- AlterTable
ALTER TABLE "marks" ADD COLUMN "trades_180d" INTEGER NOT NULL DEFAULT 0;
