import type { Dialect } from "./dialect";
import { jsonObjectSql, type ApiFields, type Computed } from "./json-sql";
import type { RunSql } from "./engine";
import type { RefJoin } from "./list-query";
import { fromList } from "./list-sql";
import { col, template, type Sql, type TableName } from "./sql";

/**
 * One item by id, written by the database with the very expressions a list page writes each of
 * its items with (lib/db/json-sql.ts): a resource read alone (`GET …/{id}`, the answer of a write)
 * is the same JSON as that resource in a list, so there is one serializer per resource.
 *
 * Where an item is read from is a constant of its resource (ItemSource), and its statement is
 * compiled once per source and database (lib/db/sql.ts template): every one-resource read runs it.
 */
export interface ItemSource<T> {
  /** The table, read as `t`. */
  table: TableName;
  fields: ApiFields<T>;
  /** Fields computed rather than read (lib/db/json-sql.ts Computed), as a list's. */
  computed?: Computed;
  /** The joins of the `ref` fields' rows, as the list's. */
  joins?: readonly RefJoin[];
  /** Columns of `t` read beside the item, by alias (`{ team: "team_id" }`). */
  columns?: Readonly<Record<string, string>>;
}

/** Which item: its id, the one team it must belong to (another team's row reads as no row), the computed fields' values. */
export interface ItemKey {
  id: string;
  team?: string;
  values?: Readonly<Record<string, string>>;
}

type ItemTemplate = ReturnType<typeof template<string>>;
const templates = new WeakMap<ItemSource<unknown>, { anyTeam?: ItemTemplate; oneTeam?: ItemTemplate }>();

function itemTemplate<T>(source: ItemSource<T>, scoped: boolean): ItemTemplate {
  let bySource = templates.get(source as ItemSource<unknown>);
  if (bySource === undefined) templates.set(source as ItemSource<unknown>, (bySource = {}));
  const which = scoped ? "oneTeam" : "anyTeam";
  return (bySource[which] ??= template<string>((dialect, slot) => {
    const item = dialect.jsonText(jsonObjectSql(dialect, source.fields, source.computed?.(dialect, (name) => slot(`value:${name}`))));
    const columns = Object.entries(source.columns ?? {}).map(([alias, column]) => col(column).as(alias));
    const statement = fromList(dialect, source)
      .select([item.as("__item"), ...columns])
      .where(col("id"), "=", slot("id"));
    return scoped ? statement.where(col("team_id"), "=", slot("team")) : statement;
  }));
}

function itemSql<T>(dialect: Dialect, source: ItemSource<T>, key: ItemKey): Sql {
  const values: Record<string, unknown> = { id: key.id, team: key.team };
  for (const [name, value] of Object.entries(key.values ?? {})) values[`value:${name}`] = value;
  return itemTemplate(source, key.team !== undefined)(dialect, values);
}

/**
 * The item as the API shows it, and the columns read beside it; undefined when no row (of that
 * team) has the id. `run` may be a transaction's.
 */
export async function readItem<T>(run: RunSql, dialect: Dialect, source: ItemSource<T>, key: ItemKey) {
  const [row] = await run<Record<string, unknown> & { __item: string }>(itemSql(dialect, source, key));
  if (!row) return undefined;
  const { __item, ...columns } = row;
  return { item: JSON.parse(__item) as T, columns };
}
