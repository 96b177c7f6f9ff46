import { cache } from "react";
import { parsePage, type JsonPage } from "@/lib/schema/pagination";
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

/** The other party's trade of a deal's close, as a queue row names it. */
export interface Twin {
  id: string;
  permalink_id: string;
  team: string;
  issuer: string;
  is_verified: boolean;
}

const twinOf = (trade: TradeWithTeam): Twin => ({ id: trade.id, permalink_id: trade.permalink_id, team: trade.team.name, issuer: trade.issuer.name, is_verified: trade.is_verified });

/**
 * Each row's twin, by the row's id: a deal's close records one trade per party, and the queue
 * offers to verify the other once one is. A deal whose two trades are both among the rows needs
 * no read; for the others GET /ops/trades?deal_id= (the same list) reads both, whatever the
 * queue's filters.
 */
export async function twinsOf(caller: Caller, rows: readonly TradeWithTeam[]): Promise<Record<string, Twin>> {
  const byDeal = Map.groupBy(
    rows.filter((row) => row.deal_id !== null),
    (row) => row.deal_id!,
  );
  const closes = await Promise.all(
    [...byDeal].map(async ([dealId, shown]) => {
      if (shown.length === 2) return shown;
      const parsed = parseQuery(opsTradeListParamsSchema, new URLSearchParams({ deal_id: dealId }));
      if (!parsed.ok) throw parsed.error;
      return parsePage(await readQueue(caller, parsed.value)).items;
    }),
  );
  const twins: Record<string, Twin> = {};
  for (const trades of closes) {
    for (const trade of trades) {
      const other = trades.find((candidate) => candidate.id !== trade.id);
      if (other) twins[trade.id] = twinOf(other);
    }
  }
  return twins;
}
