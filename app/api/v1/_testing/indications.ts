import { expect } from "vitest";
import { SECRETS } from "@/lib/testing/fixtures/accounts";
import { teamIndications, type FixtureIndication } from "@/lib/testing/fixtures/indications";
import { INDICATION_SORT_KEYS, sortBy } from "@/lib/testing/fixtures/order";
import { fetchAll, idsOf } from "@/lib/testing/http";
import { GET } from "../my/indications/route";

/** What the tests of GET /my/indications share: Alpha's broker asks, and every row it must see comes from the fixture. */

export const KEY = SECRETS.alphaBroker;
export const PATH = "/api/v1/my/indications";
export const DEFAULT_SORT = "-updated_at";
export const ALPHA = teamIndications("alpha");
export const enc = encodeURIComponent;

export type Row = FixtureIndication;

export const order = (rows: readonly Row[], sort = DEFAULT_SORT) => sortBy(rows, INDICATION_SORT_KEYS, sort).map((r) => r.id);

export async function all(query = "", key = KEY, perPage = 100) {
  return fetchAll<Record<string, unknown>>(GET, `${PATH}${query ? `?${query}` : ""}`, "indications", key, perPage);
}

/** The query must return exactly `rows`, in the order of `sort`. */
export async function expectRows(query: string, rows: readonly Row[], sort = DEFAULT_SORT, key = KEY) {
  const { items, total } = await all(query, key);
  expect(total, query).toBe(rows.length);
  expect(idsOf(items), query).toEqual(order(rows, sort));
}
