import { beforeAll, describe, expect, it } from "vitest";
import { withAppOnOwnDatabase } from "@/lib/testing/own-database";
import { callRoute, expectError } from "@/lib/testing/http";
import { GET as matches } from "./my/indications/[id]/matches/route";
import { PATCH as changeIndication } from "./my/indications/[id]/route";
import { GET as notifications } from "./my/notifications/route";
import { getDb } from "@/lib/db/client";
import { BROKER_PERMISSIONS } from "@/lib/domain/enums";
import { member, newOffer, parties, type Member, type Party } from "./_testing/deals";

/** GET /my/indications/{id}/matches (issue 45) through the real routes, on a database of the file's own. */

withAppOnOwnDatabase();
let who: Record<Party, Member>;
beforeAll(async () => {
  who = await parties();
});

type Match = { side: string; price_per_share: string; permalink_id: string; team: { name: string } | null; own: boolean };
const matchesOf = async (member: Member, id: string) => {
  const result = await callRoute(matches, `/api/v1/my/indications/${id}/matches`, { key: member.key, params: { id } });
  expect(result.status, result.text).toBe(200);
  return (result.body as { matches: Match[] }).matches;
};
const bid = (fields: Record<string, unknown> = {}) => ({ side: "bid", structure: null, acceptable_structures: ["direct"], ...fields });

describe("matches", () => {
  it("lists other teams' crossing orders the caller may see, best price first, each as the book shows it", async () => {
    const cheap = await newOffer(who.owner, { price_per_share: "18", volume: "600", minimum_volume: "100" });
    const dear = await newOffer(who.third, { price_per_share: "19", visibility: "order_book_public", minimum_volume: null });
    const tooDear = await newOffer(who.owner, { price_per_share: "25" });
    const otherStructure = await newOffer(who.owner, { price_per_share: "17", structure: "forward_contract" });
    const bigMinimum = await newOffer(who.owner, { price_per_share: "17", minimum_volume: "900" });
    const hidden = await newOffer(who.third, { price_per_share: "15", visibility: "private", private_recipients: ["nobody@else.test"] });
    const mine = await newOffer(who.requester, { ...bid({ price_per_share: "20", volume: "800", minimum_volume: "200" }) });
    const found = await matchesOf(who.requester, mine.id);
    const permalinks = found.map((m) => m.permalink_id);
    expect(permalinks.indexOf(cheap.permalink_id)).toBeLessThan(permalinks.indexOf(dear.permalink_id));
    expect(permalinks).toEqual(expect.arrayContaining([cheap.permalink_id, dear.permalink_id]));
    for (const refused of [tooDear, otherStructure, bigMinimum, hidden]) expect(permalinks).not.toContain(refused.permalink_id);
    for (const match of found) {
      expect(match.side).toBe("offer");
      expect(match.own).toBe(false);
    }
    expect(found.find((m) => m.permalink_id === cheap.permalink_id)!.team).toBeNull();
    expect(found.find((m) => m.permalink_id === dear.permalink_id)!.team?.name).toBe(who.third.teamName);
    // The owner's offer sees the bid from its side.
    expect((await matchesOf(who.owner, cheap.id)).map((m) => m.side)).toContain("bid");
  });

  it("another team's indication is a 404, as an unknown one", async () => {
    const theirs = await newOffer(who.owner);
    expectError(await callRoute(matches, `/api/v1/my/indications/${theirs.id}/matches`, { key: who.requester.key, params: { id: theirs.id } }), "not_found");
  });
});

