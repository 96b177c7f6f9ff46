import type { CompanyListQuery, CompanySummary } from "../companies/schema";
import { COMPANY_ROW_COLUMNS, COMPANY_SUMMARY_FIELDS } from "../companies/serializer";
import type { Indication, IndicationListQuery, IndicationSortField } from "../indications/schema";
import { INDICATION_FIELDS } from "../indications/serializer";
import type { Trade, TradeListQuery, TradeSortField } from "../trades/schema";
import { TRADE_FIELDS } from "../trades/serializer";
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
  order: OrderBy;
  limit: number;
  offset: number;
  /** Include the count as a column (no valid cached count). */
  withCount: boolean;
  /**
   * Choose the page's ids first, then read those rows (default). Off for small tables, where the
   * planner may turn the join around and scan the table instead (companies: 10,000 rows).
   */
  lateLookup?: boolean;
}

/**
 * The page's items as one JSON text value, in page order, exactly as the API returns them
 * (lib/db/json-sql.ts). One value per statement instead of ~25 per row, and no per-row
 * JavaScript on the API's path (docs/performance.md, steps 5 and 11).
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
 * the page's rows are then read from the table. The count subquery and the version subquery are
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
    count = `, (SELECT count(*) FROM ${input.table} t WHERE ${conditions}) AS "__n"`;
  }
  const conditions = new Conditions(sql);
  input.where(conditions);
  const order = orderClause("t", input.order);
  // SQLite: every index entry carries the rowid, and a table lookup by rowid skips the descent
  // through the id index that a lookup by id needs.
  const rowKey = input.dialect === "sqlite" ? "rowid" : "id";
  const pageRows =
    input.lateLookup === false
      ? `(SELECT t.* FROM ${input.table} t WHERE ${conditions} ORDER BY ${order} LIMIT ${sql.param(input.limit)} OFFSET ${sql.param(input.offset)}) t`
      : `(SELECT t.${rowKey} AS k FROM ${input.table} t WHERE ${conditions} ORDER BY ${order} LIMIT ${sql.param(input.limit)} OFFSET ${sql.param(input.offset)}) p ` +
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
// Count cache

/**
 * Counts that cannot have changed. A count is cached with the table's version at the time it was
 * taken (same statement, same snapshot); every insert, update or delete of the table bumps the
 * version (database triggers, so writes from any process or tool count), and a page statement
 * returns the current version with its rows, so a stale count is never used: the cost of the
 * check is one indexed single-row subquery inside a statement we run anyway.
 */
export class CountCache extends LruCache<string, { version: string; count: number }> {
  constructor(capacity = 10_000) {
    super(capacity);
  }

  static key(sql: Sql): string {
    return `${sql.text}\u0000${JSON.stringify(sql.values)}`;
  }
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
 * cached count if the table's version has not moved. After a write (version moved) the statement
 * runs again with the count, so rows and count always come from one snapshot.
 */
export async function runPage<T>(run: RunSql, cache: CountCache, input: Omit<PageSqlInput<T>, "withCount">): Promise<PageResult<T>> {
  const key = CountCache.key(countSql(input));
  const cached = cache.get(key);
  let [row] = await run<PageRow>(pageSql({ ...input, withCount: cached === undefined }));
  if (cached !== undefined && cached.version === String(row.__v)) {
    return { itemsJson: String(row.__items), total: cached.count, authVersion: String(row.__a) };
  }
  if (cached !== undefined) [row] = await run<PageRow>(pageSql({ ...input, withCount: true }));
  const total = Number(row.__n);
  cache.set(key, { version: String(row.__v), count: total });
  return { itemsJson: String(row.__items), total, authVersion: String(row.__a) };
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
      if (query.created_after) w.raw(`t.created_at > ${w.sql.timestamp(query.created_after)}`);
      if (query.created_before) w.raw(`t.created_at < ${w.sql.timestamp(query.created_before)}`);
      if (query.updated_since) w.raw(`t.updated_at >= ${w.sql.timestamp(query.updated_since)}`);
      w.between("t.price_per_share", query.price_min, query.price_max);
      w.between("t.volume", query.volume_min, query.volume_max);
    },
    order: { column: INDICATION_SORT_COLUMNS[query.sort.field], direction: query.sort.direction },
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
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
    where: (w) => {
      w.equals("t.team_id", teamId);
      if (query.is_verified !== undefined) w.raw(`t.is_verified = ${w.sql.boolean(query.is_verified)}`);
      w.oneOf("t.structure", query.structure);
      w.oneOf("t.stock_type", query.stock_type);
      w.oneOf("t.stock_class_type", query.stock_class_type);
      w.equals("t.issuer_id", query.issuer_id);
      w.between("t.sign_date", query.sign_date_from, query.sign_date_to);
      w.between("t.won_date", query.won_date_from, query.won_date_to);
      if (query.updated_since) w.raw(`t.updated_at >= ${w.sql.timestamp(query.updated_since)}`);
      w.between("t.price_per_share", query.price_min, query.price_max);
      w.between("t.volume", query.volume_min, query.volume_max);
    },
    order: { column: TRADE_SORT_COLUMNS[query.sort.field], direction: query.sort.direction },
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
  };
}

/**
 * GET /companies (and the dashboard directory). `searchTerm` is
 * companySearchTerm(q) (lib/companies/search.ts): it has no LIKE wildcard left in it, and Prisma's
 * `contains` is exactly `LIKE '%term%'`, which is what we send.
 */
export function companyPageInput(
  dialect: Dialect,
  query: CompanyListQuery,
  searchTerm: string | undefined,
): Omit<PageSqlInput<CompanySummary>, "withCount"> {
  return {
    dialect,
    table: "companies",
    fields: COMPANY_SUMMARY_FIELDS,
    lateLookup: false,
    where: (w) => {
      if (searchTerm) w.raw(`t.search_text LIKE ${w.sql.param(`%${searchTerm}%`)}`);
      if (query.country) w.equals("t.country", query.country);
      if (query.region) w.equals("t.region", query.region);
    },
    order: { column: "name", direction: "asc" },
    limit: query.per_page,
    offset: (query.page - 1) * query.per_page,
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

// One count cache per client object: a test that recreates its database also creates a new client.
const caches = new WeakMap<object, CountCache>();

export function countCacheFor(db: object): CountCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new CountCache()));
  return cache;
}
