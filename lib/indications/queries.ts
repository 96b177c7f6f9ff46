import { buildPage, type Page } from "../api/pagination";
import type { Caller } from "../auth/caller";
import { getDb, getDbKind } from "../db/client";
import { between, compact, oneOf, timeWindow } from "../db/filters";
import { countCacheFor, indicationPageInput, prismaRunner, runPage, toIndicationRow } from "../db/list-sql";
import type { Indication, IndicationListQuery } from "./schema";
import { serializeIndication } from "./serializer";

/** The caller's team scope comes first and is not negotiable: no filter can widen it. */
export function indicationWhere(caller: Caller, query: IndicationListQuery) {
  return {
    teamId: caller.teamId,
    ...compact({
      side: oneOf(query.side),
      stage: oneOf(query.stage),
      structure: oneOf(query.structure),
      visibility: oneOf(query.visibility),
      stockType: oneOf(query.stock_type),
      stockClassType: oneOf(query.stock_class_type),
      issuerId: query.issuer_id,
      createdAt: timeWindow(query.created_after, query.created_before),
      updatedAt: query.updated_since ? { gte: query.updated_since } : undefined,
      pricePerShare: between(query.price_min, query.price_max),
      volume: between(query.volume_min, query.volume_max),
    }),
  };
}

/**
 * GET /my/indications: the caller's team's indications. The same filters as indicationWhere()
 * and the same order (sort column, then id ascending), run as one SQL statement per page with a
 * version-checked cached count (lib/db/list-sql.ts; why: docs/performance.md).
 */
export async function listIndications(caller: Caller, query: IndicationListQuery): Promise<Page<Indication>> {
  const db = getDb();
  const page = await runPage<Record<string, unknown>>(prismaRunner(db), countCacheFor(db), indicationPageInput(getDbKind(), caller.teamId, query));
  return buildPage(page.rows.map((row) => serializeIndication(toIndicationRow(row))), query, page.total);
}
