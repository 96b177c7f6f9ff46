import { buildPage, pageOffset, type Page } from "../api/pagination";
import type { Caller } from "../auth/caller";
import { getDb } from "../db/client";
import { between, compact, oneOf, orderByOf, timeWindow } from "../db/filters";
import { ISSUER_SELECT } from "../domain/issuer";
import type { Indication, IndicationListQuery, IndicationSortField } from "./schema";
import { serializeIndication } from "./serializer";

const SORT_COLUMNS: Record<IndicationSortField, string> = {
  created_at: "createdAt",
  updated_at: "updatedAt",
  price_per_share: "pricePerShare",
  volume: "volume",
};

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

/** GET /my/indications: the caller's team's indications. */
export async function listIndications(caller: Caller, query: IndicationListQuery): Promise<Page<Indication>> {
  const db = getDb();
  const where = indicationWhere(caller, query);
  const [rows, total] = await Promise.all([
    db.indication.findMany({
      where,
      orderBy: orderByOf(query.sort, SORT_COLUMNS),
      skip: pageOffset(query),
      take: query.per_page,
      include: { issuer: ISSUER_SELECT },
    }),
    db.indication.count({ where }),
  ]);
  return buildPage(rows.map(serializeIndication), query, total);
}
