import { randomUUID } from "node:crypto";
import type { Tx } from "../db/transaction";
import { insertRows } from "../db/write-sql";
import { mayKnowBookEntry, storedBookVisibility, viewerOf, type BookVisibility } from "../domain/book-visibility";
import { crosses } from "../domain/crossing";
import { fromStoredDecimal, toStoredDecimal } from "../domain/decimal";

/**
 * possible_match (docs/api/live.md, "Notifications"): when a new or changed open order crosses an
 * open one of another team (lib/domain/crossing.ts), each side's members who may see the other
 * order under the market's rules are told of it, once per pair of orders: by what the book shows
 * of the other order (its team only when the book names it) and its permalink, to ask for an
 * introduction on.
 */

type Row = Record<string, unknown>;

/** A notification as written (lib/notifications/record.ts writeNotifications). */
interface MatchNotification {
  id: ReturnType<typeof randomUUID>;
  userId: string;
  kind: "possible_match";
  companyId: string;
  resourceType: string;
  resourceId: string;
  auditEventId: string;
  data: string;
  createdAt: Date;
}

const ORDER_COLUMNS = { id: true, teamId: true, side: true, pricePerShare: true, volume: true, minimumVolume: true, structure: true, acceptableStructures: true, visibility: true, privateRecipients: true, permalinkId: true, team: { select: { name: true } } } as const;

export async function possibleMatches(tx: Tx, teamId: string, row: Row, event: { id: string; at: Date; created: boolean }): Promise<MatchNotification[]> {
  const { id: eventId, at, created } = event;
  if (row.stage !== "open") return [];
  const issuer = row.issuer as { id: string; name: string };
  // Only orders on the right side of this one's price can cross it: the book's index reads just those.
  const price = toStoredDecimal(String(row.price_per_share));
  const others = await tx.indication.findMany({
    where: { issuerId: issuer.id, stage: "open", side: row.side === "bid" ? "offer" : "bid", pricePerShare: row.side === "bid" ? { lte: price } : { gte: price }, teamId: { not: teamId } },
    select: ORDER_COLUMNS,
  });
  const mine = { id: String(row.id), teamId, visibility: String(row.visibility), recipients: (row.private_recipients as string[]).map((e) => e.toLowerCase()), permalinkId: String(row.permalink_id) };
  const crossing = others.filter((other) => crosses(row as never, apiOrder(other)));
  if (crossing.length === 0) return [];
  // The pairs not told yet (a new order was in none), and from now on told: by key, one row a pair.
  const pair = (other: { id: string }) => (mine.id < other.id ? { lowId: mine.id, highId: other.id } : { lowId: other.id, highId: mine.id });
  const told = created ? [] : await tx.matchPair.findMany({ where: { OR: crossing.map(pair) }, select: { lowId: true, highId: true } });
  const toldKeys = new Set(told.map((p) => `${p.lowId}:${p.highId}`));
  const untold = crossing.filter((other) => !toldKeys.has(`${pair(other).lowId}:${pair(other).highId}`));
  if (untold.length === 0) return [];
  // Two orders changed at once on PostgreSQL may each find the pair untold: both tell it, neither fails.
  await insertRows(tx, "match_pairs", untold.map((other) => ({ ...pair(other), createdAt: at })), { ignoreExisting: true });
  const teams = [...new Set([teamId, ...untold.map((o) => o.teamId)])];
  const members = await tx.user.findMany({ where: { teamId: { in: teams }, disabledAt: null }, select: { id: true, teamId: true, email: true, permissions: true } });
  const myTeamName = (await tx.team.findUnique({ where: { id: teamId }, select: { name: true } }))?.name ?? "";
  const rows: MatchNotification[] = [];
  const tell = (own: { id: string; teamId: string; permalinkId: string }, other: BookVisibility & { permalinkId: string; order: Row }) => {
    for (const member of members) {
      if (member.teamId !== own.teamId || !member.permissions.includes('"companies"') || !mayKnowBookEntry(other, viewerOf(member))) continue;
      rows.push({
        id: randomUUID(),
        userId: member.id,
        kind: "possible_match",
        companyId: issuer.id,
        resourceType: "indication",
        resourceId: own.id,
        auditEventId: eventId,
        data: JSON.stringify({ action: "indication.match", company: issuer, permalink_id: own.permalinkId, order: { permalink_id: other.permalinkId, side: other.order.side }, ...other.order }),
        createdAt: at,
      });
    }
  };
  for (const other of untold) {
    const theirs = { ...storedBookVisibility(other), permalinkId: other.permalinkId };
    tell(mine, { ...theirs, order: shown(apiOrder(other), other.visibility, other.team.name) });
    tell({ id: other.id, teamId: other.teamId, permalinkId: other.permalinkId }, { ...mine, order: shown(row as never, mine.visibility, myTeamName) });
  }
  return rows;
}

type Stored = { side: string; pricePerShare: string; volume: string; minimumVolume: string | null; structure: string | null; acceptableStructures: string };

function apiOrder(order: Stored) {
  return {
    side: order.side,
    price_per_share: fromStoredDecimal(order.pricePerShare),
    volume: fromStoredDecimal(order.volume),
    minimum_volume: order.minimumVolume === null ? null : fromStoredDecimal(order.minimumVolume),
    structure: order.structure,
    acceptable_structures: JSON.parse(order.acceptableStructures) as string[],
  };
}

/** What the book shows of an order: its terms, and its team unless anonymous. */
function shown(order: { side: string; price_per_share: string; volume: string }, visibility: string, teamName: string): Row {
  return { side: order.side, price_per_share: order.price_per_share, volume: order.volume, team: visibility === "order_book_anonymous" ? null : teamName };
}
