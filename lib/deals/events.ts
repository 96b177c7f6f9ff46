import "server-only";
import { randomUUID } from "node:crypto";
import { changesBetween, recordEvent, type AuditAction } from "../audit/events";
import { writeNotifications, type NotificationRow } from "../notifications/record";
import type { Caller } from "../auth/caller";
import { REQUIRES } from "../auth/requirements";
import type { Write } from "../db/transaction";
import type { Change } from "../live/change";
import { MARKETPLACE_VIEWER, PARTY_VIEWER, type DealViewer } from "./naming";
import { readDeal } from "./queries";
import type { Deal } from "./schema";

/**
 * Who is told of a deal's step, and what each is told (docs/api/deals.md, "Events"): both parties'
 * teams and the marketplace team each get the step's audit event in their own trail, its changes
 * as that team sees the deal (lib/deals/naming.ts), so each team's feed, stream and webhooks carry
 * exactly what the team may see.
 */

export interface DealParties {
  requesterTeamId: string;
  ownerTeamId: string;
}

/** The teams told of a step, in id order (the order recordEvent's team locks are taken in), each with how it sees the deal. */
export async function dealAudience(write: Write, parties: DealParties): Promise<{ teamId: string; viewer: DealViewer }[]> {
  const managers = await write.tx.user.findMany({
    where: { disabledAt: null, permissions: { contains: `"${REQUIRES.manageDeals.permission}"` } },
    select: { teamId: true },
    distinct: ["teamId"],
  });
  const marketplace = new Set(managers.map((user) => user.teamId));
  const teams = [...new Set([parties.requesterTeamId, parties.ownerTeamId, ...marketplace])].sort();
  return teams.map((teamId) => ({ teamId, viewer: marketplace.has(teamId) ? MARKETPLACE_VIEWER(teamId) : PARTY_VIEWER(teamId) }));
}

/** The deal as each team of the audience sees it. */
export async function viewsOf(write: Write, id: string, audience: readonly { teamId: string; viewer: DealViewer }[]): Promise<Map<string, Deal>> {
  const views = new Map<string, Deal>();
  for (const { teamId, viewer } of audience) {
    const deal = await readDeal(write.run, id, viewer);
    if (deal) views.set(teamId, deal);
  }
  return views;
}

/**
 * The deal as `viewer` sees it: taken from `views` (the audience's, read in this transaction) when
 * the audience reads it as `viewer` does, so a step does not read it again; read otherwise.
 */
export async function viewAs(write: Write, id: string, viewer: DealViewer, audience: readonly { teamId: string; viewer: DealViewer }[], views: Map<string, Deal>): Promise<Deal | undefined> {
  const same = audience.find((told) => told.viewer.viewer_team === viewer.viewer_team && told.viewer.viewer_ops === viewer.viewer_ops);
  return same ? views.get(same.teamId) : readDeal(write.run, id, viewer);
}

export interface DealStepEvent {
  id: string;
  action: AuditAction;
  companyId: string;
  reason: string | null;
  /** Who took the step: a party (the request, accept, decline, withdraw) or the marketplace team. */
  by: "party" | "marketplace";
  /** The teams told, as dealAudience answered before the step. */
  audience: { teamId: string; viewer: DealViewer }[];
  /** Each told team's view before the step; null for the request that made the deal. */
  before: Map<string, Deal> | null;
  at: Date;
}

/**
 * Who a team's event names as its actor: the caller, unless a party acted and this team is the
 * other party, which may not know that party's broker yet (the deal as the team sees it says):
 * then "The other party", and no one.
 */
function actorFor(caller: Caller, teamId: string, deal: Deal, by: DealStepEvent["by"]): Caller {
  // The marketplace team (role null) sees both sides always, so the actor too.
  const other = deal.role === "owner" ? deal.requester : deal.role === "requester" ? deal.owner : null;
  if (by === "marketplace" || deal.role === null || caller.teamId === teamId || other?.broker) return caller;
  return { ...caller, userId: "", name: "The other party", email: "", apiKeyPrefix: undefined };
}

/** Records the step's event for each team told, in the step's transaction; answers the changes to announce once it commits, and each team's view after the step. */
export async function recordDealEvents(write: Write, caller: Caller, event: DealStepEvent): Promise<{ changes: Change[]; after: Map<string, Deal> }> {
  const after = await viewsOf(write, event.id, event.audience);
  const members = await membersTold(write, caller, event, after);
  const changes: Change[] = [];
  const notifications: NotificationRow[] = [];
  for (const { teamId } of event.audience) {
    const is = after.get(teamId);
    if (!is) continue;
    const was = event.before?.get(teamId) ?? null;
    const changed = changesBetween(was as Record<string, unknown> | null, is as unknown as Record<string, unknown>);
    const actor = actorFor(caller, teamId, is, event.by);
    const eventId = await recordEvent(write, actor, { action: event.action, teamId, resourceId: event.id, at: event.at, changes: changed, reason: event.reason ?? undefined });
    notifications.push(...dealNotifications(members.get(teamId) ?? [], is, { ...event, eventId }));
    changes.push({ teamId, action: event.action, resourceId: event.id, companyId: event.companyId, market: { everyone: false, recipients: [] } });
  }
  await writeNotifications(write.tx, event.at, notifications);
  return { changes, after };
}

type Member = { id: string; teamId: string; permissions: string };

/**
 * Who of each team may be told of a step (docs/api/live.md, "Notifications"): every active member
 * of each party but the one who took it; of the marketplace team, those who may run deals, when a
 * deal waits for them (accepted: to introduce). One read for every team told.
 */
async function membersTold(write: Write, caller: Caller, event: DealStepEvent, views: Map<string, Deal>): Promise<Map<string, Member[]>> {
  const teams = event.audience.map(({ teamId }) => teamId).filter((teamId) => views.get(teamId)?.role !== null || event.action === "deal.accepted");
  const byTeam = new Map<string, Member[]>();
  if (teams.length === 0) return byTeam;
  const members = await write.tx.user.findMany({ where: { teamId: { in: teams }, disabledAt: null, id: { not: caller.userId } }, select: { id: true, teamId: true, permissions: true } });
  for (const member of members) {
    const marketplace = views.get(member.teamId)?.role === null;
    if (marketplace && !member.permissions.includes(`"${REQUIRES.manageDeals.permission}"`)) continue;
    byTeam.set(member.teamId, [...(byTeam.get(member.teamId) ?? []), member]);
  }
  return byTeam;
}

/** The notifications of a team's members told of a step: what the team's reading of the deal says. */
function dealNotifications(told: readonly Member[], deal: Deal, event: DealStepEvent & { eventId: string }): NotificationRow[] {
  const other = deal.role === "owner" ? deal.requester : deal.role === "requester" ? deal.owner : null;
  const data = { action: event.action, company: deal.company, other: other?.team?.name ?? null, role: deal.role, stage: deal.stage, side: deal.indication.side, reason: event.reason };
  return told.map((member) => ({
    id: randomUUID(),
    userId: member.id,
    kind: "deal",
    companyId: deal.company.id,
    resourceType: "deal",
    resourceId: event.id,
    auditEventId: event.eventId,
    data: JSON.stringify(data),
    createdAt: event.at,
  }));
}
