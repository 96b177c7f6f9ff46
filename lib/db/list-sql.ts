import type { CompanyListQuery, CompanySummary } from "../companies/schema";
import { COMPANY_ROW_COLUMNS, COMPANY_SUMMARY_FIELDS } from "../companies/serializer";
import type { Indication, IndicationListQuery, IndicationSortField } from "../indications/schema";
import { INDICATION_FIELDS } from "../indications/serializer";
import type { Trade, TradeListQuery, TradeSortField } from "../trades/schema";
import { TRADE_FIELDS } from "../trades/serializer";
import { toStoredDecimal } from "../domain/decimal";
import { pageOffset } from "../api/pagination";
import { LruCache } from "../lru";
import { jsonObjectSql, type ApiFields } from "./json-sql";
import type { DatabaseKind } from "./url";

/**
 * Hand-written SQL for the hot list queries (GET /my/indications, /my/trades, /companies), built
 * from the parsed queries (lib/<resource>/schema.ts): the only query path of the lists. Why not
 * findMany + count: see docs/performance.md. In short, at 1 M rows Prisma's pair costs two to four
 * round trips per page (rows, the issuer include, the count) plus its query compilation, and the
 * count scans every row of the team's scope on every request. Here a page is one statement that
 * returns the rows, the table's change version and, when no valid cached count exists, the count.
 *
 * The builder is pure (no Prisma, no driver), so the benchmark's floor server (bench/floor.ts) runs
 * exactly the same statements through better-sqlite3 / pg.
 */

export interface Sql {
  text: string;
  values: unknown[];
}

export type Dialect = DatabaseKind;

/** Collects parameters and writes the dialect's placeholders ("?" or "$n"). */
export class SqlWriter {
  readonly values: unknown[] = [];
  constructor(readonly dialect: Dialect) {}

  param(value: unknown): string {
    this.values.push(value);
    return this.dialect === "sqlite" ? "?" : `$${this.values.length}`;
  }

  /** A timestamp parameter: epoch milliseconds on SQLite (unixepoch-ms), timestamp(3) on PostgreSQL. */
  timestamp(value: Date): string {
    if (this.dialect === "sqlite") return this.param(value.getTime());
    // timestamp(3) without time zone holds UTC (Prisma's convention): compare with the UTC wall time.
    return `${this.param(value.toISOString().slice(0, -1))}::timestamp`;
  }

  boolean(value: boolean): string {
    return this.dialect === "sqlite" ? this.param(value ? 1 : 0) : this.param(value);
  }
}

/** A WHERE clause under construction: `column op value` terms joined by AND. */
export class Conditions {
  readonly terms: string[] = [];
  /** A range condition was added: its selectivity depends on the value (see PageSqlInput.genericPlan). */
  ranged = false;
  constructor(readonly sql: SqlWriter) {}

  equals(column: string, value: string | undefined) {
    if (value !== undefined) this.terms.push(`${column} = ${this.sql.param(value)}`);
  }

  /** One value: `=`; several: IN (...). Undefined: no condition. */
  oneOf(column: string, values: readonly string[] | undefined) {
    if (values === undefined) return;
    if (values.length === 1) this.terms.push(`${column} = ${this.sql.param(values[0])}`);
    else this.terms.push(`${column} IN (${values.map((v) => this.sql.param(v)).join(", ")})`);
  }

  /** Inclusive range of comparable text (stored decimals, YYYY-MM-DD dates). */
  between(column: string, min: string | undefined, max: string | undefined) {
    if (min !== undefined) this.terms.push(`${column} >= ${this.sql.param(min)}`);
    if (max !== undefined) this.terms.push(`${column} <= ${this.sql.param(max)}`);
    if (min !== undefined || max !== undefined) this.ranged = true;
  }

  /** A timestamp column against a point in time. Undefined: no condition. */
  compare(column: string, operator: ">" | "<" | ">=", value: Date | undefined) {
    if (value === undefined) return;
    this.terms.push(`${column} ${operator} ${this.sql.timestamp(value)}`);
    this.ranged = true;
  }

  raw(term: string) {
    this.terms.push(term);
  }

  toString(): string {
    return this.terms.length ? this.terms.join(" AND ") : "TRUE";
  }
}

