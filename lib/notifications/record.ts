import "server-only";
import { randomUUID } from "node:crypto";
import type { AuditAction, Tx } from "../audit/events";
import { KIND_OF_ACTION, keptSince } from "./schema";

/**
 * Who is told of a committed change, written in the change's own transaction (so a notification
 * exists exactly when its change does). Today: a trade verified or unverified, to every active
 * member of the trade's team.
 */

/** The change, as lib/live/change.ts works it out. */
interface Told {
  teamId: string;
  action: AuditAction;
  resourceId: string;
  companyId: string;
}

export async function recordNotifications(tx: Tx, change: Told, event: { id: string; at: Date; reason: string | null }, resource: Record<string, unknown>): Promise<void> {
  const kind = KIND_OF_ACTION[change.action];
  if (!kind) return;
  const members = await tx.user.findMany({ where: { teamId: change.teamId, disabledAt: null }, select: { id: true } });
  if (members.length === 0) return;
  // Each recipient's notifications past the keeping time go as new ones come (reads never show them).
  await tx.notification.deleteMany({ where: { userId: { in: members.map((member) => member.id) }, createdAt: { lt: keptSince(event.at) } } });
  const issuer = resource.issuer as { id: string; name: string };
  const data = JSON.stringify({ company: { id: issuer.id, name: issuer.name }, permalink_id: resource.permalink_id, reason: event.reason });
  await tx.notification.createMany({
    data: members.map((member) => ({
      id: randomUUID(),
      userId: member.id,
      kind,
      companyId: change.companyId,
      resourceType: change.action.split(".")[0],
      resourceId: change.resourceId,
      auditEventId: event.id,
      data,
      createdAt: event.at,
    })),
  });
}
