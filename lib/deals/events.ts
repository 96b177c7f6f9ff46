import "server-only";
import { newRowId } from "../db/row-id";
import { changesBetween, recordEvents, type AuditAction } from "../audit/events";
import { writeNotifications, type NotificationRow } from "../notifications/record";
import type { Caller } from "../auth/caller";
import { REQUIRES } from "../auth/requirements";
import { getEngine } from "../db/client";
import { selectRows } from "../db/write-sql";
import { activeUsers } from "../notifications/recipients";
import type { Write } from "../db/transaction";
import { sql } from "kysely";
import type { Change } from "../live/change";
import { MARKETPLACE_VIEWER, PARTY_VIEWER, type DealViewer } from "./naming";
import { readDeal, readDealAs } from "./queries";
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

/** A member of a team told of a step. */
type Member = { id: string; teamId: string; permissions: string };

export interface DealAudience {
  /** The teams told, in id order, each with how it sees the deal. */
  teams: { teamId: string; viewer: DealViewer }[];
  /** Who of them may be told: every active member of the parties' teams, every active holder of deals_manage. */
  members: Member[];
}

/**
 * Who hears of a deal's steps: both parties' teams, and the team of each active holder of
 * deals_manage (the marketplace team). One read, in the step's transaction.
 */
export async function dealAudience(write: Write, parties: DealParties): Promise<DealAudience> {
  const manages = `"${REQUIRES.manageDeals.permission}"`;
  const { dialect } = getEngine();
  const members = await selectRows<Member>(
    write.tx,
    activeUsers()
      .select("u.permissions")
      .where(({ or, eb }) => or([eb("u.team_id", "in", [parties.requesterTeamId, parties.ownerTeamId]), dialect.contains(sql.ref("u.permissions"), dialect.containsParam(manages))])),
  );
  const marketplace = new Set(members.filter((user) => user.permissions.includes(manages)).map((user) => user.teamId));
  const teams = [...new Set([parties.requesterTeamId, parties.ownerTeamId, ...marketplace])].sort();
  return { teams: teams.map((teamId) => ({ teamId, viewer: marketplace.has(teamId) ? MARKETPLACE_VIEWER(teamId) : PARTY_VIEWER(teamId) })), members };
}

/** The deal as each team of the audience sees it, in one statement. */
export async function viewsOf(write: Write, id: string, audience: DealAudience): Promise<Map<string, Deal>> {
  const views = await readDealAs(write.run, id, audience.teams.map(({ viewer }) => viewer));
  const byTeam = new Map<string, Deal>();
  audience.teams.forEach(({ teamId }, i) => {
    const view = views[i];
    if (view) byTeam.set(teamId, view);
  });
  return byTeam;
}

/**
 * The deal as `viewer` sees it: taken from `views` (the audience's, read in this transaction) when
 * the audience reads it as `viewer` does, so a step does not read it again; read otherwise.
 */
export async function viewAs(write: Write, id: string, viewer: DealViewer, audience: DealAudience, views: Map<string, Deal>): Promise<Deal | undefined> {
  const same = audience.teams.find((told) => told.viewer.viewer_team === viewer.viewer_team && told.viewer.viewer_ops === viewer.viewer_ops);
  return same ? views.get(same.teamId) : readDeal(write.run, id, viewer);
}

export interface DealStepEvent {
  id: string;
  action: AuditAction;
  companyId: string;
  reason: string | null;
  /** Who took the step: a party (the request, accept, decline, withdraw) or the marketplace team. */
  by: "party" | "marketplace";
  /** The teams told and their members, as dealAudience answered before the step. */
  audience: DealAudience;
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

/**
 * Records the step's event for each team told (one statement), in the step's transaction; answers
 * the changes to announce once it commits, and each team's view after the step.
 */
export async function recordDealEvents(write: Write, caller: Caller, event: DealStepEvent): Promise<{ changes: Change[]; after: Map<string, Deal> }> {
  const after = await viewsOf(write, event.id, event.audience);
  const told = event.audience.teams.flatMap(({ teamId }) => {
    const is = after.get(teamId);
    return is ? [{ teamId, is }] : [];
  });
  const eventIds = await recordEvents(
    write,
    told.map(({ teamId, is }) => {
      const was = event.before?.get(teamId) ?? null;
      const changes = changesBetween(was as Record<string, unknown> | null, is as unknown as Record<string, unknown>);
      return { caller: actorFor(caller, teamId, is, event.by), action: event.action, teamId, resourceId: event.id, at: event.at, changes, reason: event.reason ?? undefined };
    }),
  );
  const members = membersTold(caller, event, after);
  const notifications = told.flatMap(({ teamId, is }, i) => dealNotifications(members.get(teamId) ?? [], is, { ...event, eventId: eventIds[i] }));
  await writeNotifications(write.tx, event.at, notifications);
  const changes: Change[] = told.map(({ teamId }) => ({ teamId, action: event.action, resourceId: event.id, companyId: event.companyId, market: { everyone: false, recipients: [] } }));
  return { changes, after };
}

/**
 * Who of each team may be told of a step (docs/api/live.md, "Notifications"): every active member
 * of each party but the one who took it; of the marketplace team, those who may run deals, when a
 * deal waits for them (accepted: to introduce). Of the members dealAudience read.
 */
function membersTold(caller: Caller, event: DealStepEvent, views: Map<string, Deal>): Map<string, Member[]> {
  const byTeam = new Map<string, Member[]>();
  for (const member of event.audience.members) {
    const view = views.get(member.teamId);
    if (!view || member.id === caller.userId) continue;
    if (view.role === null && (event.action !== "deal.accepted" || !member.permissions.includes(`"${REQUIRES.manageDeals.permission}"`))) continue;
    byTeam.set(member.teamId, [...(byTeam.get(member.teamId) ?? []), member]);
  }
  return byTeam;
}

/** The notifications of a team's members told of a step: what the team's reading of the deal says. */
function dealNotifications(told: readonly Member[], deal: Deal, event: DealStepEvent & { eventId: string }): NotificationRow[] {
  const other = deal.role === "owner" ? deal.requester : deal.role === "requester" ? deal.owner : null;
  const data = { action: event.action, company: deal.company, other: other?.team?.name ?? null, role: deal.role, stage: deal.stage, side: deal.indication.side, reason: event.reason };
  return told.map((member) => ({
    id: newRowId(),
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
