import { TRADE_SORT_KEYS } from "@/lib/testing/fixtures/order";
import { teamTrades, type FixtureTrade } from "@/lib/testing/fixtures/trades";
import { GET } from "../my/trades/route";
import { teamListTesting } from "./team-list";

/** What the tests of GET /my/trades share. */
export const { KEY, PATH, DEFAULT_SORT, ALPHA, order, all, expectRows, expectDecimalRange } = teamListTesting({
  GET,
  path: "/api/v1/my/trades",
  resource: "trades",
  rows: teamTrades("alpha"),
  sortKeys: TRADE_SORT_KEYS,
  defaultSort: "-sign_date",
});
export const enc = encodeURIComponent;
export type Row = FixtureTrade;
