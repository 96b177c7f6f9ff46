import { toStoredDecimal } from "../domain/decimal";
import { counterSql, teamCounterSql, type Counter } from "../cache/counters";
import { createCache } from "../cache/registry";
import { sql, type Kysely, type SelectQueryBuilder, type SqlBool } from "kysely";
import type { Dialect } from "./dialect";
import { jsonObjectSql, type ApiFields, type Computed, type ComputedFields, type FieldKind } from "./json-sql";
import { Filters, col, compileTemplate, compiled, type Column, type Fragment, type Selected, type Slot, type Sql, type TableName, type Tables } from "./sql";

/**
 * The page engine: one statement per list page, which returns the page's items as the API's JSON,
 * the list table's change version and, when no cached count is valid, the count. It knows no
 * resource: each resource describes its list as a ListQuery (lib/<resource>/queries.ts). Why not
 * Prisma's findMany + count: docs/performance.md, "One statement per page".
 *
 * Statements are pure text and values, so the benchmark's floor (bench/floor.ts) runs exactly the
 * app's statements on bare drivers.
 */

export interface OrderBy {
  column: string;
  direction: "asc" | "desc";
}

/** The row a `ref` field reads, joined under its name: `JOIN <table> <as> ON <as>.id = t.<on>`. */
export interface RefJoin {
  table: TableName;
  as: string;
  on: string;
}

/** A list as a resource describes it: what to read, which rows, in which order, which page. */
export interface ListQuery<T, TB extends TableName = TableName> {
  /** The table listed, read as `t`; it must have a `table_versions` counter (its triggers bump it). */
  table: TB;
  /**
   * The one team whose rows are listed, if any: the engine adds `t.team_id = team` itself and keeps
   * the list's cached facts under that team's change counter (`team_table_versions`, bumped by the
   * same triggers), so other teams' writes leave them valid (docs/performance.md, "Writes").
   */
  team?: string;
  /** The items' fields (lib/db/json-sql.ts). */
  fields: ApiFields<T>;
  /**
   * Fields computed per row rather than read from their column (lib/db/json-sql.ts
   * ComputedFields), written with the statement's parameters. When they depend on who asks, say so
   * in `viewer`.
   */
  computed?: Computed;
  /** The values `computed` reads, by name. */
  values?: Readonly<Record<string, string>>;
  /** Who the items are shown to, when `computed` depends on it: part of the page's cache key (pageKey). */
  viewer?: string;
  /** The joins of the `ref` fields' rows. */
  joins?: readonly RefJoin[];
  /**
   * The other change counters the items depend on: those of the rows the join reads (`companies`
   * for the issuer's name). Part of the page's version (PageResult.version), nothing else.
   */
  dependsOn?: readonly Counter[];
  /** The conditions that decide which rows are listed (and counted). */
  where(filters: Filters<Tables[TB]>): void;
  /**
   * Conditions that steer the plan without changing which rows match (say, "among the candidates
   * of a search index"), chosen knowing the scope's last cached count, when there is one. Not
   * part of the count's cache key: the count is the same with or without them.
   */
  plan?(filters: Filters<Tables[TB]>, knownCount: number | undefined): void;
  order: OrderBy;
  limit: number;
  offset: number;
  /**
   * The row the page follows, from a caller's cursor (docs/api.md, "Cursors"): the page starts
   * right after it in the order (`offset` is then 0), and tells whether rows follow it.
   */
  after?: PageKey;
  /**
   * The best plan does not depend on the values (a team, equality filters, a range on the order's
   * column): such a page, from its start, may then write its page size and offset as literals, so
   * PostgreSQL keeps one generic plan (docs/performance.md, "PostgreSQL generic plans"). Not for a
   * range on another column or a search, whose best plan depends on the value.
   */
  genericPlan?: boolean;
  /**
   * Choose the page's ids first, then read those rows (default). Off for small tables, where the
   * planner may turn the join around and scan the table instead.
   */
  lateLookup?: boolean;
}

