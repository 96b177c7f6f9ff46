import "server-only";
import { sql } from "kysely";
import { getEngine } from "../db/client";
import type { Engine } from "../db/engine";
import { compiled } from "../db/sql";
import { csvRecord, textCell } from "../domain/csv";
import { csvDownload, csvHeader, recordStream } from "../http/csv";
import { nextCursor, openCursor } from "../http/cursor";
import type { ApiResult } from "../http/handler";
import { pageLinks } from "../http/links";
import { utcToday } from "../market/summary";
import { buildJsonPage, pageWindow, toListBody } from "../schema/pagination";
import { apiFieldsOf } from "../schema/fields";
import type { JsonText } from "../schema/json-text";
import { MARK_FIELDS, markOf, type Row } from "./queries";
import { dayMarkSchema, type DayMark, type DayMarksQuery } from "./schema";

/**
 * GET /marks and /marks.csv: every company's mark on one day, in company id order, read off the
 * (date, company_id) index. Not through the list engine (lib/db/page.ts): it lists tables with an
 * `id` and a change counter, and `marks` has neither (its key is (company_id, date), and the
 * rebuild writes millions of rows that a counter's trigger would slow); the ETag is the body's hash.
 */

const ORDER = { column: "company_id", direction: "asc" } as const;
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

/** GET /marks: a page of the day's marks (today by default), with the page fields and links of every list. */
export async function dayMarks(url: URL, query: DayMarksQuery, engine: Engine = getEngine()): Promise<{ body: JsonText; headers: Record<string, string> }> {
  const date = query.date ?? utcToday();
  const after = query.cursor === undefined ? undefined : openCursor(query.cursor, url.pathname, ORDER).id;
  const { limit, offset } = pageWindow(query);
  // One row more than the page: whether another follows.
  const rows = await engine.run<DayRow>(daySql(engine, date, { limit: limit + 1, ...(after === undefined ? { offset } : { after }) }));
  const [{ n }] = await engine.run<{ n: number | string }>(compiled(engine.dialect, engine.dialect.db.selectFrom("marks").select(sql<number>`count(*)`.as("n")).where("date", "=", date)));
  const items = rows.slice(0, limit);
  const last = rows.length > limit ? items[items.length - 1].company_id : undefined;
  const next = last === undefined ? undefined : { value: last, id: last };
  const page = buildJsonPage<DayMark>(JSON.stringify(items.map(dayMark)), query, Number(n), { next });
  const nav = { page: page.page, next_cursor: nextCursor(url.pathname, ORDER, next) };
  return { body: toListBody("marks", page, nav.next_cursor), headers: pageLinks(url, nav) };
}

/** The CSV's columns: the list item's fields in its order, the company as `company.id` and `company.name` (as every export writes a reference). */
export const DAY_MARKS_CSV_HEADER = csvHeader(apiFieldsOf(dayMarkSchema));

/** GET /marks.csv: the day's every mark (today by default), streamed as `marks-<date>.csv`. */
export async function dayMarksCsv(date: string = utcToday(), engine: Engine = getEngine()): Promise<ApiResult> {
  return csvDownload(await recordStream(DAY_MARKS_CSV_HEADER, dayMarkRecords(date, engine)), `marks-${date}.csv`);
}

/** The day's marks as CSV records, a keyset chunk at a time. */
async function* dayMarkRecords(date: string, engine: Engine): AsyncGenerator<{ text: string }> {
  for (let after: string | undefined; ; ) {
    const rows = await engine.run<DayRow>(daySql(engine, date, { limit: CHUNK_ROWS, after }));
    if (rows.length === 0) return;
    let text = "";
    const cell = (v: string | number | null) => (v === null ? "" : String(v));
    for (const row of rows) {
      const m = dayMark(row);
      text += csvRecord([m.company.id, textCell(m.company.name), m.date, m.price_per_share, m.low, m.high, m.method, cell(m.data_points_180d), cell(m.days_since_last_trade), cell(m.order_imbalance)]);
    }
    yield { text };
    if (rows.length < CHUNK_ROWS) return;
    after = rows[rows.length - 1].company_id;
  }
}
