import { expect } from "vitest";
import { SECRETS } from "@/lib/testing/fixtures/accounts";
import { EDGE_DECIMALS, units } from "@/lib/testing/fixtures/decimals";
import { sortBy, type SortValue } from "@/lib/testing/fixtures/order";
import { fetchAll, idsOf } from "@/lib/testing/http";

/** A team list's tests: Alpha's broker asks, and every row it must see comes from the fixture. */
export function teamListTesting<R extends { id: string }>(list: {
  GET: unknown;
  path: string;
  resource: string;
  rows: readonly R[];
  sortKeys: Record<string, (r: R) => SortValue>;
  defaultSort: string;
}) {
  const key = SECRETS.alphaBroker;
  const order = (rows: readonly R[], sort = list.defaultSort) => sortBy(rows, list.sortKeys, sort).map((r) => r.id);
  const all = (query = "", as = key, perPage = 100) => fetchAll<Record<string, unknown>>(list.GET, `${list.path}${query ? `?${query}` : ""}`, list.resource, as, perPage);

  /** The query must return exactly `rows`, in the order of `sort`. */
  async function expectRows(query: string, rows: readonly R[], sort = list.defaultSort, as = key) {
    const { items, total } = await all(query, as);
    expect(total, query).toBe(rows.length);
    expect(idsOf(items), query).toEqual(order(rows, sort));
  }

  /** `<name>_min` and `<name>_max` are inclusive and numeric at each of `bounds`, and together pick exactly one value at each edge decimal. */
  async function expectDecimalRange(name: string, get: (r: R) => string, bounds: readonly string[]) {
    for (const b of bounds) {
      await expectRows(`${name}_min=${b}`, list.rows.filter((r) => units(get(r)) >= units(b)));
      await expectRows(`${name}_max=${b}`, list.rows.filter((r) => units(get(r)) <= units(b)));
    }
    for (const d of EDGE_DECIMALS) {
      const rows = list.rows.filter((r) => units(get(r)) === units(d));
      expect(rows.length).toBeGreaterThan(0);
      await expectRows(`${name}_min=${d}&${name}_max=${d}`, rows);
    }
  }

  return { KEY: key, PATH: list.path, DEFAULT_SORT: list.defaultSort, ALPHA: list.rows, order, all, expectRows, expectDecimalRange };
}