/** What the engine runs statements with. */
export type RunSql = <R>(sql: Sql) => Promise<R[]>;

/** The same, each row as the array of its values in column order (no object per row: exports). */
export type RunRows = (sql: Sql) => Promise<unknown[][]>;

export interface Engine {
  dialect: Dialect;
  run: RunSql;
  /** Rows as arrays, when the engine has a cheaper way than `run` (lib/db/export.ts falls back on `run`). */
  rows?: RunRows;
  cache: ListCache;
}

/** The engine's rows-as-arrays runner, or `run` with each row's values in column order. */
export function rowsRunner(engine: Engine): RunRows {
  if (engine.rows) return engine.rows;
  return async (sql) => (await engine.run<Record<string, unknown>>(sql)).map((row) => Object.values(row));
}

/** A row's place in the list's order: its sort field as the API writes it, and its id (the tie-break). */
export interface PageKey {
  value: string;
  id: string;
}

/** Where a page starts in the list's order (see ListCache). */
export interface PageStart extends PageKey {
  /** The page's first row (true) or the row just before it (false). */
  inclusive: boolean;
}

interface PageOptions {
  withCount: boolean;
  start?: PageStart;
  knownCount?: number;
}

// The engine knows no resource: it reads tables by name, and the resources' filters carry the types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnySelect = SelectQueryBuilder<any, any, any>;

function builder(dialect: Dialect): AnyDb {
  return dialect.db as unknown as AnyDb;
}

/** A list's computed fields with its values in place. */
export function computedOf<T>(dialect: Dialect, list: Pick<ListQuery<T>, "computed" | "values">): ComputedFields | undefined {
  return list.computed?.(dialect, (name) => {
    const value = list.values?.[name];
    if (value === undefined) throw new Error(`the list gives no value ${name}`);
    return value;
  });
}

export function orderClause(order: OrderBy): Fragment {
  // The id tie-break is always ascending, whatever the direction of the sort.
  return sql`${col(order.column)} ${sql.raw(order.direction === "desc" ? "DESC" : "ASC")}, ${col("id")} ASC`;
}

/** The listed table as `t`, with the rows its `ref` fields read joined. */
export function fromList(dialect: Dialect, list: { table: TableName; joins?: readonly RefJoin[] }): AnySelect {
  return joinRefs(builder(dialect).selectFrom(`${list.table} as t`), list.joins);
}

function joinRefs(query: AnySelect, joins: readonly RefJoin[] = []): AnySelect {
  return joins.reduce((joined, join) => joined.innerJoin(`${join.table} as ${join.as}`, `${join.as}.id`, `t.${join.on}`), query);
}

/**
 * The counter a list's cached facts are kept under: its team's (`team`, the list's own or a
 * template's slot for it), else its table's (lib/cache/counters.ts).
 */
export function listCounterSql(list: { table: TableName; team?: string }, team = list.team): Fragment {
  return list.team === undefined ? counterSql(list.table as Counter) : teamCounterSql(list.table, team!);
}

/** The counters of a list's version: its own as `__v`, those it depends on as `__d0`, `__d1`, … */
function versionColumns<T>(list: ListQuery<T>, team = list.team) {
  return [listCounterSql(list, team).as("__v"), ...(list.dependsOn ?? []).map((name, i) => counterSql(name).as(`__d${i}`))];
}

/**
 * Whether a list is a team's whole list (no condition but its team): its count is then the team's
 * row count, which the same triggers keep in `team_table_versions` (exact, and read in the page's
 * snapshot), so no write makes it recount.
 */
function isWholeTeam<T>(dialect: Dialect, list: ListQuery<T>): boolean {
  if (list.team === undefined) return false;
  const probe = new Filters<Tables[TableName]>(dialect);
  list.where(probe);
  list.plan?.(probe, undefined);
  return probe.terms.length === 0;
}

