import "server-only";
import { pageWindow, type JsonPage } from "../schema/pagination";
import { readPage } from "../query/read-page";
import { requirePermission, type Caller } from "../auth/caller";
import { REQUIRES } from "../auth/requirements";
import type { ListQuery } from "../db/page";
import { dealFilters } from "../deals/common";
import { ISSUER_JOIN } from "../domain/issuer";
import type { Conditions } from "../db/sql";
import type { OpsTradeListQuery, Trade, TradeListQuery, TradeSortField, TradeWithTeam } from "./schema";
import { OPS_TRADE_FIELDS, TRADE_FIELDS } from "./serializer";

/** The column each sort field orders by (each has a (team_id, column, id) index). */
const SORT_COLUMNS: Record<TradeSortField, string> = {
  created_at: "created_at",
  updated_at: "updated_at",
  sign_date: "sign_date",
  won_date: "won_date",
  price_per_share: "price_per_share",
  volume: "volume",
};

/** The trade filters, any team. */
function tradeConditions(query: TradeListQuery): (w: Conditions) => void {
  return (w) => {
    w.is("t.is_verified", query.is_verified);
    w.equals("t.user_id", query.user_id);
    w.oneOf("t.structure", query.structure);
    w.between("t.sign_date", query.sign_date_from, query.sign_date_to);
    w.between("t.won_date", query.won_date_from, query.won_date_to);
    dealFilters(w, query);
  };
}

/** Which of the team's trades a query selects: the rows the review totals (tradeList's rows). */
export function tradeFilters(teamId: string, query: TradeListQuery): (w: Conditions) => void {
  return (w) => {
    // The caller's team scope comes first and is not negotiable: no filter can widen it.
    w.equals("t.team_id", teamId);
    tradeConditions(query)(w);
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
    dependsOn: ["companies"],
    // The caller's team scope is the engine's first condition; no filter can widen it.
    team: teamId,
    genericPlan: true,
    where: tradeConditions(query),
    order: { column: SORT_COLUMNS[query.sort.field], direction: query.sort.direction },
    ...pageWindow(query),
  };
}

/** GET /my/trades: one statement per page, with a cached count while the table is unchanged. */
export async function listTrades(caller: Caller, query: TradeListQuery): Promise<JsonPage<Trade>> {
  return readPage(tradeList(caller.teamId, query), query);
}

const TEAM_JOIN = "JOIN teams team ON team.id = t.team_id";

/**
 * GET /ops/trades, for the marketplace team: every team's trades (or one team's), the trade
 * filters, by sign date (the (is_verified, sign_date) and (sign_date) indexes serve it).
 */
export function opsTradeList(caller: Caller, query: OpsTradeListQuery): ListQuery<TradeWithTeam> {
  requirePermission(caller, REQUIRES.listEveryTeamsTrades);
  return {
    table: "trades",
    fields: OPS_TRADE_FIELDS,
    join: `${ISSUER_JOIN} ${TEAM_JOIN}`,
    // The team names: teams are counted under `auth` (migration 20261126020000_auth_version).
    dependsOn: ["companies", "auth"],
    where: (w) => {
      w.equals("t.team_id", query.team_id);
      tradeConditions(query)(w);
    },
    order: { column: "sign_date", direction: query.sort.direction },
    ...pageWindow(query),
  };
}
