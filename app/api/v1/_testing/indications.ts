import { teamIndications, type FixtureIndication } from "@/lib/testing/fixtures/indications";
import { INDICATION_SORT_KEYS } from "@/lib/testing/fixtures/order";
import { GET } from "../my/indications/route";
import { teamListTesting } from "./team-list";

/** What the tests of GET /my/indications share. */
export const { KEY, PATH, DEFAULT_SORT, ALPHA, order, all, expectRows, expectDecimalRange } = teamListTesting({
  GET,
  path: "/api/v1/my/indications",
  resource: "indications",
  rows: teamIndications("alpha"),
  sortKeys: INDICATION_SORT_KEYS,
  defaultSort: "-updated_at",
});
export const enc = encodeURIComponent;
export type Row = FixtureIndication;
