import { buildJsonPage, pageWindow, type JsonPage } from "../api/pagination";
import type { Caller } from "../auth/caller";
import { getEngine } from "../db/client";
import { runPage, type ListQuery } from "../db/page";
import { dealFilters } from "../deals/common";
import { ISSUER_JOIN } from "../domain/issuer";
import type { Conditions } from "../db/sql";
import type { Trade, TradeListQuery, TradeSortField } from "./schema";
import { TRADE_FIELDS } from "./serializer";

/** The column each sort field orders by (each has a (team_id, column, id) index). */
const SORT_COLUMNS: Record<TradeSortField, string> = {
  created_at: "created_at",
  updated_at: "updated_at",
  sign_date: "sign_date",
  won_date: "won_date",
  price_per_share: "price_per_share",
  volume: "volume",
};

/** Which of the team's trades a query selects: the list's rows, and the rows the review totals. */
export function tradeFilters(teamId: string, query: TradeListQuery): (w: Conditions) => void {
  return (w) => {
    // The caller's team scope comes first and is not negotiable: no filter can widen it.
    w.equals("t.team_id", teamId);
    w.is("t.is_verified", query.is_verified);
    w.oneOf("t.structure", query.structure);
    w.between("t.sign_date", query.sign_date_from, query.sign_date_to);
    w.between("t.won_date", query.won_date_from, query.won_date_to);
    dealFilters(w, query);
  };
}

/**
 * The list behind GET /my/trades and the /trades and /review pages: the team's trades with every
 * filter, in the sort's order then by id. Pure, like indicationList.
 */
export function tradeList(teamId: string, query: TradeListQuery): ListQuery<Trade> {
  return {
    table: "trades",
    fields: TRADE_FIELDS,
    join: ISSUER_JOIN,
    genericPlan: true,
    where: tradeFilters(teamId, query),
    order: { column: SORT_COLUMNS[query.sort.field], direction: query.sort.direction },
    ...pageWindow(query),
  };
}

/** GET /my/trades: one statement per page, with a cached count while the table is unchanged. */
export async function listTrades(caller: Caller, query: TradeListQuery): Promise<JsonPage<Trade>> {
  const page = await runPage(getEngine(), tradeList(caller.teamId, query), caller.freshness);
  return buildJsonPage(page.itemsJson, query, page.total);
}
