import { exportColumnsOf, exportColumnsSql } from "./json-sql";
import { counterSql, orderClause, selection, startCondition, type Engine, type ListQuery, type PageStart, type SnapshotCheck } from "./page";
import { SqlWriter, type Sql } from "./sql";

/**
 * A list's every row for an export (lib/api/csv.ts), read a chunk at a time as plain columns: the
 * list's fields (exportColumnsSql: the same expressions that write the API's JSON, without the
 * JSON object around each row), one array of values per row, in the list's order.
 *
 * Unlike the page statement (lib/db/page.ts) nothing is aggregated: no JSON per row and no
 * `json_group_array(… ORDER BY …)` re-sort. A chunk is the list's rows just after the previous
 * chunk's last one (keyset), read straight off the list's (scope, sort column, id) index, so a
 * chunk costs the same at row 1 and at row 1,000,000 and only one chunk is ever held
 * (docs/performance.md, "Issue 15").
 *
 * The chunks are separate statements: a row written while a long export runs may or may not be in
 * it (no snapshot spans the whole set); no row present throughout is skipped or repeated.
 */

/**
 * One chunk: up to `limit` rows from `start` (excluded) in the list's order, each row its columns'
 * values (exportColumnsOf), then the check's counter when asked (read in the same statement).
 */
export function exportChunkSql<T>(engine: Pick<Engine, "dialect">, list: ListQuery<T>, limit: number, start?: PageStart, check?: SnapshotCheck): Sql {
  if (!(Number.isSafeInteger(limit) && limit > 0)) throw new RangeError(`bad chunk size ${limit}`);
  const sql = new SqlWriter(engine.dialect);
  // Parameters in the order they appear (SQLite's "?" are positional): the columns first.
  const columns = exportColumnsSql(engine.dialect, list.fields, list.computed?.(sql)).map((column, i) => `${column.sql} AS "c${i}"`);
  if (check) columns.push(`${counterSql(sql, check.counter)} AS "__c"`);
  const conditions = selection(sql, list);
  list.plan?.(conditions, undefined);
  if (start) conditions.raw(startCondition(sql, list, start));
  const text =
    `SELECT ${columns.join(", ")} FROM ${list.table} t${list.join ? ` ${list.join}` : ""} ` +
    `WHERE ${conditions} ORDER BY ${orderClause("t", list.order)} LIMIT ${limit}`;
  return { text, values: sql.values };
}

function rowsRunner(engine: Engine): (sql: Sql) => Promise<unknown[][]> {
  if (engine.rows) return engine.rows;
  return async (sql) => (await engine.run<Record<string, unknown>>(sql)).map((row) => Object.values(row));
}

/**
 * Every row of the list as arrays of its export columns' values (exportColumnsOf), a chunk of up to `chunkSize` at a time.
 * The list's own limit and offset are ignored. With a check, the caller's freshness is confirmed
 * with the first chunk, before any of it is yielded.
 */
export async function* exportChunks<T>(engine: Engine, list: ListQuery<T>, chunkSize: number, check?: SnapshotCheck): AsyncGenerator<unknown[][]> {
  const columns = exportColumnsOf(list.fields);
  const orderAt = columns.findIndex((c) => c.name === list.order.column);
  const idAt = columns.findIndex((c) => c.name === "id");
  if (orderAt === -1 || idAt === -1) throw new Error(`an export needs its sort field ${list.order.column} and id among its fields`);
  const rows = rowsRunner(engine);
  // The values read that JavaScript turns into the API's text (Dialect.exportTimestamp), by column.
  const texts = exportColumnsSql(engine.dialect, list.fields)
    .map((column, i) => [i, column.text] as const)
    .filter((entry): entry is readonly [number, (value: unknown) => string] => entry[1] !== undefined);
  let start: PageStart | undefined;
  let first = true;
  for (;;) {
    const chunk = await rows(exportChunkSql(engine, list, chunkSize, start, first ? check : undefined));
    if (first && check) {
      // No row to carry the counter: read it alone (no data was read to confirm).
      const [row] = chunk.length > 0 ? chunk : await rows({ text: `SELECT ${counterSql(new SqlWriter(engine.dialect), check.counter)}`, values: [check.counter] });
      check.observe(String(row[row.length - 1]));
    }
    first = false;
    for (const [i, text] of texts) {
      for (const row of chunk) if (row[i] !== null) row[i] = text(row[i]);
    }
    if (chunk.length > 0) yield chunk;
    if (chunk.length < chunkSize) return;
    const last = chunk[chunk.length - 1];
    start = { value: String(last[orderAt]), id: String(last[idAt]), inclusive: false };
  }
}
