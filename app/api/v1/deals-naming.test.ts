import { beforeAll, describe, expect, it } from "vitest";
import { withAppOnOwnDatabase } from "@/lib/testing/own-database";
import { callRoute, expectError } from "@/lib/testing/http";
import { GET as feed } from "./my/events/route";
import { GET as notifications } from "./my/notifications/route";
import { GET as history } from "./my/deals/[id]/history/route";
import { GET as listMine } from "./my/deals/route";
import { ask, dealAt, newOffer, parties, read, step, type DealBody, type Member, type Party } from "./_testing/deals";

/**
 * Who is named when (issue 45, docs/api/deals.md "Who is named when"), over every surface a team
 * reads a deal through: its answer, the lists, its history, the team's event feed (which the
 * stream and the webhooks carry as they are). An anonymous owner's team and broker appear nowhere
 * in the requester's reading before the introduction, nor the requester in the owner's.
 */

withAppOnOwnDatabase();
let who: Record<Party, Member>;
beforeAll(async () => {
  who = await parties();
});

type Named = { team: { id: string; name: string } | null; broker: { name: string; email: string } | null };
const named = (member: Member): Named => ({ team: { id: member.teamId, name: member.teamName }, broker: { name: member.name, email: member.email } });
const hidden: Named = { team: null, broker: null };

/** Everything `member` can read of the deal, as one text (of the lists and the feed, what is of this deal). */
async function everything(member: Member, dealId: string): Promise<string> {
  const texts = await Promise.all([
    read(member, dealId),
    callRoute(listMine, "/api/v1/my/deals?per_page=100", { key: member.key }),
    callRoute(history, `/api/v1/my/deals/${dealId}/history`, { key: member.key, params: { id: dealId } }),
    callRoute(feed, "/api/v1/my/events?limit=500", { key: member.key }),
    callRoute(notifications, "/api/v1/my/notifications?limit=100", { key: member.key }),
  ]);
  for (const result of texts) expect(result.status, result.text).toBe(200);
  const [one, list, events, trail, told] = texts;
  const ofDeal = (items: { id?: string; resource?: { id: string } }[]) => items.filter((item) => (item.resource?.id ?? item.id) === dealId);
  const listed = ofDeal((list.body as { deals: { id: string }[] }).deals);
  const fed = ofDeal((trail.body as { events: { resource: { id: string } }[] }).events);
  expect(listed).toHaveLength(1);
  expect(fed.length).toBeGreaterThan(0);
  const bell = ofDeal((told.body as { notifications: { resource: { id: string } }[] }).notifications);
  return [one.text, JSON.stringify(listed), events.text, JSON.stringify(fed), JSON.stringify(bell)].join("\n");
}

function expectAbsent(text: string, member: Member, context: string): void {
  for (const secret of [member.teamName, member.teamId, member.name, member.email]) expect(text.includes(secret), `${context}: ${secret}`).toBe(false);
}

describe("an anonymous order", () => {
  it("names neither side to the other until the introduction, then both, team and broker", async () => {
    const deal = await dealAt(who, "accepted");
    const asRequester = (await read(who.requester, deal.id)).body as DealBody;
    expect(asRequester.requester).toEqual(named(who.requester));
    expect(asRequester.owner).toEqual(hidden);
    const asOwner = (await read(who.owner, deal.id)).body as DealBody;
    expect(asOwner.owner).toEqual(named(who.owner));
    expect(asOwner.requester).toEqual(hidden);
    expectAbsent(await everything(who.requester, deal.id), who.owner, "requester's reading before the introduction");
    expectAbsent(await everything(who.owner, deal.id), who.requester, "owner's reading before the introduction");

    expect((await step("introduce", who.ops, deal.id)).status).toBe(200);
    for (const member of [who.requester, who.owner]) {
      const deal2 = (await read(member, deal.id)).body as DealBody;
      expect(deal2.requester).toEqual(named(who.requester));
      expect(deal2.owner).toEqual(named(who.owner));
    }
    expect(await everything(who.owner, deal.id)).toContain(who.requester.teamName);
  });

  it("a dead deal ended before the introduction keeps the sides unnamed", async () => {
    const deal = await dealAt(who, "requested");
    expect((await step("decline", who.owner, deal.id)).status).toBe(200);
    expectAbsent(await everything(who.owner, deal.id), who.requester, "owner after declining");
    expectAbsent(await everything(who.requester, deal.id), who.owner, "requester after the decline");
    expect(((await read(who.requester, deal.id)).body as DealBody).dead_reason).toBe("declined");
  });
});

