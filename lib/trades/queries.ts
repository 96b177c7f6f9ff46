import { buildJsonPage, type JsonPage } from "../api/pagination";
import { confirmCaller, type Caller } from "../auth/caller";
import { getDb, getDbKind, sqlRunner } from "../db/client";
import { listCacheFor, runPage, tradePageInput } from "../db/list-sql";
import type { Trade, TradeListQuery } from "./schema";

/**
 * GET /my/trades: the caller's team's trades (team scope first: no filter can widen it), ordered
 * by the sort column then id. One SQL statement per page with a version-checked cached count
 * (lib/db/list-sql.ts; why: docs/performance.md).
 */
export async function listTrades(caller: Caller, query: TradeListQuery): Promise<JsonPage<Trade>> {
  const db = getDb();
  const page = await runPage(sqlRunner(db), listCacheFor(db), tradePageInput(getDbKind(), caller.teamId, query));
  confirmCaller(caller, page.authVersion);
  return buildJsonPage(page.itemsJson, query, page.total);
}
