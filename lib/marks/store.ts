import "server-only";
import { sql } from "kysely";
import type { Db } from "../db/client";
import type { Dialect } from "../db/dialect";
import type { Engine } from "../db/engine";
import { compiled } from "../db/sql";
import type { SqlTx } from "../db/writer";
import { execute } from "../db/write-sql";
import { DECIMAL_PATTERN, MAX_STORED_DECIMAL, toStoredDecimal } from "../domain/decimal";
import { NO_FACTORS, type MarketFactors } from "./adjustments";
import { dayDate } from "../domain/days";
import type { MarkState } from "./estimator";
import { markWritten } from "./kept";
import type { Mark } from "./types";

/**
 * How marks are stored (prisma/models/marks.prisma, `marks`): prices as stored decimals, one row per
 * company and day. The rebuild writes in bulk (lib/marks/bulk.ts); the updater writes a few rows
 * at a time through here, each an upsert, so a pass that runs twice writes the same rows.
 */

export const MARK_COLUMNS = ["company_id", "date", "price_per_share", "low", "high", "method", "data_points_180d", "trades_180d", "days_since_last_trade", "order_imbalance"] as const;

/** The largest decimal a column holds: a band's high beyond it (prices near the limit) is written as it. */
const MAX_STORED = MAX_STORED_DECIMAL;

/** A price as its column stores it (MAX_STORED beyond the column's range). */
export function stored(price: string): string {
  return DECIMAL_PATTERN.test(price) ? toStoredDecimal(price) : MAX_STORED;
}

/** stored(), remembering the last: a carried day repeats the day before's (a rebuild stores ~20 M prices). */
function storedColumn(): (price: string) => string {
  let last = { price: "", stored: "" };
  return (price) => {
    if (price !== last.price) last = { price, stored: stored(price) };
    return last.stored;
  };
}
const storedPrice = storedColumn();
const storedLow = storedColumn();
const storedHigh = storedColumn();

/** A mark as its row's values, in MARK_COLUMNS' order. */
export function markRow(companyId: string, m: Mark): unknown[] {
  return [companyId, m.date, storedPrice(m.price_per_share), storedLow(m.low), storedHigh(m.high), m.method, m.data_points_180d, m.trades_180d, m.days_since_last_trade, m.order_imbalance];
}

/** Rows per upsert statement: SQLite takes at most 32,766 parameters. */
const ROWS_PER_STATEMENT = 500;

/**
 * Upserts marks, and the states the companies' series stand at, `rows` being MARK_COLUMNS-ordered,
 * in the caller's transaction, with the marks counter's bump (lib/marks/kept.ts): a kept answer
 * read at the old count never shows the new rows as current.
 */
export async function upsertMarks(tx: SqlTx, dialect: Dialect, rows: unknown[][], states: { companyId: string; state: MarkState }[], now = new Date()): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const values = rows.slice(i, i + ROWS_PER_STATEMENT).map((r) => Object.fromEntries(MARK_COLUMNS.map((c, k) => [c, r[k]])));
    const update = Object.fromEntries(MARK_COLUMNS.slice(2).map((c) => [c, sql.ref(`excluded.${c}`)]));
    await execute(
      tx,
      dialect.db
        .insertInto("marks")
        .values(values as never)
        .onConflict((oc) => oc.columns(["company_id", "date"]).doUpdateSet(update as never)),
    );
  }
  for (let i = 0; i < states.length; i += ROWS_PER_STATEMENT) {
    const values = states.slice(i, i + ROWS_PER_STATEMENT).map(({ companyId, state }) => ({
      company_id: companyId,
      date: state.day === null ? "" : dayDate(state.day),
      state: JSON.stringify(state),
      updated_at: dialect.timestampParam(now),
    }));
    await execute(
      tx,
      dialect.db
        .insertInto("mark_states")
        .values(values as never)
        .onConflict((oc) => oc.column("company_id").doUpdateSet({ date: sql.ref("excluded.date"), state: sql.ref("excluded.state"), updated_at: sql.ref("excluded.updated_at") } as never)),
    );
  }
  if (rows.length > 0) await markWritten(tx);
}

/** A company's stored state, or null (read without the ORM: a busy company's is ~50 KB of JSON). */
export async function storedState(engine: Engine, companyId: string): Promise<MarkState | null> {
  const statement = engine.dialect.db.selectFrom("mark_states").select("state").where("company_id", "=", companyId);
  const [row] = await engine.run<{ state: string }>(compiled(engine.dialect, statement));
  return row ? (JSON.parse(row.state) as MarkState) : null;
}

const FACTORS_ID = "market";

/** The stored market factors, or none before the first rebuild. */
export async function storedFactors(db: Db): Promise<MarketFactors> {
  const row = await db.markFactors.findUnique({ where: { id: FACTORS_ID } });
  return row ? (JSON.parse(row.factors) as MarketFactors) : NO_FACTORS;
}

export async function storeFactors(db: Db, factors: MarketFactors, now = new Date()): Promise<void> {
  const data = { factors: JSON.stringify(factors), computedAt: now };
  await db.markFactors.upsert({ where: { id: FACTORS_ID }, create: { id: FACTORS_ID, ...data }, update: data });
}
