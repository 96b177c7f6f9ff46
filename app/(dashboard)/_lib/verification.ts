import { cache } from "react";
import { type JsonPage } from "@/lib/schema/pagination";
import { readPage } from "@/lib/schema/read-page";
import type { Caller } from "@/lib/auth/caller";
import { opsTradeList } from "@/lib/trades/queries";
import { opsTradeListParamsSchema, type TradeWithTeam } from "@/lib/trades/schema";
import { parseQuery } from "@/lib/schema/params";

/**
 * The marketplace team's verification queue: GET /ops/trades's list (lib/trades/queries.ts
 * opsTradeList, which refuses anyone without trades_verify) with the queue's defaults: waiting
 * (unverified) trades, oldest sign date first. `is_verified=all` shows every trade.
 */
function queueQuery(query: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(query);
  const verified = next.get("is_verified");
  if (verified === null) next.set("is_verified", "false");
  else if (verified === "all") next.delete("is_verified");
  if (!next.has("sort")) next.set("sort", "sign_date");
  return next;
}

export function parseQueueParams(query: URLSearchParams) {
  return parseQuery(opsTradeListParamsSchema, queueQuery(query));
}

export function readQueue(caller: Caller, query: Parameters<typeof opsTradeList>[1]): Promise<JsonPage<TradeWithTeam>> {
  return readPage(opsTradeList(caller, query), query);
}

/** How many trades wait for verification, every team (the navigation's badge); null for others. */
export const waitingCount = cache(async (caller: Caller): Promise<number | null> => {
  if (!caller.permissions.includes("trades_verify")) return null;
  const parsed = parseQueueParams(new URLSearchParams({ per_page: "1" }));
  if (!parsed.ok) throw parsed.error;
  return (await readQueue(caller, parsed.value)).total_count;
});
