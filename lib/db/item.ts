import type { Dialect } from "./dialect";
import { jsonObjectSql, type ApiFields, type Computed } from "./json-sql";
import type { RunSql } from "./engine";
import type { RefJoin } from "./list-query";
import { builder, joinRefs } from "./list-sql";
import { sql } from "kysely";
import { col, template, type Slot, type Sql, type TableName } from "./sql";

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

/** A key's shape: whether it names a team ("t" or "-"), and the names of its values. */
function shapeOf(keys: readonly ItemKey[]): string {
  const names = Object.keys(keys[0].values ?? {}).sort();
  for (const key of keys) if (Object.keys(key.values ?? {}).sort().join() !== names.join()) throw new Error("the keys of one read must give the same values");
  return `${keys.map((key) => (key.team === undefined ? "-" : "t")).join("")}|${names.join(",")}`;
}

const columnsRead = <T>(source: ItemSource<T>) => Object.entries(source.columns ?? {}).map(([alias, column]) => col(column).as(alias));

/** The item's row by id (and team). */
function oneKeySql<T>(dialect: Dialect, slot: Slot<string>, source: ItemSource<T>, byTeam: boolean) {
  const item = dialect.jsonText(jsonObjectSql(dialect, source.fields, source.computed?.(dialect, (name) => slot(`0:value:${name}`))));
  const statement = joinRefs(builder(dialect).selectFrom(`${source.table} as t`), source.joins, "left")
    .select([sql.lit(0).as("__key"), item.as("__item"), ...columnsRead(source)])
    .where(col("id"), "=", slot("0:id"));
  return byTeam ? statement.where(col("team_id"), "=", slot("0:team")) : statement;
}

/** The keys as rows `k` joined once to the item's join tree, the computed fields reading each key's values (`v_<name>`) from its row. */
function keysSql<T>(dialect: Dialect, slot: Slot<string>, source: ItemSource<T>, kinds: string, names: readonly string[]) {
  const keyRows = [...kinds].map((kind, i) =>
    dialect.db.selectNoFrom([
      sql.lit(i).as("key"),
      sql`${slot(`${i}:id`)}`.as("id"),
      (kind === "t" ? sql`${slot(`${i}:team`)}` : sql`NULL`).as("team"),
      ...names.map((name) => sql`${slot(`${i}:value:${name}`)}`.as(`v_${name}`)),
    ]),
  );
  const computed = source.computed?.(dialect, (name) => {
    if (!names.includes(name)) throw new Error(`the keys give no value ${name}`);
    return sql.ref(`k.v_${name}`);
  });
  const item = dialect.jsonText(jsonObjectSql(dialect, source.fields, computed));
  const rows = builder(dialect)
    .selectFrom(keyRows.reduce((all, row) => all.unionAll(row)).as("k"))
    .innerJoin(`${source.table} as t`, (join) => join.onRef("t.id", "=", "k.id").on(({ or, eb }) => or([eb("k.team", "is", null), eb("t.team_id", "=", eb.ref("k.team"))])));
  return joinRefs(rows, source.joins, "left").select([sql.ref("k.key").as("__key"), item.as("__item"), ...columnsRead(source)]);
}

/**
 * The statement reading the item once for each key of `shape`. One key: the item's row by id (and
 * team). Several (a deal as each team of a step's audience sees it): the keys as rows `k`, one a
 * key, joined once to the item's join tree, the computed fields reading each key's values from
 * its row; one plan for all the keys, where a UNION of one branch a key made PostgreSQL plan the
 * join tree once per key. Refs are LEFT JOINed: a write's transaction runs its statements unnamed,
 * so PostgreSQL plans each on every call (docs/performance-decisions.md, "Writes of our own").
 */
function itemTemplate<T>(source: ItemSource<T>, shape: string): ItemTemplate {
  let bySource = templates.get(source as ItemSource<unknown>);
  if (bySource === undefined) templates.set(source as ItemSource<unknown>, (bySource = new Map()));
  let found = bySource.get(shape);
  if (found === undefined) {
    const [kinds, joined] = shape.split("|");
    const names = joined === "" ? [] : joined.split(",");
    found = template<string>((dialect, slot) => (kinds.length === 1 ? oneKeySql(dialect, slot, source, kinds === "t") : keysSql(dialect, slot, source, kinds, names)));
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
  return itemTemplate(source, shapeOf(keys))(dialect, values);
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