export interface OrderBy {
  column: string;
  direction: "asc" | "desc";
}

function orderClause(alias: string, order: OrderBy): string {
  // The id tie-break is always ascending, whatever the direction of the sort (the Prisma order).
  return `${alias}.${order.column} ${order.direction === "desc" ? "DESC" : "ASC"}, ${alias}.id ASC`;
}

/** Tables whose writes bump `table_versions` (triggers of the perf migration). */
export type VersionedTable = "indications" | "trades" | "companies";

/**
 * A change counter of `table_versions`: a table's, or 'auth', which every change to what an API
 * key resolves to bumps (migration 20261126020000_auth_version; see lib/auth/caller.ts).
 */
function versionSubquery(sql: SqlWriter, name: VersionedTable | "auth"): string {
  return `(SELECT version FROM table_versions WHERE name = ${sql.param(name)})`;
}

export interface PageSqlInput<T> {
  dialect: Dialect;
  table: VersionedTable;
  /** The items' fields (lib/db/json-sql.ts), read from alias `t` (and `c` for the issuer join). */
  fields: ApiFields<T>;
  /** Extra FROM clause after `t` (e.g. the issuer join). */
  join?: string;
  where: (conditions: Conditions) => void;
  /**
   * Conditions that steer the plan without changing which rows match (say, "among the candidates
   * of a search index"), chosen knowing the scope's count from the list cache when there is one.
   * Not part of the count's cache key: the count is the same with or without them.
   */
  plan?: (conditions: Conditions, knownCount: number | undefined) => void;
  /** The scope's count as last cached (a hint for `plan`; may be stale). */
  knownCount?: number;
  order: OrderBy;
  limit: number;
  offset: number;
  /** Include the count as a column (no valid cached count). */
  withCount: boolean;
  /** Where the page starts, when known (a cached PageStart): the index seeks there instead of skipping `offset` rows. */
  start?: PageStart;
  /**
   * The best plan does not depend on the values (the team, equality filters): a page without range
   * filters, from its start, then gets its LIMIT and OFFSET 0 as literals, which lets PostgreSQL
   * keep one generic plan for the named statement instead of planning every call (~280 µs of a
   * ~680 µs page statement; docs/performance.md, step 19). Not for range filters, whose best index
   * depends on how selective the value is, nor for the company search, whose plan depends on the
   * term; nor for pages read by OFFSET, whose offsets would each be another statement.
   */
  genericPlan?: boolean;
  /**
   * Choose the page's ids first, then read those rows (default). Off for small tables, where the
   * planner may turn the join around and scan the table instead (companies: 10,000 rows).
   */
  lateLookup?: boolean;
}

/**
 * The page's items as one JSON text value, in page order, exactly as the API returns them
 * (lib/db/json-sql.ts). One value per statement instead of ~25 per row, and no per-row
 * JavaScript on the API's path (docs/performance.md, steps 5 and 12).
 */
function itemsAggregate<T>(dialect: Dialect, fields: ApiFields<T>, order: string): string {
  const item = jsonObjectSql(dialect, fields);
  return dialect === "sqlite"
    ? `json_group_array(${item} ORDER BY ${order})`
    : `coalesce(json_agg(${item} ORDER BY ${order}), '[]'::json)::text`;
}

/**
 * The page statement: always exactly one row holding `__items` (the page, see itemsAggregate),
 * `__v` (the table's version), `__a` (the auth version, which confirms a cached caller) and
 * optionally `__n` (the count of the filtered scope), so even a page past the end answers in one
 * statement.
 *
 * The page is chosen by an inner query that reads only ids (a "late row lookup"): for a deep page
 * the skipped rows are walked in the covering (team, sort column, id) index and never fetched; only
 * the page's rows are then read from the table. When the page's first row is known (`start`), the
 * index seeks to it instead of walking. The count subquery and the version subquery are
 * uncorrelated, so each database evaluates them once per statement, in the same snapshot as the rows.
 */
