import { csvRecordSql } from "./csv-sql";
import { exportColumnsSql } from "./json-sql";
import { sql } from "kysely";
import { rowsRunner, type Engine } from "./engine";
import type { ListQuery, PageStart } from "./list-query";
import { addStart, computedOf, fromList, orderClause, selection } from "./list-sql";
import { col, compiled, type Fragment, type Selected, type Sql } from "./sql";

/**
 * A list's every row as CSV records (lib/http/csv.ts), read a chunk at a time: each row's record is
 * written by the database (lib/db/csv-sql.ts) from the list's fields, with the same expressions
 * that write the API's JSON, so the export follows the API without a second column list.
 *
 * Unlike the page statement (lib/db/page-sql.ts) nothing is aggregated: no JSON per row and no
 * `json_group_array(… ORDER BY …)` re-sort. A chunk is the list's rows just after the previous
 * chunk's last one (keyset), read straight off the list's (scope, sort column, id) index, so a
 * chunk costs the same at row 1 and at row 1,000,000 and only one chunk is ever held
 * (docs/performance.md, "CSV exports").
 *
 * The chunks are separate statements: a row written while a long export runs may or may not be in
 * it (no snapshot spans the whole set); no row present throughout is skipped or repeated.
 */

/**
 * One chunk: up to `limit` rows from `start` (excluded) in the list's order, each row the columns
 * of its record (csvRecordSql), then its sort field's value and its id (where the next chunk
 * starts).
 */
function csvChunkSql<T>(engine: Pick<Engine, "dialect">, list: ListQuery<T>, limit: number, start?: PageStart): Sql {
  if (!(Number.isSafeInteger(limit) && limit > 0)) throw new RangeError(`bad chunk size ${limit}`);
  const record = csvRecordSql(engine.dialect, list.fields, computedOf(engine.dialect, list));
  const columns: Selected[] = record.columns.map((column, n) => column.as(`c${n}`));
  columns.push(sortValue(engine, list).sql.as("__s"), col("id").as("__id"));
  const conditions = selection(engine.dialect, list);
  list.plan?.(conditions, undefined);
  if (start) addStart(engine.dialect, conditions, list, start);
  const statement = fromList(engine.dialect, list)
    .select(columns)
    .where(conditions.toSql())
    .orderBy(orderClause(list.order))
    .limit(sql.lit(limit));
  return compiled(engine.dialect, statement);
}

/** The list's sort field as the API writes it (the keyset's start is given so). */
function sortValue<T>(engine: Pick<Engine, "dialect">, list: ListQuery<T>): { sql: Fragment; text?: (value: unknown) => string } {
  const kinds = list.fields as Record<string, string>;
  if (kinds[list.order.column] === undefined || kinds.id === undefined) throw new Error(`an export needs its sort field ${list.order.column} and id among its fields`);
  const only = { [list.order.column]: kinds[list.order.column] } as typeof list.fields;
  return exportColumnsSql(engine.dialect, only)[0];
}

/** A chunk of an export: its records' CSV text and how many there are. */
export interface CsvChunk {
  text: string;
  rows: number;
}

/**
 * Every row of the list as CSV records (no header), a chunk of up to `chunkSize` at a time. The
 * list's own limit and offset are ignored.
 */
export async function* csvChunks<T>(engine: Engine, list: ListQuery<T>, chunkSize: number): AsyncGenerator<CsvChunk> {
  // The record's layout as each chunk's statement writes it (computed fields included: a computed
  // value is written by the database, so it is no value between texts).
  const { columns, fields } = csvRecordSql(engine.dialect, list.fields, computedOf(engine.dialect, list));
  const width = columns.length;
  const sort = sortValue(engine, list);
  const rows = rowsRunner(engine);
  let start: PageStart | undefined;
  for (;;) {
    const chunk = await rows(csvChunkSql(engine, list, chunkSize, start));
    if (chunk.length === 0) return;
    let text = "";
    for (const row of chunk) {
      let record = row[0] as string;
      for (let i = 1; i < width; i += 2) record += fields[(i - 1) >> 1](row[i]) + (row[i + 1] as string);
      text += record;
    }
    yield { text, rows: chunk.length };
    if (chunk.length < chunkSize) return;
    const last = chunk[chunk.length - 1];
    start = { value: sort.text ? sort.text(last[width]) : String(last[width]), id: String(last[width + 1]), inclusive: false };
  }
}