function teamRowCountSql<T>(list: ListQuery<T>, team: string): Fragment {
  return sql`(SELECT COALESCE(MAX(row_count), 0) FROM team_table_versions WHERE table_name = ${sql.lit(list.table)} AND team_id = ${team})`;
}

/** The rows a list selects: its team first (when it has one), then its own conditions. */
export function selection<T>(dialect: Dialect, list: Pick<ListQuery<T>, "team" | "where">): Filters<Tables[TableName]> {
  const filters = new Filters<Tables[TableName]>(dialect);
  filters.equals("team_id" as Column<Tables[TableName]>, list.team);
  list.where(filters);
  return filters;
}

function conditionsOf<T>(dialect: Dialect, list: ListQuery<T>, knownCount: number | undefined): Filters<Tables[TableName]> {
  const filters = selection(dialect, list);
  list.plan?.(filters, knownCount);
  return filters;
}

/**
 * The page statement: exactly one row holding `__items` (the page as a JSON array), `__keys`
 * (each row's sort value and id: page starts and cursors), `__v` (the table's version), `__n`
 * (the count, when asked) and, after a cursor, `__more` (1 when a row follows the page), so
 * even a page past the end answers in one statement.
 *
 * The page's ids are chosen first and only its rows are read ("late row lookup"): a deep page
 * walks the covering (scope, sort column, id) index and fetches nothing it skips; from a known
 * `start` the index seeks there instead. The counter and count subqueries are uncorrelated, so
 * each runs once, in the same snapshot as the rows.
 *
 * Pages of one shape (the list's declaration, its filters without their values, the window's
 * kind) are one statement text, compiled once and kept by that shape (`driver.pageStatements`);
 * each call fills in its values.
 */
export function pageSql<T>(dialect: Dialect, list: ListQuery<T>, options: PageOptions): Sql {
  const where = conditionsOf(dialect, list, options.knownCount);
  const start = list.after ? { ...list.after, inclusive: false } : options.start;
  if (start) addStart(dialect, where, list, start);
  const count = !options.withCount ? "none" : isWholeTeam(dialect, list) ? "team" : conditionsOf(dialect, list, options.knownCount);
  const counted = typeof count === "string" ? undefined : count;
  const offset = start ? 0 : list.offset;
  // A range on the column the page is ordered by is read from that column's index whatever its
  // value: only a range elsewhere makes the plan depend on values
  // (docs/performance.md, "PostgreSQL generic plans").
  const valueDependent = where.rangedColumns.some((column) => column !== list.order.column);
  const genericPage = list.genericPlan === true && !valueDependent && offset === 0;
  const literalLimit = dialect.literalLimit(genericPage);
  if (literalLimit && !(Number.isSafeInteger(list.limit) && list.limit > 0)) throw new RangeError(`bad page size ${list.limit}`);
  const shape = {
    count: counted ? `rows: ${counted.shape()}` : count,
    limit: literalLimit ? list.limit : "?",
    genericPage,
    more: list.after !== undefined,
  };
  const key = [
    dialect.kind,
    declarationId(list.fields),
    list.computed ? declarationId(list.computed) : "",
    list.table,
    (list.joins ?? []).map((join) => `${join.table} ${join.as} ${join.on}`).join(),
    list.team === undefined ? "" : "team",
    (list.dependsOn ?? []).join(),
    `${list.order.column} ${list.order.direction}`,
    String(list.lateLookup),
    JSON.stringify(shape),
    where.shape(),
  ].join("\u0000");
  let fill = pageStatements.get(key);
  if (fill === undefined) pageStatements.set(key, (fill = compileTemplate(dialect, (slot) => pageStatement(dialect, list, { where, count, literalLimit, genericPage }, slot))));
  const values: Record<string, unknown> = { team: list.team, limit: list.limit, offset };
  for (const [name, value] of Object.entries(list.values ?? {})) values[`value:${name}`] = value;
  where.values().forEach((value, i) => (values[`w${i}`] = value));
  counted?.values().forEach((value, i) => (values[`c${i}`] = value));
  return fill(values);
}

