import type { Dialect } from "./dialect";
import { jsonObjectSql, type ApiFields, type ComputedFields } from "./json-sql";
import { fromList, type RefJoin, type RunSql } from "./page";
import { col, compiled, type Sql, type TableName } from "./sql";

/**
 * One item by id, written by the database with the very expressions a list page writes each of
 * its items with (lib/db/json-sql.ts): a resource read alone (`GET …/{id}`, the answer of a write)
 * is the same JSON as that resource in a list, so there is one serializer per resource.
 */
export interface ItemQuery<T> {
  /** The table, read as `t`. */
  table: TableName;
  fields: ApiFields<T>;
  /** Fields computed rather than read (lib/db/json-sql.ts ComputedFields), as a list's. */
  computed?: (dialect: Dialect) => ComputedFields;
  /** The joins of the `ref` fields' rows, as the list's. */
  joins?: readonly RefJoin[];
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
  const item = dialect.jsonText(jsonObjectSql(dialect, query.fields, query.computed?.(dialect)));
  const columns = Object.entries(query.columns ?? {}).map(([alias, column]) => col(column).as(alias));
  let statement = fromList(dialect, query)
    .select([item.as("__item"), ...columns])
    .where(col("id"), "=", query.id);
  if (query.team !== undefined) statement = statement.where(col("team_id"), "=", query.team);
  return compiled(dialect, statement);
}

/** The item, or undefined when no row (of that team) has the id. `run` may be a transaction's. */
export async function readItem<T>(run: RunSql, dialect: Dialect, query: ItemQuery<T>): Promise<ReadItem<T> | undefined> {
  const [row] = await run<Record<string, unknown> & { __item: string }>(itemSql(dialect, query));
  if (!row) return undefined;
  const { __item, ...columns } = row;
  return { item: JSON.parse(__item) as T, columns };
}