export function pageSql<T>(input: PageSqlInput<T>): Sql {
  const sql = new SqlWriter(input.dialect);
  const version = versionSubquery(sql, input.table);
  const auth = versionSubquery(sql, "auth");
  let count = "";
  if (input.withCount) {
    const conditions = new Conditions(sql);
    input.where(conditions);
    input.plan?.(conditions, input.knownCount);
    count = `, (SELECT count(*) FROM ${input.table} t WHERE ${conditions}) AS "__n"`;
  }
  const conditions = new Conditions(sql);
  input.where(conditions);
  input.plan?.(conditions, input.knownCount);
  if (input.start) conditions.raw(startCondition(sql, input, input.start));
  const offset = input.start ? 0 : input.offset;
  const genericPage = input.genericPlan === true && !conditions.ranged && offset === 0;
  // SQLite runs the same plan ~35 % faster with the page size written out, whatever the filters
  // (measured, not explained; docs/performance.md, step 22). The offset stays a parameter there,
  // so the pages of a list share one statement.
  const literalLimit = genericPage || input.dialect === "sqlite";
  if (literalLimit && !(Number.isSafeInteger(input.limit) && input.limit > 0)) throw new RangeError(`bad page size ${input.limit}`);
  const limitOffset = `LIMIT ${literalLimit ? input.limit : sql.param(input.limit)} OFFSET ${genericPage ? 0 : sql.param(offset)}`;
  const order = orderClause("t", input.order);
  // SQLite: every index entry carries the rowid, and a table lookup by rowid skips the descent
  // through the id index that a lookup by id needs.
  const rowKey = input.dialect === "sqlite" ? "rowid" : "id";
  const pageRows =
    input.lateLookup === false
      ? `(SELECT t.* FROM ${input.table} t WHERE ${conditions} ORDER BY ${order} ${limitOffset}) t`
      : `(SELECT t.${rowKey} AS k FROM ${input.table} t WHERE ${conditions} ORDER BY ${order} ${limitOffset}) p ` +
        `JOIN ${input.table} t ON t.${rowKey} = p.k`;
  const text =
    `SELECT ${itemsAggregate(input.dialect, input.fields, order)} AS "__items", ${version} AS "__v", ${auth} AS "__a"${count} ` +
    `FROM ${pageRows}${input.join ? ` ${input.join}` : ""}`;
  return { text, values: sql.values };
}

/** The count of the filtered scope and the table's version, in one snapshot. */
export function countSql(input: Pick<PageSqlInput<unknown>, "dialect" | "table" | "where">): Sql {
  const sql = new SqlWriter(input.dialect);
  const version = versionSubquery(sql, input.table);
  const conditions = new Conditions(sql);
  input.where(conditions);
  return { text: `SELECT count(*) AS "__n", ${version} AS "__v" FROM ${input.table} t WHERE ${conditions}`, values: sql.values };
}

// ---------------------------------------------------------------------------------------------
// What a list remembers: counts and page starts

/**
 * Where a page starts in the list's order: its first row (inclusive), or the row just before it
 * (the previous page's last row, exclusive). `value` is that row's sort field as the API writes
 * it, `id` its id (the tie-break).
 */
export interface PageStart {
  value: string;
  id: string;
  inclusive: boolean;
}

/**
 * Facts about a list that cannot have changed: the count of a filtered scope, and where a page
 * starts. Each is cached with the table's version at the time it was read (same statement, same
 * snapshot); every insert, update or delete of the table bumps the version (database triggers, so
 * writes from any process or tool count), and a page statement returns the current version with
 * its rows, so a stale fact is never used: the cost of the check is one indexed single-row
 * subquery inside a statement we run anyway.
 *
 * Page starts make deep pages seek (docs/performance.md, step 13): page N of an unchanged list
 * starts where it started last time, so the index seeks to that row instead of walking the
 * (N - 1) x per_page entries before it; a page also records where the next one starts, so paging
 * forward seeks from the first page on.
 */
export class ListCache {
  readonly counts = new LruCache<string, { version: string; count: number }>(10_000);
  readonly starts = new LruCache<string, PageStart & { version: string }>(10_000);

  static countKey(sql: Sql): string {
    return `${sql.text}\u0000${JSON.stringify(sql.values)}`;
  }

  static startKey(countKey: string, order: OrderBy, offset: number): string {
    return `${countKey}\u0000${order.column} ${order.direction}\u0000${offset}`;
  }
}

