import "server-only";
import type { Caller } from "../auth/caller";
import { getDb } from "../db/client";
import type { DealRole, DealStage } from "../domain/enums";
import { isOpenStage } from "./machine";

export interface DealOnOrder {
  id: string;
  role: DealRole;
  stage: DealStage;
  open: boolean;
}

/**
 * The caller's team's deals on one order, by the order's permalink, newest first: as its owner
 * (the requests on the team's own order) or as requester (at most one open, and any that ended).
 * The order's page says which, and links them, a closed one too (docs/ui.md, "An order").
 */
export async function dealsOnOrder(caller: Caller, permalinkId: string): Promise<DealOnOrder[]> {
  const rows = await getDb().deal.findMany({
    where: { teamId: caller.teamId, indication: { permalinkId } },
    select: { id: true, role: true, stage: true },
    orderBy: { updatedAt: "desc" },
  });
  return rows.map((row) => ({ id: row.id, role: row.role as DealRole, stage: row.stage as DealStage, open: isOpenStage(row.stage) }));
}
