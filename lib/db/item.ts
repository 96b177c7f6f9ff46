import type { Dialect } from "./dialect";
import { jsonObjectSql, type ApiFields } from "./json-sql";
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
  /** Extra FROM clause after `t` (the join of a `ref` field's row), as the list's. */
  join?: string;
  id: string;
  /** The one team the row must belong to, if any: another team's row reads as no row. */
  team?: string;
}

/** An item as the API shows it, and the team whose row it is (the audit's and the permission's). */
export interface StoredItem<T> {
  item: T;
  teamId: string;
}

export function itemSql<T>(dialect: Dialect, query: ItemQuery<T>): Sql {
  const sql = new SqlWriter(dialect);
  const item = dialect.jsonText(jsonObjectSql(dialect, query.fields));
  // SQLite's "?" are positional: the parameters are written in the text's order.
  let where = `t.id = ${sql.param(query.id)}`;
  if (query.team !== undefined) where += ` AND t.team_id = ${sql.param(query.team)}`;
  const text = `SELECT ${item} AS "__item", t.team_id AS "__team" FROM ${query.table} t${query.join ? ` ${query.join}` : ""} WHERE ${where}`;
  return { text, values: sql.values };
}

/** The item, or undefined when no row (of that team) has the id. `run` may be a transaction's. */
export async function readItem<T>(run: RunSql, dialect: Dialect, query: ItemQuery<T>): Promise<StoredItem<T> | undefined> {
  const [row] = await run<{ __item: string; __team: string }>(itemSql(dialect, query));
  return row && { item: JSON.parse(row.__item) as T, teamId: row.__team };
}