/**
 * Rows at or after `start` in the order (sort column in its direction, then id ascending): a range
 * on the sort column, which the (team, ..., sort column, id) index seeks to, and the id tie-break
 * for rows that share the start's value. Sort columns are NOT NULL, so no NULL ordering applies.
 */
function startCondition<T>(sql: SqlWriter, input: PageSqlInput<T>, start: PageStart): string {
  const column = `t.${input.order.column}`;
  const kind = (input.fields as Record<string, string>)[input.order.column];
  const value = () =>
    kind === "timestamp" ? sql.timestamp(new Date(start.value)) : sql.param(kind === "decimal" ? toStoredDecimal(start.value) : start.value);
  const beyond = input.order.direction === "desc" ? "<" : ">";
  // Parameters in the order they appear (SQLite's "?" are positional).
  const range = `${column} ${beyond}= ${value()}`;
  const strictly = `${column} ${beyond} ${value()}`;
  return `${range} AND (${strictly} OR t.id ${start.inclusive ? ">=" : ">"} ${sql.param(start.id)})`;
}

export interface PageResult<T> {
  /** The page's items as a JSON array (itemsAggregate). */
  itemsJson: string;
  readonly __item?: T;
  total: number;
  /** The auth version read with the rows (lib/auth/caller.ts confirmCaller). */
  authVersion: string;
}

export type RunSql = <R>(sql: Sql) => Promise<R[]>;

type PageRow = { __items: unknown; __v: unknown; __a: unknown; __n?: unknown };

/**
 * Runs a page in one statement: with the count as a column when no count is cached, else with the
 * cached count, and from the page's cached start when there is one, provided the table's version
 * has not moved. After a write (version moved) the statement runs again with the count and without
 * the start, so rows and count always come from one snapshot. Then records what this page taught:
 * its count, where it starts and where the next page starts.
 */
export async function runPage<T>(run: RunSql, cache: ListCache, input: Omit<PageSqlInput<T>, "withCount" | "start" | "knownCount">): Promise<PageResult<T>> {
  const countKey = ListCache.countKey(countSql(input));
  const startKey = (offset: number) => ListCache.startKey(countKey, input.order, offset);
  const count = cache.counts.get(countKey);
  const start = input.offset > 0 ? cache.starts.get(startKey(input.offset)) : undefined;
  let [row] = await run<PageRow>(pageSql({ ...input, withCount: count === undefined, start, knownCount: count?.count }));
  const version = String(row.__v);
  const fresh = (fact: { version: string } | undefined) => fact !== undefined && fact.version === version;
  if ((count && !fresh(count)) || (start && !fresh(start))) {
    [row] = await run<PageRow>(pageSql({ ...input, withCount: true, knownCount: count?.count }));
  }
  // No count column: the statement ran once, with a cached count that proved fresh.
  const total = row.__n === undefined ? count!.count : Number(row.__n);
  if (!fresh(count)) cache.counts.set(countKey, { version, count: total });
  const itemsJson = String(row.__items);
  rememberStarts(cache, input, itemsJson, version, total, startKey);
  return { itemsJson, total, authVersion: String(row.__a) };
}

function rememberStarts<T>(
  cache: ListCache,
  input: Omit<PageSqlInput<T>, "withCount" | "start" | "knownCount">,
  itemsJson: string,
  version: string,
  total: number,
  startKey: (offset: number) => string,
): void {
  const next = input.offset + input.limit;
  const known = (offset: number) => cache.starts.get(startKey(offset))?.version === version;
  const learnThis = input.offset > 0 && input.offset < total && !known(input.offset);
  const learnNext = next < total && !known(next);
  if (!learnThis && !learnNext) return;
  // Parsed only when something is to be learnt: once per page and table version.
  const items = JSON.parse(itemsJson) as Record<string, unknown>[];
  const at = (item: Record<string, unknown>, inclusive: boolean) => ({
    value: String(item[input.order.column]),
    id: String(item.id),
    inclusive,
    version,
  });
  if (learnThis && items.length > 0) cache.starts.set(startKey(input.offset), at(items[0], true));
  if (learnNext && items.length === input.limit) cache.starts.set(startKey(next), at(items[items.length - 1], false));
}

// ---------------------------------------------------------------------------------------------
// The three lists. Each spec turns a parsed query into the page input.

