import "server-only";
import type { Caller } from "../auth/caller";
import { getDb, type Db } from "../db/client";
import { formatUsd, formatUsdWhole } from "../format";
import { keptSince, notificationCursorOf, type Notification, type NotificationKind, type NotificationList, type NotificationListQuery } from "./schema";

/** A user's notifications: only their own, only those kept (NOTIFICATION_DAYS). */

type Row = Awaited<ReturnType<Db["notification"]["findMany"]>>[number];

/** What lib/notifications/record.ts stored: the team's own row by its permalink, another team's by what the market shows. */
interface Data {
  action: string;
  /** Absent for a webhook endpoint's notification, which has `url` instead. */
  company: { id: string; name: string };
  url?: string;
  permalink_id?: string;
  reason?: string | null;
  side?: string | null;
  price_per_share?: string;
  volume?: string;
  team?: string | null;
  /** A deal's: the other side as the recipient's team may name it, the recipient's part, the step's stage. */
  other?: string | null;
  role?: "requester" | "owner" | null;
  stage?: string;
  /** A possible match's other order. */
  order?: { permalink_id: string; side: "bid" | "offer" };
}

// The volume is dollars: written as the tables write an amount ("$200,000").
const terms = (data: Data) => `${formatUsd(data.price_per_share)} a share, ${formatUsdWhole(data.volume)} (${data.team ?? "anonymous"})`;
const CHANGED: Record<string, string> = { "indication.created": "New", "indication.updated": "Changed", "indication.closed": "Closed" };

const TITLES: Record<NotificationKind, (data: Data) => string> = {
  trade_verified: (data) => `Your team's trade ${data.permalink_id} in ${data.company.name} was verified`,
  trade_unverified: (data) => `The verification of your team's trade ${data.permalink_id} in ${data.company.name} was taken back`,
  followed_indication: (data) => `${CHANGED[data.action] ?? "Changed"} ${data.side} in ${data.company.name}: ${terms(data)}`,
  followed_trade: (data) => `A trade in ${data.company.name} was verified: ${terms(data)}`,
  webhook_disabled: (data) => `Your team's webhook endpoint ${data.url} was disabled. ${data.reason}`,
  deal: (data) => dealTitle(data),
  possible_match: (data) => `Possible match for your team's ${data.order?.side === "bid" ? "offer" : "bid"} in ${data.company.name}: ${data.side === "offer" ? "an offer" : "a bid"} at ${terms(data)}`,
};

/** One sentence per deal step, naming the other side only as far as the recipient's team may (lib/deals/naming.ts). */
function dealTitle(data: Data): string {
  const other = data.other ?? "A counterparty";
  const company = data.company.name;
  switch (data.action) {
    case "deal.requested":
      return `${other} asked for an introduction on your team's ${data.side} in ${company}`;
    case "deal.accepted":
      return data.role === null ? `A deal in ${company} was accepted: introduce the parties` : `The deal in ${company} was accepted by the order's owner`;
    case "deal.introduced":
      return `You were introduced to ${other} for the deal in ${company}`;
    case "deal.terms":
      return `Terms were recorded for the deal in ${company}`;
    case "deal.closed":
      return `The deal in ${company} closed: your team's trade is recorded, to be verified`;
    default:
      return `The deal in ${company} ended${data.reason ? `: ${data.reason}` : ""}`;
  }
}

function resourceOf(row: Row, data: Data): Notification["resource"] {
  if (row.resourceType === "webhook" || row.resourceType === "deal") return { type: row.resourceType, id: row.resourceId, permalink_id: null };
  return data.permalink_id === undefined ? null : { type: row.resourceType as "indication" | "trade", id: row.resourceId, permalink_id: data.permalink_id };
}

function toApi(row: Row): Notification {
  const data = JSON.parse(row.data) as Data;
  const kind = row.kind as NotificationKind;
  return {
    id: row.id,
    kind,
    created_at: row.createdAt.toISOString(),
    read_at: row.readAt?.toISOString() ?? null,
    title: TITLES[kind](data),
    company: kind === "webhook_disabled" ? null : data.company,
    resource: resourceOf(row, data),
    order: data.order ?? null,
    reason: data.reason ?? null,
  };
}

const kept = (userId: string) => ({ userId, createdAt: { gte: keptSince(new Date()) } });

export function unreadCount(userId: string): Promise<number> {
  return getDb().notification.count({ where: { ...kept(userId), readAt: null } });
}

/** GET /my/notifications: newest first, `limit` of them, older than the cursor's when one is sent. */
export async function listNotifications(caller: Caller, query: NotificationListQuery): Promise<NotificationList> {
  const where = { ...kept(caller.userId), ...(query.unread !== undefined && { readAt: query.unread ? null : { not: null } }), ...(query.cursor !== undefined && { seq: { lt: query.cursor } }) };
  const [rows, unread] = await Promise.all([getDb().notification.findMany({ where, orderBy: { seq: "desc" }, take: query.limit + 1 }), unreadCount(caller.userId)]);
  const page = rows.slice(0, query.limit);
  return { notifications: page.map(toApi), unread_count: unread, next_cursor: rows.length > query.limit ? notificationCursorOf(page[page.length - 1].seq) : null };
}

/**
 * The user's unread notifications about one resource (a deal, a trade, an indication): its page,
 * once open in the browser, marks them read (components/live/mark-seen.tsx). A seek on
 * (user_id, read_at): a user's unread rows are few.
 */
export async function unreadAbout(userId: string, resourceId: string): Promise<string[]> {
  const rows = await getDb().notification.findMany({ where: { ...kept(userId), readAt: null, resourceId }, select: { id: true }, take: 100 });
  return rows.map((row) => row.id);
}

/** POST /my/notifications/read: the ids sent (the caller's own; others are ignored), or all. */
export async function markRead(caller: Caller, body: { ids?: string[]; all?: true }): Promise<{ unread_count: number }> {
  await getDb().notification.updateMany({ where: { ...kept(caller.userId), readAt: null, ...(body.ids && { id: { in: body.ids } }) }, data: { readAt: new Date() } });
  return { unread_count: await unreadCount(caller.userId) };
}

/** The user's notifications after seq `after`, oldest first, each with its position: the stream's read. */
export async function notificationsAfter(userId: string, after: number, limit: number) {
  const rows = await getDb().notification.findMany({ where: { ...kept(userId), seq: { gt: after } }, orderBy: { seq: "asc" }, take: limit + 1 });
  const page = rows.slice(0, limit);
  return { notifications: page.map((row) => ({ seq: row.seq, notification: toApi(row) })), more: rows.length > limit };
}

/** The user's newest notification's seq, or everyone's without a user (0 before any): where a stream opened without a position starts. */
export async function latestNotificationSeq(userId?: string): Promise<number> {
  const row = await getDb().notification.findFirst({ where: userId === undefined ? {} : { userId }, orderBy: { seq: "desc" }, select: { seq: true } });
  return row?.seq ?? 0;
}
