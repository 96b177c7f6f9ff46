import { newRowId } from "../db/row-id";
import type { Tx } from "../db/transaction";
import { getEngine } from "../db/client";
import { insertRows, selectRows } from "../db/write-sql";
import { mayKnowBookEntry, storedBookVisibility, viewerOf, type BookVisibility } from "../domain/book-visibility";
import { crosses } from "../domain/crossing";
import { fromStoredDecimal, toStoredDecimal } from "../domain/decimal";
import { activeUsers } from "./recipients";

/**
 * possible_match (docs/api/live.md, "Notifications"): when a new or changed open order crosses an
 * open one of another team (lib/domain/crossing.ts), each order's owner is told of it, once per
 * pair of orders: by what the book shows of the other order (its team only when the book names it)
 * and its permalink, to ask for an introduction on. The owner is the order's own broker; when that
 * broker may not be told (disabled, off the team, without `companies` or not allowed to see the
 * other order), the team's members who manage its orders.
 */

type Row = Record<string, unknown>;

/** A notification as written (lib/notifications/record.ts writeNotifications). */
interface MatchNotification {
  id: string;
  userId: string;
  kind: "possible_match";
  companyId: string;
  resourceType: string;
  resourceId: string;
  auditEventId: string;
  data: string;
  createdAt: Date;
}

/** An open order of another team as the check reads it, its columns under the model's names. */
type OtherOrder = Stored & { id: string; teamId: string; userId: string; visibility: string; privateRecipients: string; permalinkId: string; teamName: string };

/** The orders on the other side of `row`'s, in its company, at a price that may cross it, of teams other than `teamId`. */
function othersSql(issuerId: string, teamId: string, side: string, price: string) {
  const bid = side === "bid";
  return getEngine()
    .dialect.db.selectFrom("indications as i")
    .innerJoin("teams as tm", "tm.id", "i.team_id")
    .select(["i.id", "i.team_id as teamId", "i.user_id as userId", "i.side", "i.price_per_share as pricePerShare", "i.volume", "i.minimum_volume as minimumVolume", "i.structure"])
    .select(["i.acceptable_structures as acceptableStructures", "i.visibility", "i.private_recipients as privateRecipients", "i.permalink_id as permalinkId", "tm.name as teamName"])
    .where("i.issuer_id", "=", issuerId)
    .where("i.stage", "=", "open")
    .where("i.side", "=", bid ? "offer" : "bid")
    .where("i.price_per_share", bid ? "<=" : ">=", price)
    .where("i.team_id", "<>", teamId);
}

