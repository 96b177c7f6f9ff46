import { ApiError } from "../api/errors";
import { pageWindow, readPage, type JsonPage } from "../api/pagination";
import { isUuid } from "../api/params";
import { requirePermission, type Caller } from "../auth/caller";
import { companyRow } from "../companies/queries";
import { getEngine } from "../db/client";
import { jsonObjectSql, type ApiFields } from "../db/json-sql";
import { findRow, type Engine, type ListQuery } from "../db/page";
import { SqlWriter } from "../db/sql";
import { fromStoredDecimal, storedToUnits, unitsToDecimal } from "../domain/decimal";
import type { Side } from "../domain/enums";
import type { CompanyTradeListQuery, OrderBook, OrderBookQuery, TapeTrade } from "./schema";
import { BID_FIELDS, OFFER_FIELDS, TAPE_FIELDS } from "./serializer";
import { OWNER_TEAM_JOIN, bookComputedFields, bookRowVisible, tapeComputedFields, viewerOf, type Viewer } from "./visibility";

/** Both market endpoints: a UUID, the `companies` permission, then (by the caller) a known company. */
function checkAccess(caller: Caller, companyId: string): void {
  if (!isUuid(companyId)) throw ApiError.invalid("company_id", "company_id must be a UUID.");
  requirePermission(caller, "companies", "Viewing the market of a company");
}

// ---------------------------------------------------------------------------------------------
// Order book

/** Best price first, then oldest (time priority), then id so the order is total. */
const BOOK_ORDER: Record<Side, string> = {
  bid: "t.price_per_share DESC, t.updated_at ASC, t.id ASC",
  offer: "t.price_per_share ASC, t.updated_at ASC, t.id ASC",
};

/** The open indications of one side the viewer may see. */
function bookWhere(sql: SqlWriter, viewer: Viewer, companyId: string, side: Side): string {
  return `t.issuer_id = ${sql.param(companyId)} AND t.stage = 'open' AND t.side = '${side}' AND ${bookRowVisible(sql, viewer)}`;
}

/** One side's first `depth` entries as the API's JSON array. Written in text order (SQLite's "?" are positional). */
function sideSql<T>(sql: SqlWriter, viewer: Viewer, companyId: string, side: Side, fields: ApiFields<T>, depth: number): string {
  const order = BOOK_ORDER[side];
  const items = sql.dialect.jsonArrayAgg(jsonObjectSql(sql.dialect, fields, bookComputedFields(sql, viewer)), order);
  const rows = `SELECT t.* FROM indications t WHERE ${bookWhere(sql, viewer, companyId, side)} ORDER BY ${order} LIMIT ${depth}`;
  return `(SELECT ${items} FROM (${rows}) t ${OWNER_TEAM_JOIN})`;
}

/** Count and best price of one side, over what the viewer may see. */
function sideStatsSql(sql: SqlWriter, viewer: Viewer, companyId: string, side: Side): string[] {
  const best = side === "bid" ? "max" : "min";
  return [
    `(SELECT count(*) FROM indications t WHERE ${bookWhere(sql, viewer, companyId, side)}) AS "${side}_count"`,
    `(SELECT ${best}(t.price_per_share) FROM indications t WHERE ${bookWhere(sql, viewer, companyId, side)}) AS "best_${side}"`,
  ];
}

type BookRow = { id: string | null; name: string | null; bids: string; offers: string; bid_count: unknown; offer_count: unknown; best_bid: string | null; best_offer: string | null; __c?: unknown };

/**
 * GET /companies/{company_id}/order_book and the company page: both sides of the book in one
 * statement, with the company (404 when unknown) and the caller's freshness check.
 */
