import type { CompanyListQuery } from "../companies/schema";
import type { IndicationListQuery, IndicationSortField } from "../indications/schema";
import type { IndicationRow } from "../indications/serializer";
import type { TradeListQuery, TradeSortField } from "../trades/schema";
import type { TradeRow } from "../trades/serializer";
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

export function orderClause(alias: string, order: OrderBy): string {
  // The id tie-break is always ascending, whatever the direction of the sort (the Prisma order).
  return `${alias}.${order.column} ${order.direction === "desc" ? "DESC" : "ASC"}, ${alias}.id ASC`;
}

/** Tables whose writes bump `table_versions` (triggers of the perf migration). */
export type VersionedTable = "indications" | "trades" | "companies";

export function versionSubquery(sql: SqlWriter, table: VersionedTable): string {
  return `(SELECT version FROM table_versions WHERE name = ${sql.param(table)})`;
}

export interface PageSqlInput {
  dialect: Dialect;
  table: VersionedTable;
  /** Columns of the outer select, written against alias `t` (and `c` for the issuer join). */
  select: string;
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
 * The page statement: rows of one page, plus `__v` (the table's version) and optionally `__n`
 * (the count of the filtered scope) as extra columns of every row.
 *
 * The page is chosen by an inner query that reads only ids (a "late row lookup"): for a deep page
 * the skipped rows are walked in the covering (team, sort column, id) index and never fetched; only
 * the page's rows are then read from the table. The count subquery and the version subquery are
 * uncorrelated, so each database evaluates them once per statement, in the same snapshot as the rows.
 */
export function pageSql(input: PageSqlInput): Sql {
  const sql = new SqlWriter(input.dialect);
  const version = versionSubquery(sql, input.table);
  let count = "";
  if (input.withCount) {
    const conditions = new Conditions(sql);
    input.where(conditions);
    count = `, (SELECT count(*) FROM ${input.table} t WHERE ${conditions}) AS "__n"`;
  }
  const conditions = new Conditions(sql);
  input.where(conditions);
  if (input.lateLookup === false) {
    const text =
      `SELECT ${input.select}, ${version} AS "__v"${count} FROM ${input.table} t${input.join ? ` ${input.join}` : ""} ` +
      `WHERE ${conditions} ORDER BY ${orderClause("t", input.order)} LIMIT ${sql.param(input.limit)} OFFSET ${sql.param(input.offset)}`;
    return { text, values: sql.values };
  }
  const inner = `SELECT t.id FROM ${input.table} t WHERE ${conditions} ORDER BY ${orderClause("t", input.order)} LIMIT ${sql.param(input.limit)} OFFSET ${sql.param(input.offset)}`;
  const text =
    `SELECT ${input.select}, ${version} AS "__v"${count} ` +
    `FROM (${inner}) p JOIN ${input.table} t ON t.id = p.id${input.join ? ` ${input.join}` : ""} ` +
    `ORDER BY ${orderClause("t", input.order)}`;
  return { text, values: sql.values };
}

/** The count of the filtered scope and the table's version, in one snapshot. */
export function countSql(input: Pick<PageSqlInput, "dialect" | "table" | "where">): Sql {
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
export class CountCache {
  private readonly entries = new Map<string, { version: string; count: number }>();
  constructor(private readonly capacity = 10_000) {}

  static key(sql: Sql): string {
    return `${sql.text}\u0000${JSON.stringify(sql.values)}`;
  }

  get(key: string): { version: string; count: number } | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      // Map order is insertion order: re-insert to mark as recently used.
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, version: string, count: number) {
    this.entries.delete(key);
    this.entries.set(key, { version, count });
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  clear() {
    this.entries.clear();
  }
}

export interface PageResult<R> {
  rows: R[];
  total: number;
}

export type RunSql = <R>(sql: Sql) => Promise<R[]>;

type Meta = { __v?: unknown; __n?: unknown };

/**
 * Runs a page: one statement when a valid count is cached (the usual case) or when there is none
 * (the count comes as a column); a second statement only when the cached count turned out stale
 * or the page is empty (past the end, where no row carries the count).
 */
export async function runPage<R>(
  run: RunSql,
  cache: CountCache,
  input: Omit<PageSqlInput, "withCount">,
): Promise<PageResult<R & Meta>> {
  const counting = countSql(input);
  const key = CountCache.key(counting);
  const cached = cache.get(key);
  const rows = await run<R & Meta>(pageSql({ ...input, withCount: cached === undefined }));
  if (rows.length > 0) {
    const version = String(rows[0].__v);
    if (cached === undefined) {
      const total = Number(rows[0].__n);
      cache.set(key, version, total);
      return { rows, total };
    }
    if (cached.version === version) return { rows, total: cached.count };
  }
  const [result] = await run<Meta>(counting);
  const total = Number(result.__n);
  cache.set(key, String(result.__v), total);
  return { rows, total };
}

// ---------------------------------------------------------------------------------------------
// The three lists. Each spec turns a parsed query into the page input; the row mappers turn a
// result row (Prisma's raw rows or a driver's) into the serializers' row shape.

const INDICATION_SORT_COLUMNS: Record<IndicationSortField, string> = {
  created_at: "created_at",
  updated_at: "updated_at",
  price_per_share: "price_per_share",
  volume: "volume",
};

const ISSUER_JOIN = "JOIN companies c ON c.id = t.issuer_id";

const INDICATION_SELECT = [
  `t.id AS "id"`,
  `t.acceptable_structures AS "acceptableStructures"`,
  `t.carried_interest_fee_percent AS "carriedInterestFeePercent"`,
  `t.client_id AS "clientId"`,
  `t.created_at AS "createdAt"`,
  `t.details AS "details"`,
  `c.id AS "issuerId"`,
  `c.name AS "issuerName"`,
  `t.last_refreshed_at AS "lastRefreshedAt"`,
  `t.management_fee_percent AS "managementFeePercent"`,
  `t.minimum_volume AS "minimumVolume"`,
  `t.opened_at AS "openedAt"`,
  `t.permalink_id AS "permalinkId"`,
  `t.price_per_share AS "pricePerShare"`,
  `t.private_recipients AS "privateRecipients"`,
  `t.side AS "side"`,
  `t.stage AS "stage"`,
  `t.stock_class AS "stockClass"`,
  `t.stock_class_type AS "stockClassType"`,
  `t.stock_type AS "stockType"`,
  `t.structure AS "structure"`,
  `t.third_party_id AS "thirdPartyId"`,
  `t.updated_at AS "updatedAt"`,
  `t.visibility AS "visibility"`,
  `t.volume AS "volume"`,
].join(", ");

/** GET /my/indications: the team scope first (no filter can widen it), then every filter. */
export function indicationPageInput(dialect: Dialect, teamId: string, query: IndicationListQuery): Omit<PageSqlInput, "withCount"> {
  return {
    dialect,
    table: "indications",
    select: INDICATION_SELECT,
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

const TRADE_SELECT = [
  `t.id AS "id"`,
  `t.attributed_to_owner AS "attributedToOwner"`,
  `t.carried_interest_fee_percent AS "carriedInterestFeePercent"`,
  `t.client_id AS "clientId"`,
  `t.created_at AS "createdAt"`,
  `t.details AS "details"`,
  `c.id AS "issuerId"`,
  `c.name AS "issuerName"`,
  `t.is_verified AS "isVerified"`,
  `t.management_fee_percent AS "managementFeePercent"`,
  `t.permalink_id AS "permalinkId"`,
  `t.price_per_share AS "pricePerShare"`,
  `t.sign_date AS "signDate"`,
  `t.stock_class AS "stockClass"`,
  `t.stock_class_type AS "stockClassType"`,
  `t.stock_type AS "stockType"`,
  `t.structure AS "structure"`,
  `t.third_party_id AS "thirdPartyId"`,
  `t.updated_at AS "updatedAt"`,
  `t.verification_officer_email AS "verificationOfficerEmail"`,
  `t.verification_officer_name AS "verificationOfficerName"`,
  `t.volume AS "volume"`,
  `t.won_date AS "wonDate"`,
].join(", ");

/** GET /my/trades (and the review totals): the team scope first, then every filter. */
export function tradePageInput(dialect: Dialect, teamId: string, query: TradeListQuery): Omit<PageSqlInput, "withCount"> {
  return {
    dialect,
    table: "trades",
    select: TRADE_SELECT,
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
export function companyPageInput(dialect: Dialect, query: CompanyListQuery, searchTerm: string | undefined): Omit<PageSqlInput, "withCount"> {
  return {
    dialect,
    table: "companies",
    select: `t.id AS "id", t.name AS "name"`,
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

/** A timestamp column as the driver returns it (Date, or epoch ms from SQLite) -> Date. */
export function toDate(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === "number" || typeof value === "bigint") return new Date(Number(value));
  return new Date(String(value));
}

/** A boolean column as the driver returns it (boolean, or 0/1 from SQLite) -> boolean. */
export function toBoolean(value: unknown): boolean {
  return value === true || value === 1 || value === BigInt(1);
}

type Raw = Record<string, unknown>;

export function toIndicationRow(r: Raw): IndicationRow {
  return {
    id: r.id as string,
    acceptableStructures: r.acceptableStructures as string,
    carriedInterestFeePercent: r.carriedInterestFeePercent as string | null,
    clientId: r.clientId as string | null,
    createdAt: toDate(r.createdAt),
    details: r.details as string | null,
    issuer: { id: r.issuerId as string, name: r.issuerName as string },
    lastRefreshedAt: toDate(r.lastRefreshedAt),
    managementFeePercent: r.managementFeePercent as string | null,
    minimumVolume: r.minimumVolume as string | null,
    openedAt: toDate(r.openedAt),
    permalinkId: r.permalinkId as string,
    pricePerShare: r.pricePerShare as string,
    privateRecipients: r.privateRecipients as string,
    side: r.side as string,
    stage: r.stage as string,
    stockClass: r.stockClass as string | null,
    stockClassType: r.stockClassType as string,
    stockType: r.stockType as string,
    structure: r.structure as string | null,
    thirdPartyId: r.thirdPartyId as string | null,
    updatedAt: toDate(r.updatedAt),
    visibility: r.visibility as string,
    volume: r.volume as string,
  };
}

export function toTradeRow(r: Raw): TradeRow {
  return {
    id: r.id as string,
    attributedToOwner: toBoolean(r.attributedToOwner),
    carriedInterestFeePercent: r.carriedInterestFeePercent as string | null,
    clientId: r.clientId as string | null,
    createdAt: toDate(r.createdAt),
    details: r.details as string | null,
    issuer: { id: r.issuerId as string, name: r.issuerName as string },
    isVerified: toBoolean(r.isVerified),
    managementFeePercent: r.managementFeePercent as string | null,
    permalinkId: r.permalinkId as string,
    pricePerShare: r.pricePerShare as string,
    signDate: r.signDate as string,
    stockClass: r.stockClass as string | null,
    stockClassType: r.stockClassType as string,
    stockType: r.stockType as string,
    structure: r.structure as string,
    thirdPartyId: r.thirdPartyId as string | null,
    updatedAt: toDate(r.updatedAt),
    verificationOfficerEmail: r.verificationOfficerEmail as string,
    verificationOfficerName: r.verificationOfficerName as string,
    volume: r.volume as string,
    wonDate: r.wonDate as string,
  };
}

/** A RunSql over a Prisma client's raw API (the app's path); the floor uses the drivers directly. */
export function prismaRunner(db: { $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T> }): RunSql {
  return <R>(sql: Sql) => db.$queryRawUnsafe<R[]>(sql.text, ...sql.values);
}

// One count cache per client object: a test that recreates its database also creates a new client.
const caches = new WeakMap<object, CountCache>();

export function countCacheFor(db: object): CountCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new CountCache()));
  return cache;
}