const INDICATION_SORT_COLUMNS: Record<IndicationSortField, string> = {
  created_at: "created_at",
  updated_at: "updated_at",
  price_per_share: "price_per_share",
  volume: "volume",
};

const ISSUER_JOIN = "JOIN companies c ON c.id = t.issuer_id";

/** GET /my/indications: the team scope first (no filter can widen it), then every filter. */
export function indicationPageInput(dialect: Dialect, teamId: string, query: IndicationListQuery): Omit<PageSqlInput<Indication>, "withCount"> {
  return {
    dialect,
    table: "indications",
    fields: INDICATION_FIELDS,
    join: ISSUER_JOIN,
    genericPlan: true,
    where: (w) => {
      // The caller's team scope comes first and is not negotiable: no filter can widen it.
      w.equals("t.team_id", teamId);
      w.oneOf("t.side", query.side);
      w.oneOf("t.stage", query.stage);
      w.oneOf("t.structure", query.structure);
      w.oneOf("t.visibility", query.visibility);
      w.oneOf("t.stock_type", query.stock_type);
      w.oneOf("t.stock_class_type", query.stock_class_type);
      w.equals("t.issuer_id", query.issuer_id);
      w.compare("t.created_at", ">", query.created_after);
      w.compare("t.created_at", "<", query.created_before);
      w.compare("t.updated_at", ">=", query.updated_since);
      w.between("t.price_per_share", query.price_min, query.price_max);
      w.between("t.volume", query.volume_min, query.volume_max);
    },
    order: { column: INDICATION_SORT_COLUMNS[query.sort.field], direction: query.sort.direction },
    limit: query.per_page,
    offset: pageOffset(query),
  };
}

const TRADE_SORT_COLUMNS: Record<TradeSortField, string> = {
  created_at: "created_at",
  updated_at: "updated_at",
  sign_date: "sign_date",
  won_date: "won_date",
  price_per_share: "price_per_share",
  volume: "volume",
};

/** GET /my/trades (and the review totals): the team scope first, then every filter. */
export function tradePageInput(dialect: Dialect, teamId: string, query: TradeListQuery): Omit<PageSqlInput<Trade>, "withCount"> {
  return {
    dialect,
    table: "trades",
    fields: TRADE_FIELDS,
    join: ISSUER_JOIN,
    genericPlan: true,
    where: (w) => {
      w.equals("t.team_id", teamId);
      if (query.is_verified !== undefined) w.raw(`t.is_verified = ${w.sql.boolean(query.is_verified)}`);
      w.oneOf("t.structure", query.structure);
      w.oneOf("t.stock_type", query.stock_type);
      w.oneOf("t.stock_class_type", query.stock_class_type);
      w.equals("t.issuer_id", query.issuer_id);
      w.between("t.sign_date", query.sign_date_from, query.sign_date_to);
      w.between("t.won_date", query.won_date_from, query.won_date_to);
      w.compare("t.updated_at", ">=", query.updated_since);
      w.between("t.price_per_share", query.price_min, query.price_max);
      w.between("t.volume", query.volume_min, query.volume_max);
    },
    order: { column: TRADE_SORT_COLUMNS[query.sort.field], direction: query.sort.direction },
    limit: query.per_page,
    offset: pageOffset(query),
  };
}

/** The shortest term a trigram index can serve: shorter ones are matched by reading names. */
const TRIGRAM = 3;

/**
 * Whether the trigram index should find a search's matches. Reading names in order stops
 * once the page is full: about (offset + limit) x companies / matches names, ~0.25 µs each; the
 * index costs ~1.2 µs per match and then sorts them all. So the index wins while
 * matches² < ~0.2 x companies x (offset + limit); with 10,000 companies and a first page, up to
 * ~230 matches (SQLite: "north", 209 matches, 0.27 ms instead of 1.4 ms; "inc", 5,076 matches,
 * 28 µs by reading names instead of 6.3 ms; PostgreSQL alike; docs/performance.md, step 14). An
 * unknown count (the term's first request) takes the index: its worst case is bounded by the
 * table, and the count learnt then decides the next requests.
 */
function searchByIndex(knownCount: number | undefined, offset: number, limit: number): boolean {
  return knownCount === undefined || knownCount * knownCount < 2_000 * (offset + limit);
}