export async function getOrderBook(caller: Caller, companyId: string, query: OrderBookQuery, engine: Engine = getEngine()): Promise<OrderBook> {
  checkAccess(caller, companyId);
  const viewer = viewerOf(caller);
  const id = companyId.toLowerCase();
  const sql = new SqlWriter(engine.dialect);
  const columns = [
    `${sideSql(sql, viewer, id, "bid", BID_FIELDS, query.depth)} AS "bids"`,
    `${sideSql(sql, viewer, id, "offer", OFFER_FIELDS, query.depth)} AS "offers"`,
    ...sideStatsSql(sql, viewer, id, "bid"),
    ...sideStatsSql(sql, viewer, id, "offer"),
  ];
  const check = caller.freshness;
  if (check) columns.push(`(SELECT version FROM table_versions WHERE name = ${sql.param(check.counter)}) AS "__c"`);
  // One row even for an unknown company, so the check is always observed.
  const text = `SELECT c.id AS "id", c.name AS "name", ${columns.join(", ")} FROM (SELECT 1 AS one) x LEFT JOIN companies c ON c.id = ${sql.param(id)}`;
  const [row] = await engine.run<BookRow>({ text, values: sql.values });
  if (check) check.observe(String(row.__c));
  if (row.id === null || row.name === null) throw ApiError.notFound(`No company with id ${companyId}.`);
  const bestBid = row.best_bid === null ? null : String(row.best_bid);
  const bestOffer = row.best_offer === null ? null : String(row.best_offer);
  return {
    company: { id: row.id, name: row.name },
    bids: JSON.parse(String(row.bids)),
    offers: JSON.parse(String(row.offers)),
    bid_count: Number(row.bid_count),
    offer_count: Number(row.offer_count),
    best_bid: bestBid === null ? null : fromStoredDecimal(bestBid),
    best_offer: bestOffer === null ? null : fromStoredDecimal(bestOffer),
    spread: bestBid === null || bestOffer === null ? null : unitsToDecimal(storedToUnits(bestOffer) - storedToUnits(bestBid)),
  };
}

// ---------------------------------------------------------------------------------------------
// Trade tape

/**
 * The list behind GET /companies/{company_id}/trades and the company page's tape: the company's
 * verified trades, newest sign_date first, as the viewer may see them. Pure, like the other lists.
 * The items carry no id for other teams' trades, so the engine does not learn page starts.
 */
export function companyTradeList(caller: Caller, companyId: string, query: CompanyTradeListQuery): ListQuery<TapeTrade> {
  checkAccess(caller, companyId);
  const viewer = viewerOf(caller);
  return {
    table: "trades",
    fields: TAPE_FIELDS,
    computed: (sql) => tapeComputedFields(sql, viewer),
    viewer: viewer.teamId,
    pageStarts: false,
    join: OWNER_TEAM_JOIN,
    // The team names: teams are counted under `auth` (migration 20261126020000_auth_version).
    dependsOn: ["auth"],
    genericPlan: true,
    where: (w) => {
      w.equals("t.issuer_id", companyId.toLowerCase());
      w.is("t.is_verified", true);
      w.oneOf("t.structure", query.structure);
      w.between("t.sign_date", query.sign_date_from, query.sign_date_to);
    },
    order: { column: "sign_date", direction: "desc" },
    ...pageWindow(query),
  };
}

/** 404 for an unknown company (with the caller's freshness check, as GET /companies/{id}). */
export async function requireCompany(caller: Caller, companyId: string, engine: Engine = getEngine()): Promise<{ id: string; name: string }> {
  checkAccess(caller, companyId);
  const row = await findRow<{ id: string; name: string }>(engine, { ...companyRow(companyId), columns: { id: "id", name: "name" } }, caller.freshness);
  if (!row) throw ApiError.notFound(`No company with id ${companyId}.`);
  return row;
}

/** The company page's tape: the same list and page as the API. */
export async function listCompanyTrades(caller: Caller, companyId: string, query: CompanyTradeListQuery): Promise<JsonPage<TapeTrade>> {
  await requireCompany(caller, companyId);
  return readPage(companyTradeList(caller, companyId, query), query, caller);
}
