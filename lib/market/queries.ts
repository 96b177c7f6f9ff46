import "server-only";
import { sql } from "kysely";
import { pageWindow, type JsonPage } from "../schema/pagination";
import { readPage, type ListExtra } from "../schema/read-page";
import { companyIdOf, noSuchCompany } from "../schema/params";
import { JsonText } from "../schema/json-text";
import { requirePermission, type Caller } from "../auth/caller";
import { REQUIRES } from "../auth/requirements";
import { counterSql, type Counter } from "../cache/counters";
import { getEngine } from "../db/client";
import { jsonObjectSql, type ApiFields } from "../db/json-sql";
import { readItem, type ItemSource } from "../db/item";
import { COMPANY_SUMMARY_FIELDS } from "../companies/serializer";
import type { Engine } from "../db/engine";
import type { ListQuery } from "../db/list-query";
import type { Dialect } from "../db/dialect";
import { col, compiled, template, type Fragment, type Selected, type Sql } from "../db/sql";
import { TEAM_JOIN } from "../records/joins";
import { fromStoredDecimal, storedToUnits, unitsToDecimal } from "../domain/decimal";
import type { Side } from "../domain/enums";
import { covers, marketCache, type CachedBook, type CachedEntry, type CachedSide } from "./cache";
import { createCache } from "../cache/registry";
import { TAPE_SIGN_DATE, type CompanyTradeListQuery, type OrderBook, type OrderBookQuery, type TapeTrade, type TradeSummary } from "./schema";
import { BID_FIELDS, OFFER_FIELDS, TAPE_FIELDS } from "./serializer";
import { summarizeCompanyTrades, utcToday } from "./summary";
import { TAPE_COMPUTED, bookComputedFields } from "./visibility";
import { mayKnowBookEntry, viewerOf, type Viewer } from "../domain/book-visibility";

/** The market's endpoints and the marks' (lib/marks/kept.ts): the `companies` permission, then a known company (a UUID first). */
export function checkAccess(caller: Caller, companyId: string): void {
  requirePermission(caller, REQUIRES.viewMarket);
  companyIdOf(companyId);
}

// ---------------------------------------------------------------------------------------------
// Order book

/** Best price first, then oldest (time priority), then id so the order is total. */
const BOOK_ORDER: Record<Side, Fragment> = {
  bid: sql`t.price_per_share DESC, t.updated_at ASC, t.id ASC`,
  offer: sql`t.price_per_share ASC, t.updated_at ASC, t.id ASC`,
};

const BOOK_COUNTERS: readonly Counter[] = ["indications", "auth"];

function counterColumns(): Selected[] {
  return BOOK_COUNTERS.map((name, i) => counterSql(name).as(`__v${i}`));
}

function countersOf(row: Record<string, unknown>): string {
  return BOOK_COUNTERS.map((_, i) => String(row[`__v${i}`])).join(".");
}

/** Every open entry of one side, in the book's order, with both of its JSON forms and what decides who may know it. */
function wholeSideSql<T>(dialect: Dialect, companyId: string, side: Side, fields: ApiFields<T>) {
  const entry = dialect.jsonObject([
    ["team_id", col("team_id")],
    ["visibility", col("visibility")],
    ["recipients", dialect.listJson(col("private_recipients"))],
    ["price", col("price_per_share")],
    ["own", jsonObjectSql(dialect, fields, bookComputedFields(dialect, true))],
    ["others", jsonObjectSql(dialect, fields, bookComputedFields(dialect, false))],
  ]);
  // The stage and side are constants, written into the text: one statement text per side.
  const rows = dialect.db
    .selectFrom("indications as t")
    .selectAll("t")
    .where("issuer_id", "=", companyId)
    .where("t.stage", "=", sql.lit("open"))
    .where("t.side", "=", sql.lit(side));
  return dialect.db
    .selectFrom(rows.as("t"))
    .innerJoin("teams as team", "team.id", "t.team_id")
    .select(dialect.jsonArrayAgg(entry, BOOK_ORDER[side]).as("entries"));
}

type LoadedEntry = { team_id: string; visibility: string; recipients: string[]; price: string; own: unknown; others: unknown };

function cachedSide(json: unknown): CachedSide {
  const entries = (JSON.parse(String(json)) as LoadedEntry[]).map(
    (e): CachedEntry => ({
      teamId: e.team_id,
      visibility: e.visibility,
      recipients: e.visibility === "private" ? e.recipients.map((r) => r.toLowerCase()) : [],
      price: String(e.price),
      own: JSON.stringify(e.own),
      others: JSON.stringify(e.others),
    }),
  );
  const privates = entries.filter((e) => e.visibility === "private");
  return { entries, privates, shared: entries.length - privates.length };
}

