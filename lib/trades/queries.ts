import "server-only";
import { pageWindow, type JsonPage } from "../schema/pagination";
import { readPage } from "../schema/read-page";
import { requirePermission, type Caller } from "../auth/caller";
import { REQUIRES } from "../auth/requirements";
import type { ListQuery } from "../db/list-query";
import { recordFilters } from "../records/common";
import { BROKER_JOIN, ISSUER_JOIN, TEAM_JOIN } from "../records/joins";
import { findRecord, versioned, type RecordSource, type Versioned } from "../records/read";
import type { Filters } from "../db/sql";
import type { Trade as TradeRow } from "../generated/kysely/tables";
import { SIGN_DATE, TRADE_CREATED, WON_DATE, type OpsTradeListQuery, type Trade, type TradeExport, type TradeListQuery, type TradeWithTeam } from "./schema";
import { OPS_TRADE_FIELDS, TRADE_EXPORT_FIELDS, TRADE_FIELDS } from "./serializer";

/** Where a trade is read from, in a list and alone: the one way its JSON is written. */
export const TRADE_SOURCE: RecordSource<Trade, "trades"> = { noun: "trade", table: "trades", fields: TRADE_FIELDS, joins: [ISSUER_JOIN], columns: { team: "team_id" } };

/** A trade with its team, as the marketplace team reads any team's (GET /ops/trades, verify). */
export const OPS_TRADE_SOURCE: RecordSource<TradeWithTeam, "trades"> = { ...TRADE_SOURCE, fields: OPS_TRADE_FIELDS, joins: [ISSUER_JOIN, TEAM_JOIN] };

/** The trade filters, any team. */
function tradeConditions(query: Omit<TradeListQuery, "sort">): (w: Filters<TradeRow>) => void {
  return (w) => {
    w.is("is_verified", query.is_verified);
    w.equals("user_id", query.user_id);
    w.oneOf("structure", query.structure);
    SIGN_DATE.where(w, query);
    WON_DATE.where(w, query);
    TRADE_CREATED.where(w, query);
    recordFilters(w, query);
  };
}

/** Which of the team's trades a query selects: the rows the review totals (tradeList's rows). */
export function tradeFilters(teamId: string, query: TradeListQuery): (w: Filters<TradeRow>) => void {
  return (w) => {
    // The caller's team scope comes first and is not negotiable: no filter can widen it.
    w.equals("team_id", teamId);
    tradeConditions(query)(w);
  };
}

/**
 * The list behind GET /my/trades and the /trades and /review pages: the team's trades with every
 * filter, in the sort's order then by id. Pure, like indicationList.
 */
export function tradeList(teamId: string, query: TradeListQuery): ListQuery<Trade, "trades"> {
  return {
    table: TRADE_SOURCE.table,
    fields: TRADE_SOURCE.fields,
    joins: TRADE_SOURCE.joins,
    dependsOn: ["companies"],
    // The caller's team scope is the engine's first condition; no filter can widen it.
    team: teamId,
    genericPlan: true,
    where: tradeConditions(query),
    // Each sort field is its column, with a (team_id, column, id) index.
    order: { column: query.sort.field, direction: query.sort.direction },
    ...pageWindow(query),
  };
}

/** GET /my/trades.csv: tradeList's rows, each with its broker (a user's name changes bump `auth`). */
export function tradeExportList(teamId: string, query: TradeListQuery): ListQuery<TradeExport, "trades"> {
  return { ...tradeList(teamId, query), fields: TRADE_EXPORT_FIELDS, joins: [...TRADE_SOURCE.joins!, BROKER_JOIN], dependsOn: ["companies", "auth"] };
}

/** GET /my/trades: one statement per page, with a cached count while the table is unchanged. */
export async function listTrades(caller: Caller, query: TradeListQuery): Promise<JsonPage<Trade>> {
  return readPage(tradeList(caller.teamId, query), query);
}

/**
 * GET /ops/trades, for the marketplace team: every team's trades (or one team's), the trade
 * filters, in any of the team list's orders or by team, each served by its (column, id) index.
 */
export function opsTradeList(caller: Caller, query: OpsTradeListQuery): ListQuery<TradeWithTeam, "trades"> {
  requirePermission(caller, REQUIRES.listEveryTeamsTrades);
  return {
    table: OPS_TRADE_SOURCE.table,
    fields: OPS_TRADE_SOURCE.fields,
    joins: OPS_TRADE_SOURCE.joins,
    // The team names: teams are counted under `auth` (migration 20261126020000_auth_version).
    dependsOn: ["companies", "auth"],
    where: (w) => {
      w.equals("team_id", query.team_id);
      w.equals("deal_id", query.deal_id);
      w.present("deal_id", query.from_deal);
      tradeConditions(query)(w);
    },
    // Each sort field is its column, with a (column, id) index (team_id's is (team_id, id)).
    order: { column: query.sort.field, direction: query.sort.direction },
    ...pageWindow(query),
  };
}

/** GET /my/trades/{id}: any member of the team; another team's id is a 404. */
export async function getTrade(caller: Caller, id: string): Promise<Versioned<Trade>> {
  return versioned((await findRecord(TRADE_SOURCE, id, caller.teamId)).item);
}

/** One trade of any team with its team, for the marketplace team: what GET /ops/trades lists, read alone. */
export async function getAnyTeamsTrade(caller: Caller, id: string): Promise<Versioned<TradeWithTeam>> {
  requirePermission(caller, REQUIRES.viewEveryTeamsTrade);
  return versioned((await findRecord(OPS_TRADE_SOURCE, id, null)).item);
}
