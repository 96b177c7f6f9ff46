import { createCache } from "../cache/registry";
import type { Dialect } from "./dialect";
import type { PageStart } from "./list-query";
import type { Sql } from "./sql";

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

/**
 * Facts about a list that cannot have changed: the count of a filtered scope, and where a page
 * starts. Each is kept with the table's version read in the same statement; any write to the
 * table bumps the version (database triggers, so writes from any process or tool count), and
 * every page statement reads the current one, so a stale fact is never used.
 *
 * Page starts make deep pages seek (docs/performance-decisions.md, "Deep pages"): page N of an unchanged list
 * starts where it started last time, and a page records where the next one starts.
 */
export class ListCache {
  readonly counts = createCache<string, { version: string; count: number }>("listFacts.counts");
  readonly starts = createCache<string, PageStart & { version: string }>("listFacts.starts");
  /** Faceted counts (lib/db/facets.ts) by statement, with the counter they were read under. */
  readonly facets = createCache<string, { version: string; counts: Record<string, number> }>("listFacts.facets");
}
