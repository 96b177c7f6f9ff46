import "server-only";
import type { Compilable } from "kysely";
import { getEngine } from "./client";
import { compiled, type TableName } from "./sql";
import type { Tx } from "./transaction";

/**
 * Statements of ours inside a write's transaction, for the writes every change makes (its audit
 * events, its notifications, and the reads of who is told): a model's call goes through Prisma's
 * query compiler, several times the cost of a statement whose columns we know
 * (docs/performance-decisions.md, "Writes of our own").
 */

/** Runs `query` (built with the dialect's Kysely, `getEngine().dialect.db`) in the transaction; the rows it changed. */
export async function execute(tx: Tx, query: Compilable): Promise<number> {
  const { text, values } = compiled(getEngine().dialect, query);
  return tx.$executeRawUnsafe(text, ...values);
}

/** The rows `query` (built with the dialect's Kysely) reads in the transaction, its columns as it names them. */
export async function selectRows<R>(tx: Tx, query: Compilable): Promise<R[]> {
  const { text, values } = compiled(getEngine().dialect, query);
  return tx.$queryRawUnsafe<R[]>(text, ...values);
}

/** A Prisma model's camelCase field as its snake_case column: every @map of the tables written here is so (write-sql.test.ts). */
export function columnOf(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** A select list of a model's `fields` (camelCase), each read from its column (columnOf) under the field's name. */
export function fieldsAs(fields: readonly string[]): never {
  return fields.map((field) => `${columnOf(field)} as ${field}`) as never;
}

/** A row's values as columns (columnOf), a Date as the dialect stores timestamps. */
function columnsOf(row: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const { dialect } = getEngine();
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [columnOf(key), value instanceof Date ? dialect.timestampParam(value) : value]));
}

/** Rows into `table` in one statement; with `ignoreExisting`, a row whose key is taken is left out. */
export async function insertRows(tx: Tx, table: TableName, rows: readonly Record<string, unknown>[], { ignoreExisting = false } = {}): Promise<void> {
  if (rows.length === 0) return;
  const insert = getEngine().dialect.db.insertInto(table).values(rows.map(columnsOf) as never);
  await execute(tx, ignoreExisting ? insert.onConflict((conflict) => conflict.doNothing()) : insert);
}

/** The rows of `table` whose fields equal `match`'s set to `data`; how many. */
export async function updateWhere(tx: Tx, table: TableName, match: Readonly<Record<string, unknown>>, data: Readonly<Record<string, unknown>>): Promise<number> {
  let update = getEngine().dialect.db.updateTable(table).set(columnsOf(data) as never);
  for (const [column, value] of Object.entries(columnsOf(match))) update = update.where(column as never, "=", value as never);
  return execute(tx, update);
}

/** The rows of `table` with id `id` (a deal's two party rows share theirs) set to `data`. */
export async function updateById(tx: Tx, table: TableName, id: string, data: Readonly<Record<string, unknown>>): Promise<void> {
  await updateWhere(tx, table, { id }, data);
}
