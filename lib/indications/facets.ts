import "server-only";
import type { Caller } from "../auth/caller";
import { getEngine } from "../db/client";
import { facetCounts, type FacetCounts } from "../db/facets";
import { indicationList } from "./queries";
import type { IndicationListQuery } from "./schema";

/** The indication filters that are enumerations, each a column of the same name. */
export const INDICATION_FACETS = ["side", "stage", "structure", "visibility", "stock_type", "stock_class_type"] as const;

/**
 * For each enumerated filter of the /indications table, the rows each value would give under the
 * query's other filters (what GET /my/indications answers as total_count for `<filter>=<value>`).
 */
export async function indicationFacets(caller: Caller, query: IndicationListQuery): Promise<FacetCounts> {
  return facetCounts(
    getEngine(),
    INDICATION_FACETS.map((name) => ({ name, column: name, list: indicationList(caller.teamId, { ...query, [name]: undefined }) })),
  );
}