export async function possibleMatches(tx: Tx, teamId: string, row: Row, event: { id: string; at: Date; created: boolean }): Promise<MatchNotification[]> {
  const { id: eventId, at, created } = event;
  if (row.stage !== "open") return [];
  const issuer = row.issuer as { id: string; name: string };
  // Only orders on the right side of this one's price can cross it: the book's index reads just those.
  const price = toStoredDecimal(String(row.price_per_share));
  const others = await selectRows<OtherOrder>(tx, othersSql(issuer.id, teamId, String(row.side), price));
  const mine = { id: String(row.id), teamId, visibility: String(row.visibility), recipients: (row.private_recipients as string[]).map((e) => e.toLowerCase()), permalinkId: String(row.permalink_id) };
  const crossing = others.filter((other) => crosses(row as never, apiOrder(other)));
  if (crossing.length === 0) return [];
  // The pairs not told yet (a new order was in none), and from now on told: by key, one row a pair.
  const pair = (other: { id: string }) => (mine.id < other.id ? { lowId: mine.id, highId: other.id } : { lowId: other.id, highId: mine.id });
  const toldPairs = created
    ? []
    : await selectRows<{ lowId: string; highId: string }>(
        tx,
        getEngine()
          .dialect.db.selectFrom("match_pairs")
          .select(["low_id as lowId", "high_id as highId"])
          .where((eb) => eb.or(crossing.map(pair).map(({ lowId, highId }) => eb.and([eb("low_id", "=", lowId), eb("high_id", "=", highId)])))),
      );
  const keyOf = (p: { lowId: string; highId: string }) => `${p.lowId}:${p.highId}`;
  const toldKeys = new Set(toldPairs.map(keyOf));
  const untold = crossing.filter((other) => !toldKeys.has(keyOf(pair(other))));
  if (untold.length === 0) return [];
  // Two orders changed at once on PostgreSQL may each find the pair untold: both tell it, neither fails.
  await insertRows(tx, "match_pairs", untold.map((other) => ({ ...pair(other), createdAt: at })), { ignoreExisting: true });
  const [me] = await selectRows<{ userId: string; teamName: string }>(
    tx,
    getEngine().dialect.db.selectFrom("indications as i").innerJoin("teams as tm", "tm.id", "i.team_id").select(["i.user_id as userId", "tm.name as teamName"]).where("i.id", "=", mine.id),
  );
  const sides: Side[] = untold.flatMap((other) => [
    { own: { ...mine, ownerId: me.userId }, other: { ...storedBookVisibility(other), permalinkId: other.permalinkId, order: shown(apiOrder(other), other.visibility, other.teamName) } },
    { own: { id: other.id, teamId: other.teamId, ownerId: other.userId, permalinkId: other.permalinkId }, other: { ...mine, order: shown(row as never, mine.visibility, me.teamName) } },
  ]);
  const told = await ownersOf(tx, sides);
  return sides.flatMap(({ own, other }, i) =>
    told[i].map((member) => ({
      id: newRowId(),
      userId: member.id,
      kind: "possible_match" as const,
      companyId: issuer.id,
      resourceType: "indication",
      resourceId: own.id,
      auditEventId: eventId,
      data: JSON.stringify({ action: "indication.match", company: issuer, permalink_id: own.permalinkId, order: { permalink_id: other.permalinkId, side: other.order.side }, ...other.order }),
      createdAt: at,
    })),
  );
}

type Member = { id: string; teamId: string; email: string; permissions: string[] };
/** One order of a pair (`own`) and the other order, as its owner would be told of it. */
type Side = { own: { id: string; teamId: string; ownerId: string; permalinkId: string }; other: BookVisibility & { permalinkId: string; order: Row } };

/**
 * Who is told of each side of the pairs, in their order: the side's owner when active, holding
 * `companies` and allowed to see the other order; else the team's members who may, and who manage
 * its orders (`indications_manage`). The teams are read only for the sides whose owner may not be told.
 */
async function ownersOf(tx: Tx, sides: Side[]): Promise<Member[][]> {
  const mayTell = (member: Member, { own, other }: Side) => member.teamId === own.teamId && member.permissions.includes("companies") && mayKnowBookEntry(other, viewerOf(member));
  const owners = await membersWhere(tx, "u.id", [...new Set(sides.map(({ own }) => own.ownerId))]);
  const told = sides.map((side) => owners.filter((owner) => owner.id === side.own.ownerId && mayTell(owner, side)));
  const orphans = sides.filter((_, i) => told[i].length === 0);
  if (orphans.length === 0) return told;
  const managers = (await membersWhere(tx, "u.team_id", [...new Set(orphans.map(({ own }) => own.teamId))])).filter((member) => member.permissions.includes("indications_manage"));
  return sides.map((side, i) => (told[i].length > 0 ? told[i] : managers.filter((member) => mayTell(member, side))));
}

async function membersWhere(tx: Tx, column: "u.id" | "u.team_id", values: string[]): Promise<Member[]> {
  const rows = await selectRows<Omit<Member, "permissions"> & { permissions: string }>(tx, activeUsers().select("u.permissions").where(column, "in", values));
  return rows.map((member) => ({ ...member, permissions: JSON.parse(member.permissions) as string[] }));
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
