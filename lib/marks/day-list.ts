import "server-only";
import { sql } from "kysely";
import { getEngine } from "../db/client";
import type { Engine } from "../db/engine";
import { exportColumnsOf } from "../db/json-sql";
import type { PageKey } from "../db/list-query";
import { compiled } from "../db/sql";
import { csvRecord, textCell } from "../domain/csv";
import { apiFieldsOf } from "../schema/fields";
import { MARK_FIELDS, markOf, type Row } from "./queries";
import { dayMarkSchema, type DayMark } from "./schema";

/**
 * GET /marks and /marks.csv: every company's mark on one day, in company id order, read off the
 * (date, company_id) index. Not through the list engine (lib/db/page.ts): it lists tables with an
 * `id` and a trigger-kept change counter, and `marks` has neither (its key is (company_id, date),
 * and the rebuild writes millions of rows a trigger would slow); the ETag is the body's hash, and
 * the API's pages are kept under the counter the marks' writers bump (lib/marks/kept.ts).
 */

/** The order, as a cursor names it: a row's key is its company's id. */
export const DAY_MARKS_ORDER = { column: "company_id", direction: "asc" } as const;
/** Rows per statement of the CSV export: the exports' chunk size (lib/http/csv.ts). */
const CHUNK_ROWS = 5_000;

type DayRow = Row & { company_id: string; company_name: string };

/** Up to `limit` of the day's marks after the company `after` (or from `offset`), with the company's name. */
function daySql(engine: Engine, date: string, window: { limit: number; offset?: number; after?: string }) {
  let query = engine.dialect.db
    .selectFrom("marks as m")
    .innerJoin("companies as c", "c.id", "m.company_id")
    .select([...MARK_FIELDS, "m.company_id", "c.name as company_name"])
    .where("m.date", "=", date);
  if (window.after !== undefined) query = query.where("m.company_id", ">", window.after);
  query = query.orderBy("m.company_id").limit(sql.lit(window.limit));
  if (window.offset) query = query.offset(sql.lit(window.offset));
  return compiled(engine.dialect, query);
}

const dayMark = (r: DayRow): DayMark => ({ company: { id: r.company_id, name: r.company_name }, ...markOf(r) });

/** A page of the day's marks, by number (`offset`) or after a cursor's company (`after`), with the day's count. */
export async function dayMarks(date: string, at: { limit: number; offset: number; after?: PageKey }, engine: Engine = getEngine()): Promise<{ items: DayMark[]; total: number; next?: PageKey }> {
  // One row more than the page: whether another follows.
  const window = at.after ? { limit: at.limit + 1, after: at.after.id } : { limit: at.limit + 1, offset: at.offset };
  const count = engine.dialect.db.selectFrom("marks").select(sql<number>`count(*)`.as("n")).where("date", "=", date);
  const [rows, [{ n }]] = await Promise.all([engine.run<DayRow>(daySql(engine, date, window)), engine.run<{ n: number | string }>(compiled(engine.dialect, count))]);
  const items = rows.slice(0, at.limit).map(dayMark);
  const last = rows.length > at.limit ? items[items.length - 1].company.id : undefined;
  return { items, total: Number(n), ...(last !== undefined && { next: { value: last, id: last } }) };
}

/** The CSV's columns: the list item's fields in its order, the company as `company.id` and `company.name` (as every export writes a reference). */
export const DAY_MARKS_CSV_HEADER = exportColumnsOf(apiFieldsOf(dayMarkSchema)).map((c) => c.name);

/** GET /marks.csv: the day's every mark as CSV records (no header), a keyset chunk at a time. */
export async function* dayMarkRecords(date: string, engine: Engine = getEngine()): AsyncGenerator<{ text: string }> {
  const cell = (v: string | number | null) => (v === null ? "" : String(v));
  for (let after: string | undefined; ; ) {
    const rows = await engine.run<DayRow>(daySql(engine, date, { limit: CHUNK_ROWS, after }));
    if (rows.length === 0) return;
    let text = "";
    for (const m of rows.map(dayMark)) {
      text += csvRecord([m.company.id, textCell(m.company.name), m.date, m.price_per_share, m.low, m.high, m.method, cell(m.data_points_180d), cell(m.trades_180d), cell(m.days_since_last_trade), cell(m.order_imbalance)]);
    }
    yield { text };
    if (rows.length < CHUNK_ROWS) return;
    after = rows[rows.length - 1].company_id;
  }
}