// Page statements by shape (pageSql). Shapes are few per list (its filters present, how many
// values an IN has, the sort, the window's kind), so the bound is never reached in use.
const pageStatements = createCache<string, (values: Readonly<Record<string, unknown>>) => Sql>("driver.pageStatements");

// A number per declaration object (fields, computed), for the shape's key.
const declarations = new WeakMap<object, number>();
let declared = 0;
function declarationId(declaration: object): number {
  let id = declarations.get(declaration);
  if (id === undefined) declarations.set(declaration, (id = ++declared));
  return id;
}

/**
 * What `__keys` writes of each row: the sort column as the API writes it (a column the items show
 * under another name, as ops' team_id, as stored text) and the id, so a cursor names a row
 * whether or not the items show it (the tape).
 */
function keyFields<T>(list: ListQuery<T>): ApiFields<Record<string, string>> {
  const column = list.order.column;
  const kind = (list.fields as Record<string, FieldKind | undefined>)[column] ?? "text";
  return { [column]: kind, id: "text" } as ApiFields<Record<string, string>>;
}

/** The page statement of pageSql, with slots for every value (`team`, `limit`, `offset`, `w<i>`, `c<i>`, `value:<name>`). */
function pageStatement<T>(
  dialect: Dialect,
  list: ListQuery<T>,
  page: { where: Filters<Tables[TableName]>; count: "none" | "team" | Filters<Tables[TableName]>; literalLimit: boolean; genericPage: boolean },
  slot: Slot<string>,
) {
  const db = builder(dialect);
  const order = orderClause(list.order);
  const computed = list.computed?.(dialect, (name) => slot(`value:${name}`));
  const items = dialect.jsonArrayAgg(jsonObjectSql(dialect, list.fields, computed), order);
  const team = slot("team");
  const columns: Selected[] = [items.as("__items"), dialect.jsonArrayAgg(jsonObjectSql(dialect, keyFields(list)), order).as("__keys"), ...versionColumns(list, team)];
  if (page.count === "team") columns.push(teamRowCountSql(list, team).as("__n"));
  else if (page.count !== "none") {
    const rows = page.count.toSql((i) => slot(`c${i}`));
    columns.push(db.selectFrom(`${list.table} as t`).select(sql`count(*)`.as("n")).where(rows).as("__n"));
  }
  const limit = page.literalLimit ? sql.lit(list.limit) : sql<number>`${slot("limit")}`;
  const window = (query: AnySelect) =>
    query
      .where(page.where.toSql((i) => slot(`w${i}`)))
      .orderBy(order)
      .limit(limit)
      .offset(page.genericPage ? sql.lit(0) : sql<number>`${slot("offset")}`);
  // A cursor's page: whether a row follows it, from the same seek (limit + 1 rows at most).
  if (list.after) {
    const following = db.selectFrom(`${list.table} as t`).select(sql.lit(1).as("x")).where(page.where.toSql((i) => slot(`w${i}`))).orderBy(order).limit(1).offset(limit);
    columns.push(sql`CASE WHEN EXISTS ${following} THEN 1 ELSE 0 END`.as("__more"));
  }
  const rowKey = sql`t.${sql.raw(dialect.rowKey)}`;
  const pageRows =
    list.lateLookup === false
      ? db.selectFrom(window(db.selectFrom(`${list.table} as t`).selectAll("t")).as("t"))
      : db
          .selectFrom(window(db.selectFrom(`${list.table} as t`).select(rowKey.as("k"))).as("p"))
          .innerJoin(`${list.table} as t`, (join) => join.on(sql<SqlBool>`${rowKey} = p.k`));
  return joinRefs(pageRows, list.joins).select(columns);
}