/**
 * The company's whole open book, as every viewer may be shown it, read in one statement with the
 * counters it depends on: every write to indications (a new, changed or closed one, its
 * visibility or recipients) and every change to a team's name moves them.
 */
export function wholeBookSql(dialect: Dialect, companyId: string): Sql {
  const book = dialect.db.selectNoFrom([
    ...counterColumns(),
    wholeSideSql(dialect, companyId, "bid", BID_FIELDS).as("bids"),
    wholeSideSql(dialect, companyId, "offer", OFFER_FIELDS).as("offers"),
  ]);
  return compiled(dialect, book);
}

async function loadBook(engine: Engine, companyId: string): Promise<CachedBook> {
  const [row] = await engine.run<Record<string, unknown>>(wholeBookSql(engine.dialect, companyId));
  const book = { version: countersOf(row), bid: cachedSide(row.bids), offer: cachedSide(row.offers), views: createCache<string, string>("market.bookViews") };
  const cache = marketCache(engine).books;
  const held = cache.get(companyId);
  if (!held || !covers(held.version, book.version)) cache.set(companyId, book);
  return book;
}

/** The cached book when it reflects counters `seen`, else a fresh read (one per company at a time). */
async function bookAt(engine: Engine, companyId: string, seen: string): Promise<CachedBook> {
  const cache = marketCache(engine);
  const held = cache.books.get(companyId);
  if (held && covers(held.version, seen)) return held;
  const pending = cache.loading.get(companyId);
  if (pending) {
    // Started before this request read its counters, it may predate a write this request must see.
    const book = await pending;
    if (covers(book.version, seen)) return book;
  }
  const load = loadBook(engine, companyId).finally(() => {
    if (cache.loading.get(companyId) === load) cache.loading.delete(companyId);
  });
  cache.loading.set(companyId, load);
  return load;
}

/** One side as the viewer may see it: the first `depth` entries, the count and the best price. */
function sideFor(side: CachedSide, viewer: Viewer, depth: number): { json: string; count: number; best: string | null } {
  const shown: string[] = [];
  let best: string | null = null;
  for (const entry of side.entries) {
    if (!mayKnowBookEntry(entry, viewer)) continue;
    best ??= entry.price;
    shown.push(entry.teamId === viewer.teamId ? entry.own : entry.others);
    if (shown.length === depth) break;
  }
  let count = side.shared;
  for (const entry of side.privates) if (mayKnowBookEntry(entry, viewer)) count++;
  return { json: `[${shown.join(",")}]`, count, best };
}

/** The company and the book's counters: what every order-book request reads first. */
const companyWithCounters = template<"id">((dialect, slot) =>
  dialect.db
    .selectFrom("companies as c")
    .select(["c.id as id", "c.name as name", ...counterColumns()])
    .where("c.id", "=", slot("id")),
);

type CompanyRowWithCounters = { id: string | null; name: string | null } & Record<string, unknown>;

/**
 * GET /companies/{company_id}/order_book, as the API writes it. One small statement per request
 * (the company, 404 when unknown; the book's counters); the book
 * itself comes from the per-company cache while those counters stand, and the viewer's part of it
 * (own rows, private rows addressed to them, counts and best prices) is picked in memory.
 */
export async function orderBookJson(caller: Caller, companyId: string, query: OrderBookQuery, engine: Engine = getEngine()): Promise<JsonText> {
  checkAccess(caller, companyId);
  const viewer = viewerOf(caller);
  const id = companyId.toLowerCase();
  const [row] = await engine.run<CompanyRowWithCounters>(companyWithCounters(engine.dialect, { id }));
  if (!row || row.id === null || row.name === null) throw noSuchCompany(companyId);
  const book = await bookAt(engine, id, countersOf(row));
  // What the viewer sees depends on their team and e-mail alone (mayKnowBookEntry), so it is
  // worked out once per book.
  const viewKey = `${viewer.teamId}\u0000${viewer.email}\u0000${query.depth}`;
  let view = book.views.get(viewKey);
  if (view === undefined) book.views.set(viewKey, (view = viewOf(book, viewer, query.depth)));
  const company = JSON.stringify({ id: row.id, name: row.name });
  return new JsonText(`{"company":${company},${view}`);
}

