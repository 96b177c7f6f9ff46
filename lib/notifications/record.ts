import "server-only";
import { newRowId } from "../db/row-id";
import type { AuditAction } from "../audit/events";
import type { UserRecord } from "../db/models";
import type { Tx } from "../db/transaction";
import { REQUIRES } from "../auth/requirements";
import { getDb, getEngine } from "../db/client";
import { execute, insertRows, selectRows } from "../db/write-sql";
import { mayKnowBookEntry, viewerOf } from "../domain/book-visibility";
import { possibleMatches } from "./matches";
import { activeUsers, teamName } from "./recipients";
import { FOLLOWER_KIND_OF_ACTION, KIND_OF_ACTION, keptSince, type NotificationKind } from "./schema";

/**
 * Who is told of a committed change, written in the change's own transaction (so a notification
 * exists exactly when its change does):
 * - a trade verified or unverified: every active member of the trade's team;
 * - an indication created or changed that crosses another team's open one: each order's owner,
 *   once per pair (lib/notifications/matches.ts);
 * - an indication created, changed or closed, or a trade verified (on the tape): every active
 *   follower of the company outside the row's team who holds `companies` and may see it under the
 *   market's rules (lib/domain/book-visibility.ts); they are told what the market shows, never the
 *   row's id, and the team only where the market names it.
 */

/** The change, as lib/live/change.ts works it out. */
interface Told {
  teamId: string;
  action: AuditAction;
  resourceId: string;
  companyId: string;
}

type Recipient = Pick<UserRecord, "id" | "teamId" | "email">;

/**
 * Whether a follower may see the row as it is now (a row made private for others is not told
 * of: telling would show its new terms). A verified trade is on every tape.
 */
function mayKnowNow(action: AuditAction, row: Record<string, unknown>, teamId: string, follower: Recipient): boolean {
  if (action.startsWith("trade.")) return true;
  const recipients = (row.private_recipients as string[]).map((email) => email.toLowerCase());
  return mayKnowBookEntry({ teamId, visibility: String(row.visibility), recipients }, viewerOf(follower));
}

/** What a follower is told of another team's row: what the book or the tape shows of it. */
function marketData(action: AuditAction, row: Record<string, unknown>, teamName: string) {
  const trade = action.startsWith("trade.");
  const teamShown = trade ? row.attributed_to_owner === true : row.visibility !== "order_book_anonymous";
  return {
    side: trade ? null : row.side,
    stage: trade ? null : row.stage,
    price_per_share: row.price_per_share,
    volume: row.volume,
    team: teamShown ? teamName : null,
  };
}

export async function recordNotifications(tx: Tx, change: Told, event: { id: string; at: Date; reason: string | null }, resource: Record<string, unknown>): Promise<void> {
  const issuer = resource.issuer as { id: string; name: string };
  const company = { id: issuer.id, name: issuer.name };
  const told: { kind: NotificationKind; recipients: Recipient[]; data: object; resource: boolean }[] = [];

  const teamKind = KIND_OF_ACTION[change.action];
  if (teamKind) {
    const members = await selectRows<Recipient>(tx, activeUsers().where("u.team_id", "=", change.teamId));
    told.push({ kind: teamKind, recipients: members, data: { company, permalink_id: resource.permalink_id, reason: event.reason }, resource: true });
  }

  const followerKind = FOLLOWER_KIND_OF_ACTION[change.action];
  if (followerKind) {
    const followers = await selectRows<Recipient & { permissions: string }>(
      tx,
      activeUsers()
        .select("u.permissions")
        .innerJoin("watchlist_entries as w", "w.user_id", "u.id")
        .where("w.company_id", "=", change.companyId)
        .where("u.team_id", "<>", change.teamId),
    );
    const recipients = followers.filter((user) => (JSON.parse(user.permissions) as string[]).includes("companies") && mayKnowNow(change.action, resource, change.teamId, user));
    if (recipients.length > 0) {
      const team = await teamName(tx, change.teamId);
      told.push({ kind: followerKind, recipients, data: { company, ...marketData(change.action, resource, team) }, resource: false });
    }
  }

  const matched = change.action === "indication.created" || change.action === "indication.updated" ? await possibleMatches(tx, change.teamId, resource, { id: event.id, at: event.at, created: change.action === "indication.created" }) : [];
  await writeNotifications(tx, event.at, [
    ...matched,
    ...told.flatMap(({ kind, recipients, data, resource: own }) =>
      recipients.map((recipient) => ({
        id: newRowId(),
        userId: recipient.id,
        kind,
        companyId: change.companyId,
        resourceType: change.action.split(".")[0],
        // Another team's row is not named to the follower: the id stays with the audit event.
        resourceId: own ? change.resourceId : "",
        auditEventId: event.id,
        data: JSON.stringify({ ...data, action: change.action }),
        createdAt: event.at,
      })),
    ),
  ]);
}

