import { buildPage, pageOffset, type Page } from "../api/pagination";
import type { Caller } from "../auth/caller";
import { getDb } from "../db/client";
import { between, compact, oneOf, orderByOf } from "../db/filters";
import { ISSUER_SELECT } from "../domain/issuer";
import type { Trade, TradeListQuery, TradeSortField } from "./schema";
import { serializeTrade } from "./serializer";

const SORT_COLUMNS: Record<TradeSortField, string> = {
  created_at: "createdAt",
  updated_at: "updatedAt",
  sign_date: "signDate",
  won_date: "wonDate",
  price_per_share: "pricePerShare",
  volume: "volume",
};

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

/** GET /my/trades: the caller's team's trades. */
export async function listTrades(caller: Caller, query: TradeListQuery): Promise<Page<Trade>> {
  const db = getDb();
  const where = tradeWhere(caller, query);
  const [rows, total] = await Promise.all([
    db.trade.findMany({
      where,
      orderBy: orderByOf(query.sort, SORT_COLUMNS),
      skip: pageOffset(query),
      take: query.per_page,
      include: { issuer: ISSUER_SELECT },
    }),
    db.trade.count({ where }),
  ]);
  return buildPage(rows.map(serializeTrade), query, total);
}