/** The count of the list's rows and the table's version, in one snapshot. */
export function countSql<T>(dialect: Dialect, list: Pick<ListQuery<T>, "table" | "team" | "where">): Sql {
  const query = builder(dialect)
    .selectFrom(`${list.table} as t`)
    .select([sql`count(*)`.as("__n"), listCounterSql(list).as("__v")])
    .where(selection(dialect, list).toSql());
  return compiled(dialect, query);
}

/**
 * Adds the rows at or after `start` in the order (sort column in its direction, then id
 * ascending): a range on the sort column, which the index seeks to, and the id tie-break for rows
 * that share the start's value. Sort columns are NOT NULL, so no NULL ordering applies.
 */
export function addStart<T>(dialect: Dialect, filters: Filters<Tables[TableName]>, list: ListQuery<T>, start: PageStart): void {
  const column = col(list.order.column);
  const kind = (list.fields as Record<string, string>)[list.order.column];
  const stored = kind === "timestamp" ? dialect.timestampParam(new Date(start.value)) : kind === "decimal" ? toStoredDecimal(start.value) : start.value;
  const value = (param: unknown) => (kind === "timestamp" ? dialect.timestampSql(param) : sql`${param}`);
  const beyond = sql.raw(list.order.direction === "desc" ? "<" : ">");
  const tieBreak = sql.raw(start.inclusive ? ">=" : ">");
  filters.add(
    `from ${kind} ${list.order.direction} ${start.inclusive ? "on" : "after"}`,
    [stored, stored, start.id],
    ([from, beyondFrom, id]) => sql<SqlBool>`${column} ${beyond}= ${value(from)} AND (${column} ${beyond} ${value(beyondFrom)} OR ${col("id")} ${tieBreak} ${id})`,
  );
}

/**
 * Facts about a list that cannot have changed: the count of a filtered scope, and where a page
 * starts. Each is kept with the table's version read in the same statement; any write to the
 * table bumps the version (database triggers, so writes from any process or tool count), and
 * every page statement reads the current one, so a stale fact is never used.
 *
 * Page starts make deep pages seek (docs/performance.md, "Deep pages"): page N of an unchanged list
 * starts where it started last time, and a page records where the next one starts.
 */
export class ListCache {
  readonly counts = createCache<string, { version: string; count: number }>("listFacts.counts");
  readonly starts = createCache<string, PageStart & { version: string }>("listFacts.starts");
  /** Faceted counts (lib/db/facets.ts) by statement, with the counter they were read under. */
  readonly facets = createCache<string, { version: string; counts: Record<string, number> }>("listFacts.facets");
}

export interface PageResult<T> {
  /** The page's items as a JSON array, exactly as the API writes them. */
  itemsJson: string;
  readonly __item?: T;
  total: number;
  /** The change counters the page was read at (see listVersion). */
  version: string;
  /** The list's own counter among them (listCounterSql): facts derived from the same rows can be kept under it. */
  counter: string;
  /** The page's last row, when a row follows it: where the next page starts (a cursor's row). */
  next?: PageKey;
}

type PageRow = { __items: unknown; __keys: unknown; __v: unknown; __n?: unknown; __more?: unknown } & Record<`__d${number}`, unknown>;

function versionOf<T>(list: ListQuery<T>, row: Record<string, unknown>): string {
  return [row.__v, ...(list.dependsOn ?? []).map((_, i) => row[`__d${i}`])].map(String).join(".");
}

/**
 * The change counters a list's page depends on, as its PageResult.version would be now: equal
 * versions mean an identical page, so a client's copy can be confirmed without reading the page.
 */
export async function listVersion<T>(engine: Engine, list: ListQuery<T>): Promise<string> {
  const [row] = await engine.run<Record<string, unknown>>(compiled(engine.dialect, builder(engine.dialect).selectNoFrom(versionColumns(list))));
  return versionOf(list, row);
}

