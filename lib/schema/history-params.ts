import type { z } from "zod";
import { listQuery, pageParams, sortParam } from "./params";
import { timeRange } from "./time-params";

/** When an audit event was recorded: the histories' and the feed's time (lib/audit/events.ts). */
export const OCCURRED = timeRange("occurred_at");

export const DEFAULT_HISTORY_SORT = { field: "occurred_at", direction: "asc" } as const;

/** GET /my/<resources>/{id}/history: a page of the resource's events, by time, filtered by time. */
export const historyParamsSchema = listQuery({
  ...pageParams,
  ...OCCURRED.params,
  sort: sortParam(["occurred_at"], DEFAULT_HISTORY_SORT),
});
export type HistoryQuery = z.output<typeof historyParamsSchema>;