describe("notifications", () => {
  const bellOf = async (member: Member, dealId: string) => {
    const result = await callRoute(notifications, "/api/v1/my/notifications?limit=100", { key: member.key });
    return (result.body as { notifications: { title: string; resource: { type: string; id: string } }[] }).notifications.filter((n) => n.resource?.id === dealId);
  };

  it("tell the other party of each step, the marketplace team when a deal waits for its introduction, naming no one not yet named", async () => {
    const deal = await dealAt(who, "requested");
    const [asked] = await bellOf(who.owner, deal.id);
    expect(asked.title).toMatch(/^A counterparty asked for an introduction on your team's offer in /);
    expect(asked.resource.type).toBe("deal");
    expect(await bellOf(who.requester, deal.id)).toEqual([]);
    expect(await bellOf(who.ops, deal.id)).toEqual([]);
    expect((await step("accept", who.owner, deal.id)).status).toBe(200);
    expect((await bellOf(who.requester, deal.id)).map((n) => n.title)).toEqual([expect.stringMatching(/accepted by the order's owner$/)]);
    expect((await bellOf(who.ops, deal.id)).map((n) => n.title)).toEqual([expect.stringMatching(/introduce the parties$/)]);
    expect((await step("introduce", who.ops, deal.id)).status).toBe(200);
    expect((await bellOf(who.owner, deal.id))[0].title).toContain(`You were introduced to ${who.requester.teamName}`);
    expect((await bellOf(who.requester, deal.id))[0].title).toContain(`You were introduced to ${who.owner.teamName}`);
  });
});

describe("a public order", () => {
  it("names the owner's team, not its broker, to the requester from the start; the requester stays unnamed to the owner", async () => {
    const deal = await dealAt(who, "requested", { visibility: "order_book_public" });
    const asRequester = (await read(who.requester, deal.id)).body as DealBody;
    expect(asRequester.owner).toEqual({ team: named(who.owner).team, broker: null });
    expect(((await read(who.owner, deal.id)).body as DealBody).requester).toEqual(hidden);
    expectAbsent(await everything(who.owner, deal.id), who.requester, "owner of a public order");
  });
});

describe("the marketplace team and a third team", () => {
  it("the marketplace team sees both sides always; a third team sees nothing of the deal anywhere", async () => {
    const order = await newOffer(who.owner);
    const asked = await ask(who.requester, order.permalink_id);
    const deal = asked.body as DealBody;
    const asOps = (await read(who.ops, deal.id, "ops")).body as DealBody;
    expect(asOps.requester).toEqual(named(who.requester));
    expect(asOps.owner).toEqual(named(who.owner));
    expect(asOps.role).toBeNull();
    expectError(await read(who.third, deal.id), "not_found");
    expectError(await callRoute(history, `/api/v1/my/deals/${deal.id}/history`, { key: who.third.key, params: { id: deal.id } }), "not_found");
    const thirdFeed = await callRoute(feed, "/api/v1/my/events?limit=500", { key: who.third.key });
    expect(thirdFeed.text).not.toContain(deal.id);
    // The marketplace team's feed carries every step, both sides named.
    const opsFeed = await callRoute(feed, "/api/v1/my/events?limit=500", { key: who.ops.key });
    expect(opsFeed.text).toContain(deal.id);
    expect(opsFeed.text).toContain(who.owner.teamName);
    // …and names who took each step, a party's broker included.
    const requested = (opsFeed.body as { events: { action: string; resource: { id: string }; actor: { email: string } }[] }).events.find((e) => e.action === "deal.requested" && e.resource.id === deal.id);
    expect(requested?.actor.email).toBe(who.requester.email);
  });
});
