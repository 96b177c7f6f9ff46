import type { Dialect } from "./dialect";
import type { Engine, ListCache } from "./engine";
import type { ListQuery, PageKey } from "./list-query";
import { builder, isWholeTeam, orderKey, selection, versionColumns } from "./list-sql";
import { pageSql } from "./page-sql";
import { compiled } from "./sql";

/**
 * The page engine: one statement per list page (page-sql.ts), which returns the page's items as the
 * API's JSON, the list table's change version and, when no cached count is valid, the count. It
 * knows no resource: each resource describes its list as a ListQuery (list-query.ts,
 * lib/<resource>/queries.ts). Why not Prisma's findMany + count: docs/performance-decisions.md, "One
 * statement per page".
 *
 * Statements are pure text and values, so the benchmark's floor (bench/floor.ts) runs exactly the
 * app's statements on bare drivers.
 */

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

/**
 * Which rows a list selects, as the key its count is cached under: the table, the counter it is
 * kept under (versions of two counters do not compare) and the WHERE clause (the team's term among them).
 */
function scopeKey<T>(dialect: Dialect, list: ListQuery<T>): string {
  const where = selection(dialect, list);
  return `${list.table} ${list.counter ?? ""}\u0000${where.shape()}\u0000${JSON.stringify(where.values())}`;
}

/** Identifies a list's page (its rows, order and window) across requests. */
export function pageKey<T>(dialect: Dialect, list: ListQuery<T>): string {
  const after = list.after ? `${list.after.value ?? "\u0001null"}\u0000${list.after.id}` : "";
  return `${scopeKey(dialect, list)}\u0000${orderKey(list.order)}\u0000${list.offset}\u0000${list.limit}\u0000${list.viewer ?? ""}\u0000${after}`;
}

/**
 * Runs a page in one statement: with the cached count and from the page's cached start when the
 * table's version confirms them, else (after a write) once more with the count and without the
 * start, so rows and count always come from one snapshot. Then records what the page taught.
 */
export async function runPage<T>(engine: Engine, list: ListQuery<T>): Promise<PageResult<T>> {
  const countKey = scopeKey(engine.dialect, list);
  const startKey = (offset: number) => `${countKey}\u0000${orderKey(list.order)}\u0000${offset}`;
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
  const keysOf = () => (keys ??= (JSON.parse(String(row.__keys)) as Record<string, unknown>[]).map((key) => ({ value: valueOf(key[list.order.column]), id: String(key.id) })));
  const more = list.after ? Number(row.__more) === 1 : list.offset + list.limit < total;
  if (!list.after) rememberStarts(engine.cache, list, keysOf, version, total, startKey);
  const next = more ? keysOf().at(-1) : undefined;
  return { itemsJson: String(row.__items), total, version: versionOf(list, row), counter: String(row.__v), ...(next && { next }) };
}

/** A row's sort value in `__keys`: null for none (a nullable order's). */
const valueOf = (value: unknown): string | null => (value === null || value === undefined ? null : String(value));

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
