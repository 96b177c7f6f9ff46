import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { withAppOnOwnDatabase } from "@/lib/testing/own-database";
import { callRoute } from "@/lib/testing/http";
import { GET as listMine } from "./my/deals/route";
import type { Deal } from "@/lib/deals/schema";
import { dealAt, parties, step, type Member, type Party } from "./_testing/deals";

/**
 * GET /my/deals keeps its answered pages (lib/http/list-response.ts, keepAnswers) while the
 * counters they were read at stand: the deals' own, and those of what a deal shows of others (its
 * company, its order, the parties' teams and brokers). Each change below must show on the very
 * page read just before it, never the kept one.
 */

withAppOnOwnDatabase();
let who: Record<Party, Member>;
beforeAll(async () => {
  who = await parties();
});

async function listed(member: Member, dealId: string): Promise<Deal> {
  const result = await callRoute(listMine, "/api/v1/my/deals?per_page=100", { key: member.key });
  expect(result.status, result.text).toBe(200);
  const deal = (result.body as { deals: Deal[] }).deals.find((d) => d.id === dealId);
  expect(deal).toBeDefined();
  return deal!;
}

describe("GET /my/deals, answered again from a kept page", () => {
  it("shows another team's step, the company's new name, the order's new terms and a renamed broker", async () => {
    const deal = await dealAt(who, "accepted");
    expect((await listed(who.owner, deal.id)).stage).toBe("accepted");
    expect((await listed(who.owner, deal.id)).requester.team).toBeNull();

    expect((await step("introduce", who.ops, deal.id)).status).toBe(200);
    const introduced = await listed(who.owner, deal.id);
    expect(introduced.stage).toBe("introduced");
    expect(introduced.requester.team?.name).toBe(who.requester.teamName);

    const db = getDb();
    const company = introduced.company;
    await db.company.update({ where: { id: company.id }, data: { name: `${company.name} (renamed)` } });
    expect((await listed(who.owner, deal.id)).company.name).toBe(`${company.name} (renamed)`);
    await db.company.update({ where: { id: company.id }, data: { name: company.name } });

    const row = await db.deal.findFirstOrThrow({ where: { id: deal.id }, select: { indicationId: true } });
    await db.indication.update({ where: { id: row.indicationId }, data: { pricePerShare: "000000000000000021.25000000" } });
    expect((await listed(who.requester, deal.id)).indication.price_per_share).toBe("21.25");

    const broker = await db.user.findFirstOrThrow({ where: { teamId: who.requester.teamId } });
    await db.user.update({ where: { id: broker.id }, data: { name: "Renamed Broker" } });
    expect((await listed(who.owner, deal.id)).requester.broker?.name).toBe("Renamed Broker");
  });
});
