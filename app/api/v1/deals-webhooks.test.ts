import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { runDueDeliveries } from "@/lib/webhooks/worker";
import { dealAt, parties, step, type Member, type Party } from "./_testing/deals";
import { endpoint, receiver, withWebhookTests } from "./_testing/webhooks";

/**
 * Who is named when (docs/api/deals.md), on the webhooks: each team's endpoint hears the deal's
 * steps as that team sees the deal, so an anonymous owner and its requester are named to each
 * other's endpoints only from the introduction, and a third team's endpoint hears nothing.
 */

withWebhookTests();
let who: Record<Party, Member>;
beforeAll(async () => {
  who = await parties();
});

/** What the endpoint of `member`'s team received, one text per delivery, and the event types. */
async function deliveredTo(member: Member, run: () => Promise<void>): Promise<{ bodies: string[]; types: string[] }> {
  // This endpoint alone: every delivery is its.
  await getDb().webhookEndpoint.deleteMany();
  receiver.received = [];
  await endpoint({ events: ["deal.*"] }, member.key);
  await run();
  await runDueDeliveries(new Date());
  const bodies = receiver.received.map((r) => r.body);
  return { bodies, types: bodies.map((body) => (JSON.parse(body) as { type: string }).type) };
}

const secretsOf = (member: Member) => [member.teamName, member.teamId, member.name, member.email];

describe("deal events on the webhooks", () => {
  it("the owner's endpoint hears each step with the requester unnamed until the introduction, then named", async () => {
    let dealId = "";
    const before = await deliveredTo(who.owner, async () => {
      dealId = (await dealAt(who, "accepted")).id;
    });
    expect(before.types).toEqual(["deal.requested", "deal.accepted"]);
    for (const body of before.bodies) for (const secret of secretsOf(who.requester)) expect(body.includes(secret), secret).toBe(false);

    receiver.received = [];
    expect((await step("introduce", who.ops, dealId)).status).toBe(200);
    await runDueDeliveries(new Date());
    const introduced = receiver.received.map((r) => r.body);
    expect(introduced.map((body) => (JSON.parse(body) as { type: string }).type)).toEqual(["deal.introduced"]);
    expect(introduced[0]).toContain(who.requester.teamName);
  });

  it("the requester's endpoint never hears an anonymous owner's name before the introduction; a third team's hears nothing", async () => {
    const asRequester = await deliveredTo(who.requester, async () => {
      const deal = await dealAt(who, "requested");
      expect((await step("decline", who.owner, deal.id)).status).toBe(200);
    });
    expect(asRequester.types).toEqual(["deal.requested", "deal.dead"]);
    for (const body of asRequester.bodies) for (const secret of secretsOf(who.owner)) expect(body.includes(secret), secret).toBe(false);

    const asThird = await deliveredTo(who.third, () => dealAt(who, "closed").then(() => undefined));
    expect(asThird.bodies).toEqual([]);
  });
});
