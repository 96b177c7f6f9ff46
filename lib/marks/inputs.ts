import "server-only";
import { sql } from "kysely";
import { rowsRunner, type Engine } from "../db/engine";
import { booleanSql, compiled } from "../db/sql";
import type { Side, StockClassType, Structure, Visibility } from "../domain/enums";
import type { BookOrder, CompanyInputs } from "./history";
import type { TradeObservation } from "./types";

/**
 * What a mark is computed from, read for one company or in bulk for all, ordered by company: exactly what the market view shows every caller with
 * `companies` (lib/market/visibility.ts): the tape is the verified trades, the book the orders
 * that are not private (a private order is known only to its team and recipients).
 */

/** A stored timestamp as epoch milliseconds: SQLite keeps them so; PostgreSQL answers its UTC text. */
function msOf(value: unknown): number {
  return typeof value === "number" ? value : Date.parse(`${String(value).replace(" ", "T")}Z`);
}

// One company: a seek on the market's indexes (trades_market_tape_idx, indications_market_book_idx).
// Every company: one pass over each table in company order (one sort), not a seek per company.
function tapeSql(engine: Engine, companyId?: string) {
  let query = engine.dialect.db
    .selectFrom("trades as t")
    .select(["t.issuer_id", "t.sign_date", "t.price_per_share", "t.volume", "t.structure", "t.stock_class_type"])
    .where("t.is_verified", "=", booleanSql(engine.dialect, true));
  if (companyId !== undefined) query = query.where("t.issuer_id", "=", companyId);
  return compiled(engine.dialect, query.orderBy(sql`t.issuer_id, t.sign_date, t.id`));
}

/** The visible orders of one company or of every company; with `openOnly`, those open now. */
function ordersSql(engine: Engine, companyId?: string, openOnly = false) {
  let query = engine.dialect.db
    .selectFrom("indications as t")
    .select(["t.issuer_id", "t.side", "t.price_per_share", "t.volume", "t.structure", "t.acceptable_structures", "t.stock_class_type", "t.visibility", "t.stage", "t.opened_at", "t.last_refreshed_at", "t.updated_at"])
    .where("t.visibility", "<>", sql.lit("private"));
  if (companyId !== undefined) query = query.where("t.issuer_id", "=", companyId);
  if (openOnly) query = query.where("t.stage", "=", sql.lit("open"));
  return compiled(engine.dialect, query.orderBy(sql`t.issuer_id, t.id`));
}

function inputsOf(map: Map<string, CompanyInputs>, id: string): { trades: TradeObservation[]; orders: BookOrder[] } {
  let inputs = map.get(id);
  if (!inputs) map.set(id, (inputs = { trades: [], orders: [] }));
  return inputs as { trades: TradeObservation[]; orders: BookOrder[] };
}

/** The inputs of one company, or of every company that has any (ids lower-case, as stored). */
export async function readInputs(engine: Engine, companyId?: string): Promise<Map<string, CompanyInputs>> {
  const rows = rowsRunner(engine);
  const [tape, book] = await Promise.all([rows(tapeSql(engine, companyId)), rows(ordersSql(engine, companyId))]);
  const byCompany = new Map<string, CompanyInputs>();
  addTape(byCompany, tape);
  addOrders(byCompany, book);
  return byCompany;
}

/** One company's visible orders open now (a seek on indications_market_book_idx): the updater's rebook. */
export async function openBook(engine: Engine, companyId: string): Promise<readonly BookOrder[]> {
  const byCompany = new Map<string, CompanyInputs>();
  addOrders(byCompany, await rowsRunner(engine)(ordersSql(engine, companyId, true)));
  return byCompany.get(companyId)?.orders ?? [];
}

function addTape(byCompany: Map<string, CompanyInputs>, tape: unknown[][]): void {
  for (const [issuer, date, price, volume, structure, stockClassType] of tape) {
    inputsOf(byCompany, String(issuer)).trades.push({
      date: String(date),
      price: Number(price),
      volume: Number(volume),
      structure: structure as Structure,
      stockClassType: stockClassType as StockClassType,
      verified: true,
    });
  }
}

function addOrders(byCompany: Map<string, CompanyInputs>, book: unknown[][]): void {
  for (const [issuer, side, price, volume, structure, acceptable, stockClassType, visibility, stage, openedAt, refreshedAt, updatedAt] of book) {
    inputsOf(byCompany, String(issuer)).orders.push({
      side: side as Side,
      price: Number(price),
      volume: Number(volume),
      structures: side === "offer" ? [structure as Structure] : (JSON.parse(String(acceptable)) as Structure[]),
      stockClassType: stockClassType as StockClassType,
      visibility: visibility as Visibility,
      refreshedAt: msOf(refreshedAt),
      openedAt: msOf(openedAt),
      closedAt: stage === "open" ? null : msOf(updatedAt),
    });
  }
}

/** One company's inputs (none: empty lists). */
export async function companyInputs(engine: Engine, companyId: string): Promise<CompanyInputs> {
  return (await readInputs(engine, companyId)).get(companyId) ?? { trades: [], orders: [] };
}