/** Writes notifications in the change's transaction, and now and then deletes expired ones (pruneExpired). */
export async function writeNotifications(tx: Tx, at: Date, rows: NotificationRow[]): Promise<void> {
  if (rows.length === 0) return;
  await pruneExpired(tx, at);
  await insertRows(tx, "notifications", rows);
}

/** The most expired notifications one write deletes: a few milliseconds on SQLite, which holds the server's thread. */
const PRUNE_BATCH = 1_000;
const PRUNE_EVERY_MS = 60_000;
let nextPrune = 0;

/**
 * Expired notifications only take space (reads never show them: lib/notifications/queries.ts), so
 * a write deletes the oldest of them at most once a minute per process, and again at the next
 * write while a full batch came back: by age, on an index that grows at its end, not a seek per
 * recipient in every commit (docs/performance-decisions.md, "Notifications by age"). In the
 * write's transaction: on SQLite another connection would wait for the writer's lock.
 */
async function pruneExpired(tx: Tx, at: Date): Promise<void> {
  if (at.getTime() < nextPrune) return;
  const { dialect } = getEngine();
  const oldest = dialect.db.selectFrom("notifications").select("seq").where("created_at", "<", dialect.timestampParam(keptSince(at)) as never).orderBy("created_at").limit(PRUNE_BATCH);
  // Another process may be deleting the same rows: on PostgreSQL pass them by rather than wait on its write.
  const expired = dialect.kind === "postgres" ? oldest.forUpdate().skipLocked() : oldest;
  const deleted = await execute(tx, dialect.db.deleteFrom("notifications").where("seq", "in", expired));
  nextPrune = deleted < PRUNE_BATCH ? at.getTime() + PRUNE_EVERY_MS : 0;
}

/**
 * The notifications of a webhook endpoint disabled after 5 days of failures: one for each active
 * member of its team who may manage it. Returned for the worker to write in the transaction that
 * disables the endpoint; streams show them at their next heartbeat (no change is announced).
 */
export async function webhookDisabledNotifications(endpoint: { id: string; teamId: string; url: string }, reason: string, at: Date) {
  const members = await getDb().user.findMany({ where: { teamId: endpoint.teamId, disabledAt: null }, select: { id: true, permissions: true } });
  return members
    .filter((member) => (JSON.parse(member.permissions) as string[]).includes(REQUIRES.manageWebhooks.permission))
    .map((member) => ({
      id: newRowId(),
      userId: member.id,
      kind: "webhook_disabled" satisfies NotificationKind,
      companyId: "",
      resourceType: "webhook",
      resourceId: endpoint.id,
      auditEventId: "",
      data: JSON.stringify({ action: "webhook.disabled", url: endpoint.url, reason }),
      createdAt: at,
    }));
}

/** A notification as written, for a writer that holds it until its transaction. */
export type NotificationRow = Awaited<ReturnType<typeof webhookDisabledNotifications>>[number];
