import "server-only";
import type { Caller } from "../auth/caller";
import { getDb } from "../db/client";
import type { DealRole } from "../domain/enums";
import { OPEN_STAGES } from "./machine";

/**
 * The caller's team's open deals on one order, by the order's permalink, newest first: as its
 * owner (the requests on the team's own order) or as requester (the one open request a team may
 * have on it). The order's page says which, and links them (docs/ui.md, "An order").
 */
export async function openDealsOnOrder(caller: Caller, permalinkId: string): Promise<{ id: string; role: DealRole }[]> {
  const rows = await getDb().deal.findMany({
    where: { teamId: caller.teamId, stage: { in: [...OPEN_STAGES] }, indication: { permalinkId } },
    select: { id: true, role: true },
    orderBy: { updatedAt: "desc" },
  });
  return rows.map((row) => ({ id: row.id, role: row.role as DealRole }));
}
