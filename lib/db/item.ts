import type { Dialect } from "./dialect";
import { jsonObjectSql, type ApiFields, type Computed } from "./json-sql";
import type { RunSql } from "./engine";
import type { RefJoin } from "./list-query";
import { fromList } from "./list-sql";
import { sql } from "kysely";
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
const templates = new WeakMap<ItemSource<unknown>, Map<string, ItemTemplate>>();

/**
 * The statement reading the item once for each key, `shape` saying which keys name a team ("t")
 * and which do not ("-"): one branch a key, joined by UNION ALL, each tagged with its key's place.
 */
function itemTemplate<T>(source: ItemSource<T>, shape: string): ItemTemplate {
  let bySource = templates.get(source as ItemSource<unknown>);
  if (bySource === undefined) templates.set(source as ItemSource<unknown>, (bySource = new Map()));
  let found = bySource.get(shape);
  if (found === undefined) {
    found = template<string>((dialect, slot) => {
      const columns = Object.entries(source.columns ?? {}).map(([alias, column]) => col(column).as(alias));
      const branches = [...shape].map((kind, i) => {
        const item = dialect.jsonText(jsonObjectSql(dialect, source.fields, source.computed?.(dialect, (name) => slot(`${i}:value:${name}`))));
        const statement = fromList(dialect, source)
          .select([sql.lit(i).as("__key"), item.as("__item"), ...columns])
          .where(col("id"), "=", slot(`${i}:id`));
        return kind === "t" ? statement.where(col("team_id"), "=", slot(`${i}:team`)) : statement;
      });
      return branches.reduce((all, branch) => all.unionAll(branch));
    });
    bySource.set(shape, found);
  }
  return found;
}

function itemSql<T>(dialect: Dialect, source: ItemSource<T>, keys: readonly ItemKey[]): Sql {
  const values: Record<string, unknown> = {};
  keys.forEach((key, i) => {
    values[`${i}:id`] = key.id;
    if (key.team !== undefined) values[`${i}:team`] = key.team;
    for (const [name, value] of Object.entries(key.values ?? {})) values[`${i}:value:${name}`] = value;
  });
  return itemTemplate(source, keys.map((key) => (key.team === undefined ? "-" : "t")).join(""))(dialect, values);
}

type Item<T> = { item: T; columns: Record<string, unknown> };

/**
 * The item as the API shows it, and the columns read beside it; undefined when no row (of that
 * team) has the id. `run` may be a transaction's.
 */
export async function readItem<T>(run: RunSql, dialect: Dialect, source: ItemSource<T>, key: ItemKey): Promise<Item<T> | undefined> {
  const [found] = await readItems(run, dialect, source, [key]);
  return found;
}

/** readItem for each of `keys` (the item as each of several viewers sees it), in one statement. */
export async function readItems<T>(run: RunSql, dialect: Dialect, source: ItemSource<T>, keys: readonly ItemKey[]): Promise<(Item<T> | undefined)[]> {
  const found: (Item<T> | undefined)[] = keys.map(() => undefined);
  if (keys.length === 0) return found;
  for (const { __key, __item, ...columns } of await run<Record<string, unknown> & { __key: number | string; __item: string }>(itemSql(dialect, source, keys))) {
    // A key without a team may read several rows of the id (one per party): the first answers.
    found[Number(__key)] ??= { item: JSON.parse(__item) as T, columns };
  }
  return found;
}