/** Which rows a list selects, as the key its count is cached under: the table and the WHERE clause (the team's term among them). */
function scopeKey<T>(dialect: Dialect, list: ListQuery<T>): string {
  const where = selection(dialect, list);
  return `${list.table}\u0000${where.shape()}\u0000${JSON.stringify(where.values())}`;
}

/** Identifies a list's page (its rows, order and window) across requests. */
export function pageKey<T>(dialect: Dialect, list: ListQuery<T>): string {
  const after = list.after ? `${list.after.value}\u0000${list.after.id}` : "";
  return `${scopeKey(dialect, list)}\u0000${list.order.column} ${list.order.direction}\u0000${list.offset}\u0000${list.limit}\u0000${list.viewer ?? ""}\u0000${after}`;
}

/**
 * Runs a page in one statement: with the cached count and from the page's cached start when the
 * table's version confirms them, else (after a write) once more with the count and without the
 * start, so rows and count always come from one snapshot. Then records what the page taught.
 */
export async function runPage<T>(engine: Engine, list: ListQuery<T>): Promise<PageResult<T>> {
  const countKey = scopeKey(engine.dialect, list);
  const startKey = (offset: number) => `${countKey}\u0000${list.order.column} ${list.order.direction}\u0000${offset}`;
  const count = engine.cache.counts.get(countKey);
  // A cursor's page starts at its row (pageSql); a numbered one where it started last time.
  const start = list.offset > 0 && !list.after ? engine.cache.starts.get(startKey(list.offset)) : undefined;
  const knownCount = count?.count;
  // A team's whole list always reads its kept row count: free, and never stale.
  const kept = isWholeTeam(engine.dialect, list);
  let [row] = await engine.run<PageRow>(pageSql(engine.dialect, list, { withCount: kept || count === undefined, start, knownCount }));
  const version = String(row.__v);
  const fresh = (fact: { version: string } | undefined) => fact !== undefined && fact.version === version;
  if ((!kept && count && !fresh(count)) || (start && !fresh(start))) {
    [row] = await engine.run<PageRow>(pageSql(engine.dialect, list, { withCount: true, knownCount }));
  }
  // No count column: the statement ran once, with a cached count that proved fresh.
  const total = row.__n === undefined ? count!.count : Number(row.__n);
  if (!fresh(count)) engine.cache.counts.set(countKey, { version, count: total });
  // Parsed only when needed: the next page's start, or starts to learn.
  let keys: PageKey[] | undefined;
  const keysOf = () => (keys ??= (JSON.parse(String(row.__keys)) as Record<string, unknown>[]).map((key) => ({ value: String(key[list.order.column]), id: String(key.id) })));
  const more = list.after ? Number(row.__more) === 1 : list.offset + list.limit < total;
  if (!list.after) rememberStarts(engine.cache, list, keysOf, version, total, startKey);
  const next = more ? keysOf().at(-1) : undefined;
  return { itemsJson: String(row.__items), total, version: versionOf(list, row), counter: String(row.__v), ...(next && { next }) };
}

function rememberStarts<T>(
  cache: ListCache,
  list: ListQuery<T>,
  keysOf: () => PageKey[],
  version: string,
  total: number,
  startKey: (offset: number) => string,
): void {
  const next = list.offset + list.limit;
  const known = (offset: number) => cache.starts.get(startKey(offset))?.version === version;
  const learnThis = list.offset > 0 && list.offset < total && !known(list.offset);
  const learnNext = next < total && !known(next);
  if (!learnThis && !learnNext) return;
  const keys = keysOf();
  if (learnThis && keys.length > 0) cache.starts.set(startKey(list.offset), { ...keys[0], inclusive: true, version });
  if (learnNext && keys.length === list.limit) cache.starts.set(startKey(next), { ...keys[keys.length - 1], inclusive: false, version });
}