describe("possible_match", () => {
  type Told = { kind: string; title: string; resource: { id: string } | null; order: { permalink_id: string; side: string } | null };
  const toldOf = async (member: Member) => {
    const result = await callRoute(notifications, "/api/v1/my/notifications?limit=100", { key: member.key });
    return (result.body as { notifications: Told[] }).notifications.filter((n) => n.kind === "possible_match");
  };

  it("tells each side once per pair, of the other order by its permalink, never naming an anonymous team", async () => {
    const offer = await newOffer(who.owner, { price_per_share: "30", volume: "700", minimum_volume: null });
    const mine = await newOffer(who.requester, { ...bid({ price_per_share: "31", volume: "700", minimum_volume: null }) });
    const requesterTold = (await toldOf(who.requester)).filter((n) => n.order?.permalink_id === offer.permalink_id);
    expect(requesterTold).toHaveLength(1);
    expect(requesterTold[0].resource?.id).toBe(mine.id);
    expect(requesterTold[0].title).toContain("(anonymous)");
    expect(requesterTold[0].title).not.toContain(who.owner.teamName);
    // The owner is told once for each of its orders the bid crosses (the test's earlier ones too): this one's once.
    const ownerTold = (await toldOf(who.owner)).filter((n) => n.order?.permalink_id === mine.permalink_id && n.resource?.id === offer.id);
    expect(ownerTold).toHaveLength(1);
    expect(ownerTold[0].title).not.toContain(who.requester.teamName);
    // A change that still crosses tells no one again.
    const changed = await callRoute(changeIndication, `/api/v1/my/indications/${mine.id}`, { key: who.requester.key, method: "PATCH", body: { price_per_share: "32" }, headers: { "content-type": "application/merge-patch+json" } });
    expect(changed.status, changed.text).toBe(200);
    expect((await toldOf(who.requester)).filter((n) => n.order?.permalink_id === offer.permalink_id)).toHaveLength(1);
    expect((await toldOf(who.owner)).filter((n) => n.order?.permalink_id === mine.permalink_id && n.resource?.id === offer.id)).toHaveLength(1);
  });

  it("tells each order's own broker, not the team; the team's members who manage its orders when the broker is disabled or may not see the other order", async () => {
    const seller = await member("Seller", BROKER_PERMISSIONS);
    const desk = await member("Desk", BROKER_PERMISSIONS, seller);
    const analyst = await member("Analyst", ["companies"], seller);
    const offer = await newOffer(seller, { price_per_share: "40", volume: "500", minimum_volume: null });
    await newOffer(who.requester, bid({ price_per_share: "41", volume: "500", minimum_volume: null }));
    const toldOfOffer = async (whom: Member) => (await toldOf(whom)).filter((n) => n.resource?.id === offer.id);
    expect(await toldOfOffer(seller)).toHaveLength(1);
    expect(await toldOfOffer(desk)).toHaveLength(0);
    expect(await toldOfOffer(analyst)).toHaveLength(0);

    // Another team's private offer shared with the desk, not with the seller: the desk is told of it on the seller's bid.
    const sellerBid = await newOffer(seller, bid({ price_per_share: "50", volume: "500", minimum_volume: null }));
    const shared = await newOffer(who.requester, { price_per_share: "49", volume: "500", minimum_volume: null, visibility: "private", private_recipients: [desk.email] });
    const toldOfShared = async (whom: Member) => (await toldOf(whom)).filter((n) => n.order?.permalink_id === shared.permalink_id);
    expect(await toldOfShared(seller)).toHaveLength(0);
    expect((await toldOfShared(desk)).map((n) => n.resource?.id)).toEqual([sellerBid.id]);
    expect(await toldOfShared(analyst)).toHaveLength(0);
    expect((await toldOf(who.requester)).filter((n) => n.resource?.id === shared.id && n.order?.permalink_id === sellerBid.permalink_id)).toHaveLength(1);

    await getDb().user.update({ where: { id: seller.userId }, data: { disabledAt: new Date() } });
    await newOffer(who.third, bid({ price_per_share: "42", volume: "500", minimum_volume: null }));
    expect(await toldOfOffer(desk)).toHaveLength(1);
    expect(await toldOfOffer(analyst)).toHaveLength(0);
    // The disabled broker's order changed by the desk into a new pair: the desk is told, on the moved order's side too.
    const low = await newOffer(who.third, bid({ price_per_share: "30", volume: "500", minimum_volume: null }));
    const moved = await callRoute(changeIndication, `/api/v1/my/indications/${offer.id}`, { key: desk.key, method: "PATCH", body: { price_per_share: "29" }, headers: { "content-type": "application/merge-patch+json" } });
    expect(moved.status, moved.text).toBe(200);
    expect((await toldOfOffer(desk)).filter((n) => n.order?.permalink_id === low.permalink_id)).toHaveLength(1);
    expect(await toldOfOffer(analyst)).toHaveLength(0);
  });
});
