import { sql } from "kysely";
import type { Engine } from "./engine";
import type { ListQuery } from "./list-query";
import { fromList, listCounterSql, selection } from "./list-sql";
import { col, compiled } from "./sql";

/**
 * Faceted counts: for a filter column, how many rows each of its values gives under the list's
 * other filters (the filter popovers show them). One GROUP BY per facet, cached under the list's
 * change counter like the page counts (lib/db/engine.ts ListCache): an unchanged team pays one small
 * statement for the counter, and every facet comes from the cache.
 */

export interface Facet {
  /** The facet's name in the answer (the filter's parameter). */
  name: string;
  /** The list with every filter but this facet's own (its rows are what each value narrows). */
  list: Pick<ListQuery<unknown>, "table" | "team" | "where">;
  /** The column grouped by (`t.<column>`). */
  column: string;
  /** A boolean column: values are answered as "true" / "false" on both databases. */
  boolean?: boolean;
}

export type FacetCounts = Record<string, Record<string, number>>;

function facetSql(engine: Engine, facet: Facet) {
  const statement = fromList(engine.dialect, { table: facet.list.table })
    .select([col(facet.column).as("v"), sql`count(*)`.as("n")])
    .where(selection(engine.dialect, facet.list).toSql())
    .groupBy(col(facet.column));
  return compiled(engine.dialect, statement);
}

function valueOf(value: unknown, boolean: boolean | undefined): string {
  if (!boolean) return String(value);
  return value === true || value === 1 || value === "1" || value === "true" || value === BigInt(1) ? "true" : "false";
}

/** Counts per value of each facet; the facets must share one table and team (one change counter). */
export async function facetCounts(engine: Engine, facets: readonly Facet[]): Promise<FacetCounts> {
  if (facets.length === 0) return {};
  const counter = engine.dialect.db.selectNoFrom(listCounterSql(facets[0].list).as("v"));
  const [row] = await engine.run<{ v: unknown }>(compiled(engine.dialect, counter));
  const version = String(row.v);
  const answers = await Promise.all(
    facets.map(async (facet) => {
      const sql = facetSql(engine, facet);
      const key = `${sql.text}\u0000${JSON.stringify(sql.values)}`;
      const cached = engine.cache.facets.get(key);
      if (cached && cached.version === version) return [facet.name, cached.counts] as const;
      const rows = await engine.run<{ v: unknown; n: unknown }>(sql);
      const counts: Record<string, number> = {};
      for (const r of rows) if (r.v !== null) counts[valueOf(r.v, facet.boolean)] = Number(r.n);
      // Kept under the counter read before the counts: a write in between bumps it, so the next
      // call recounts rather than trusting these.
      engine.cache.facets.set(key, { version, counts });
      return [facet.name, counts] as const;
    }),
  );
  return Object.fromEntries(answers);
}
