import { expect } from "vitest";
import { SECRETS } from "@/lib/testing/fixtures/accounts";
import { TRADE_SORT_KEYS, sortBy } from "@/lib/testing/fixtures/order";
import { teamTrades, type FixtureTrade } from "@/lib/testing/fixtures/trades";
import { fetchAll, idsOf } from "@/lib/testing/http";
import { GET } from "../my/trades/route";

/** What the tests of GET /my/trades share: Alpha's broker asks, and every row it must see comes from the fixture. */

export const KEY = SECRETS.alphaBroker;
export const PATH = "/api/v1/my/trades";
export const DEFAULT_SORT = "-sign_date";
export const ALPHA = teamTrades("alpha");
export const enc = encodeURIComponent;

export type Row = FixtureTrade;

export const order = (rows: readonly Row[], sort = DEFAULT_SORT) => sortBy(rows, TRADE_SORT_KEYS, sort).map((r) => r.id);

export async function all(query = "", key = KEY, perPage = 100) {
  return fetchAll<Record<string, unknown>>(GET, `${PATH}${query ? `?${query}` : ""}`, "trades", key, perPage);
}

export async function expectRows(query: string, rows: readonly Row[], sort = DEFAULT_SORT, key = KEY) {
  const { items, total } = await all(query, key);
  expect(total, query).toBe(rows.length);
  expect(idsOf(items), query).toEqual(order(rows, sort));
}
