import { buildPage, type Page } from "../api/pagination";
import type { Caller } from "../auth/caller";
import { getDb, getDbKind } from "../db/client";
import { between, compact, oneOf } from "../db/filters";
import { countCacheFor, prismaRunner, runPage, toTradeRow, tradePageInput } from "../db/list-sql";
import type { Trade, TradeListQuery } from "./schema";
import { serializeTrade } from "./serializer";

/** The caller's team scope comes first and is not negotiable: no filter can widen it. */
export function tradeWhere(caller: Caller, query: TradeListQuery) {
  return {
    teamId: caller.teamId,
    ...compact({
      isVerified: query.is_verified,
      structure: oneOf(query.structure),
      stockType: oneOf(query.stock_type),
      stockClassType: oneOf(query.stock_class_type),
      issuerId: query.issuer_id,
      signDate: between(query.sign_date_from, query.sign_date_to),
      wonDate: between(query.won_date_from, query.won_date_to),
      updatedAt: query.updated_since ? { gte: query.updated_since } : undefined,
      pricePerShare: between(query.price_min, query.price_max),
      volume: between(query.volume_min, query.volume_max),
    }),
  };
}

/**
 * GET /my/trades: the caller's team's trades. The same filters as tradeWhere() and the same
 * order (sort column, then id ascending), run as one SQL statement per page with a
 * version-checked cached count (lib/db/list-sql.ts; why: docs/performance.md).
 */
export async function listTrades(caller: Caller, query: TradeListQuery): Promise<Page<Trade>> {
  const db = getDb();
  const page = await runPage<Record<string, unknown>>(prismaRunner(db), countCacheFor(db), tradePageInput(getDbKind(), caller.teamId, query));
  return buildPage(page.rows.map((row) => serializeTrade(toTradeRow(row))), query, page.total);
}
