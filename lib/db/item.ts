import type { Dialect } from "./dialect";
import { jsonObjectSql, type ApiFields, type ComputedFields } from "./json-sql";
import type { RunSql } from "./page";
import { SqlWriter, type Sql } from "./sql";

/**
 * One item by id, written by the database with the very expressions a list page writes each of
 * its items with (lib/db/json-sql.ts): a resource read alone (`GET …/{id}`, the answer of a write)
 * is the same JSON as that resource in a list, so there is one serializer per resource.
 */
export interface ItemQuery<T> {
  /** The table, read as `t`. */
  table: string;
  fields: ApiFields<T>;
  /** Fields computed rather than read (lib/db/json-sql.ts ComputedFields), as a list's. */
  computed?: (sql: SqlWriter) => ComputedFields;
  /** Extra FROM clause after `t` (the join of a `ref` field's row), as the list's. */
  join?: string;
  id: string;
  /** The one team the row must belong to, if any: another team's row reads as no row. */
  team?: string;
  /** Columns of `t` read beside the item, by alias (`{ team: "team_id" }`). */
  columns?: Readonly<Record<string, string>>;
}

/** An item as the API shows it, and the columns read beside it. */
export interface ReadItem<T> {
  item: T;
  columns: Record<string, unknown>;
}

export function itemSql<T>(dialect: Dialect, query: ItemQuery<T>): Sql {
  const sql = new SqlWriter(dialect);
  // SQLite's "?" are positional: the parameters are written in the text's order.
  const item = dialect.jsonText(jsonObjectSql(dialect, query.fields, query.computed?.(sql)));
  const columns = Object.entries(query.columns ?? {}).map(([alias, column]) => `, t.${column} AS "${alias}"`);
  let where = `t.id = ${sql.param(query.id)}`;
  if (query.team !== undefined) where += ` AND t.team_id = ${sql.param(query.team)}`;
  const text = `SELECT ${item} AS "__item"${columns.join("")} FROM ${query.table} t${query.join ? ` ${query.join}` : ""} WHERE ${where}`;
  return { text, values: sql.values };
}

/** The item, or undefined when no row (of that team) has the id. `run` may be a transaction's. */
export async function readItem<T>(run: RunSql, dialect: Dialect, query: ItemQuery<T>): Promise<ReadItem<T> | undefined> {
  const [row] = await run<Record<string, unknown> & { __item: string }>(itemSql(dialect, query));
  if (!row) return undefined;
  const { __item, ...columns } = row;
  return { item: JSON.parse(__item) as T, columns };
}