/** An FTS5 query for `term` as one literal phrase: inside double quotes only `"` is special. */
function ftsPhrase(term: string): string {
  return `"${term.replaceAll('"', '""')}"`;
}

/**
 * GET /companies (and the dashboard directory). `searchTerm` is companySearchTerm(q)
 * (lib/companies/search.ts): lower-cased like the stored search_text, with no LIKE wildcard left
 * in it, so "contains the term" is a plain, case-sensitive substring test on both databases:
 * `LIKE '%term%'` on PostgreSQL (which a trigram index can serve), `instr(search_text, term) > 0`
 * on SQLite (whose LIKE would also fold ASCII case, for nothing here, at twice the cost per name).
 * That test always decides which companies match.
 *
 * A term of three or more characters can also be looked up in a trigram index (migration
 * 20261126040000_company_search_trigram), when searchByIndex says so.
 *
 * SQLite: the FTS5 trigram table finds the candidates by MATCH, which answers with rowids alone (a
 * LIKE on the FTS5 table would read each candidate's text back to check it), and
 * company_search_keys turns them into ids (migration 20261126060000_company_search_keys). The
 * trigram tokenizer also folds letters that are already lower case ("ſ" as "s"), so MATCH finds a
 * superset of the matches.
 *
 * PostgreSQL: the pg_trgm GIN index serves the LIKE itself, but the planner, assuming matches
 * spread evenly over the name order, prefers reading names in order even for a term whose matches
 * sit together ("north": 5,000 names read for 25 matches, 1.4 ms); the same condition again, as a
 * semi-join, makes the match look rarer and tips it to the index (0.6 ms).
 */
export function companyPageInput(
  dialect: Dialect,
  query: CompanyListQuery,
  searchTerm: string | undefined,
): Omit<PageSqlInput<CompanySummary>, "withCount"> {
  const limit = query.per_page;
  const offset = pageOffset(query);
  const pattern = searchTerm && `%${searchTerm}%`;
  const indexable = searchTerm !== undefined && [...searchTerm].length >= TRIGRAM;
  return {
    dialect,
    table: "companies",
    fields: COMPANY_SUMMARY_FIELDS,
    lateLookup: false,
    where: (w) => {
      if (searchTerm) {
        w.raw(dialect === "sqlite" ? `instr(t.search_text, ${w.sql.param(searchTerm)}) > 0` : `t.search_text LIKE ${w.sql.param(pattern)}`);
      }
      if (query.country) w.equals("t.country", query.country);
      if (query.region) w.equals("t.region", query.region);
    },
    plan: (w, knownCount) => {
      if (!indexable || !searchByIndex(knownCount, offset, limit)) return;
      w.raw(
        dialect === "sqlite"
          ? `t.id IN (SELECT k.company_id FROM companies_search s JOIN company_search_keys k ON k.key = s.rowid ` +
              `WHERE companies_search MATCH ${w.sql.param(ftsPhrase(searchTerm))})`
          : `t.id IN (SELECT s.id FROM companies s WHERE s.search_text LIKE ${w.sql.param(pattern)})`,
      );
    },
    order: { column: "name", direction: "asc" },
    limit,
    offset,
  };
}

/** A field's column, by the schema's @map convention: `legalName` -> `legal_name`. */
function columnName(field: string): string {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/**
 * GET /companies/{company_id}: one row holding the company's columns (all null for an unknown id:
 * the table_versions row always exists) and `authVersion`, which confirms a cached API caller.
 */
export function companyDetailSql(dialect: Dialect, companyId: string): Sql {
  const sql = new SqlWriter(dialect);
  const select = Object.keys(COMPANY_ROW_COLUMNS)
    .map((field) => `t.${columnName(field)} AS "${field}"`)
    .join(", ");
  const text = `SELECT ${select}, v.version AS "authVersion" FROM table_versions v LEFT JOIN companies t ON t.id = ${sql.param(companyId)} WHERE v.name = 'auth'`;
  return { text, values: sql.values };
}

// One list cache per client object: a test that recreates its database also creates a new client.
const caches = new WeakMap<object, ListCache>();

export function listCacheFor(db: object): ListCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new ListCache()));
  return cache;
}
