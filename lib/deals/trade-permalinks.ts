import "server-only";
import { getDb } from "../db/client";
import type { Deal } from "./schema";

/**
 * The permalinks of the trades a deal's answer lists for its viewer (`trade_ids`, already as far as
 * the viewer may see): the deal page names them as every page names a trade, `TRD-…`, not by id.
 */
export async function dealTradePermalinks(deal: Pick<Deal, "trade_ids">): Promise<Record<string, string>> {
  if (deal.trade_ids.length === 0) return {};
  const rows = await getDb().trade.findMany({ where: { id: { in: [...deal.trade_ids] } }, select: { id: true, permalinkId: true } });
  return Object.fromEntries(rows.map((row) => [row.id, row.permalinkId]));
}
