import "server-only";
import type { Caller } from "../auth/caller";
import { getEngine } from "../db/client";
import { facetCounts, type FacetCounts } from "../db/facets";
import { tradeList } from "./queries";
import type { TradeListQuery } from "./schema";

/** The trade filters with a few values each, each a column of the same name. */
export const TRADE_FACETS = ["is_verified", "structure", "stock_type", "stock_class_type"] as const;

/**
 * For each such filter of the /trades table, the rows each value would give under the query's
 * other filters (what GET /my/trades answers as total_count for `<filter>=<value>`).
 */
export async function tradeFacets(caller: Caller, query: TradeListQuery): Promise<FacetCounts> {
  return facetCounts(
    getEngine(),
    TRADE_FACETS.map((name) => ({ name, column: name, boolean: name === "is_verified", list: tradeList(caller.teamId, { ...query, [name]: undefined }) })),
  );
}