/** The viewer's book after its company: the fields in the schema's order (lib/market/schema.ts orderBookSchema). */
function viewOf(book: CachedBook, viewer: Viewer, depth: number): string {
  const bids = sideFor(book.bid, viewer, depth);
  const offers = sideFor(book.offer, viewer, depth);
  const totals = {
    bid_count: bids.count,
    offer_count: offers.count,
    best_bid: bids.best === null ? null : fromStoredDecimal(bids.best),
    best_offer: offers.best === null ? null : fromStoredDecimal(offers.best),
    spread: bids.best === null || offers.best === null ? null : unitsToDecimal(storedToUnits(offers.best) - storedToUnits(bids.best)),
  };
  return `"bids":${bids.json},"offers":${offers.json},${JSON.stringify(totals).slice(1)}`;
}

/** The order book for the company page: the API's, parsed. */
export async function getOrderBook(caller: Caller, companyId: string, query: OrderBookQuery, engine: Engine = getEngine()): Promise<OrderBook> {
  return JSON.parse((await orderBookJson(caller, companyId, query, engine)).text) as OrderBook;
}

// ---------------------------------------------------------------------------------------------
// Trade tape

/**
 * The list behind GET /companies/{company_id}/trades and the company page's tape: the company's
 * verified trades by sign date (newest first unless sorted), as the viewer may see them. Pure, like the other lists.
 */
export function companyTradeList(caller: Caller, companyId: string, query: CompanyTradeListQuery): ListQuery<TapeTrade, "trades"> {
  checkAccess(caller, companyId);
  const viewer = viewerOf(caller);
  return {
    table: "trades",
    fields: TAPE_FIELDS,
    computed: TAPE_COMPUTED,
    values: { viewer_team: viewer.teamId },
    viewer: viewer.teamId,
    joins: [TEAM_JOIN],
    // The team names: teams are counted under `auth` (migration 20261126020000_auth_version). The
    // company: its 404 is checked only for an empty page (tapeSummary), so an answered page is
    // confirmed (304) only while the companies are unchanged.
    dependsOn: ["auth", "companies"],
    genericPlan: true,
    where: (w) => {
      w.equals("issuer_id", companyId.toLowerCase());
      w.is("is_verified", true);
      w.oneOf("structure", query.structure);
      TAPE_SIGN_DATE.where(w, query);
    },
    // Either direction reads trades_market_tape_idx (issuer_id, is_verified, sign_date DESC, id).
    order: { column: query.sort.field, direction: query.sort.direction },
    ...pageWindow(query),
  };
}

/** A company's id and name, the market's pages' heading. */
const COMPANY_NAME: ItemSource<{ id: string; name: string }> = { table: "companies", fields: COMPANY_SUMMARY_FIELDS };

/** 404 for an unknown company, as GET /companies/{id}. */
export async function requireCompany(caller: Caller, companyId: string, engine: Engine = getEngine()): Promise<{ id: string; name: string }> {
  checkAccess(caller, companyId);
  const found = await readItem(engine.run, engine.dialect, COMPANY_NAME, { id: companyId.toLowerCase() });
  if (!found) throw noSuchCompany(companyId);
  return found.item;
}

/**
 * The tape's summary after its page was read: kept under the trades' counter the page was read
 * at (lib/market/summary.ts). The 404 of an unknown company costs a statement only when the page
 * is empty: a listed trade's company exists.
 */
export async function tapeSummary(
  caller: Caller,
  companyId: string,
  page: { total: number; counter?: string },
  today: string,
  engine: Engine = getEngine(),
): Promise<TradeSummary> {
  if (page.total === 0) await requireCompany(caller, companyId, engine);
  return summarizeCompanyTrades(companyId, today, engine, page.counter);
}

/** GET /companies/{company_id}/trades beside its page: the summary (and the 404), under the day its windows end. */
export function tapeExtra(caller: Caller, companyId: string, today = utcToday()): ListExtra<TapeTrade> {
  return { key: today, read: async (page) => ({ summary: await tapeSummary(caller, companyId, { total: page.total_count, counter: page.counter }, today) }) };
}

/** The company page's tape: the same list, page and summary as the API. */
export async function readCompanyTape(caller: Caller, companyId: string, query: CompanyTradeListQuery, today = utcToday()): Promise<{ page: JsonPage<TapeTrade>; summary: TradeSummary }> {
  const page = await readPage(companyTradeList(caller, companyId, query), query);
  return { page, summary: await tapeSummary(caller, companyId, { total: page.total_count, counter: page.counter }, today) };
}
