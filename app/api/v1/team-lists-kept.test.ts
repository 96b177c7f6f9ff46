import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/keys";
import { getDb } from "@/lib/db/client";
import { FIXTURE_PASSWORD_HASH } from "@/lib/testing/fixtures/accounts";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { withAppOnOwnDatabase } from "@/lib/testing/own-database";
import { callRoute } from "@/lib/testing/http";
import { GET as listIndications, POST as createIndication } from "./my/indications/route";
import { PATCH as patchIndication } from "./my/indications/[id]/route";
import { GET as listTrades, POST as createTrade } from "./my/trades/route";

/**
 * GET /my/indications and /my/trades keep their answered pages per team (lib/http/record-routes.ts,
 * keepAnswers) while the counters they were read at stand: the team's own for the table, and the
 * companies' (an item names its issuer). Each change below must show on the very page read just
 * before it, never the kept one; another team's write leaves the kept page as it was.
 */

withAppOnOwnDatabase();
const ISSUER = COMPANIES[0];

async function teamKey(name: string): Promise<string> {
  const team = { id: randomUUID(), name: `${name} ${Date.now()}` };
  await getDb().team.create({ data: { ...team, createdAt: new Date() } });
  const id = randomUUID();
  const permissions = JSON.stringify(["companies", "indications_manage", "trades_manage"]);
  await getDb().user.create({ data: { id, email: `${id}@kept.test`, name: "Kept Member", passwordHash: FIXTURE_PASSWORD_HASH, role: "broker", permissions, teamId: team.id, createdAt: new Date() } });
  return (await createApiKey(getDb(), { userId: id, name: "kept pages test" })).secret;
}

let mine: string;
let theirs: string;
beforeAll(async () => {
  [mine, theirs] = await Promise.all([teamKey("Keepers"), teamKey("Others")]);
});

const BID = { issuer_id: ISSUER.id, side: "bid", price_per_share: "12.50", volume: "1000000", acceptable_structures: ["direct"], visibility: "order_book_anonymous", stock_type: "secondary", stock_class_type: "preferred", stock_class: "Series B" };
const TRADE = { issuer_id: ISSUER.id, price_per_share: "41.25", volume: "2500000", structure: "direct", stock_type: "secondary", stock_class_type: "preferred", stock_class: "Series C", sign_date: "2026-03-02", won_date: "2026-03-09", verification_officer_name: "Dana Officer", verification_officer_email: "dana@bank.example" };

type Item = { id: string; price_per_share: string; issuer: { name: string } };

async function page(route: Parameters<typeof callRoute>[0], resource: "indications" | "trades", key: string): Promise<{ items: Item[]; etag: string }> {
  const result = await callRoute(route, `/api/v1/my/${resource}?per_page=100`, { key });
  expect(result.status, result.text).toBe(200);
  return { items: (result.body as Record<string, Item[]>)[resource], etag: result.headers.get("etag")! };
}

async function created(route: Parameters<typeof callRoute>[0], resource: "indications" | "trades", key: string, body: object): Promise<string> {
  const result = await callRoute(route, `/api/v1/my/${resource}`, { key, method: "POST", body });
  expect(result.status, result.text).toBe(201);
  return (result.body as { id: string }).id;
}

describe("a team's list, answered again from a kept page", () => {
  it("indications: shows the team's new row and its change, the issuer's new name; not moved by another team's write", async () => {
    const first = await created(createIndication, "indications", mine, BID);
    const before = await page(listIndications, "indications", mine);
    expect(before.items.map((i) => i.id)).toEqual([first]);

    await created(createIndication, "indications", theirs, BID);
    expect(await page(listIndications, "indications", mine)).toEqual(before);

    const second = await created(createIndication, "indications", mine, { ...BID, price_per_share: "13" });
    expect((await page(listIndications, "indications", mine)).items.map((i) => i.id).sort()).toEqual([first, second].sort());

    const patched = await callRoute(patchIndication, `/api/v1/my/indications/${first}`, { key: mine, method: "PATCH", body: { price_per_share: "14.75" }, params: { id: first } });
    expect(patched.status, patched.text).toBe(200);
    expect((await page(listIndications, "indications", mine)).items.find((i) => i.id === first)?.price_per_share).toBe("14.75");

    await getDb().company.update({ where: { id: ISSUER.id }, data: { name: `${ISSUER.name} (renamed)` } });
    expect((await page(listIndications, "indications", mine)).items.every((i) => i.issuer.name === `${ISSUER.name} (renamed)`)).toBe(true);
    await getDb().company.update({ where: { id: ISSUER.id }, data: { name: ISSUER.name } });
  });

  it("trades: shows the team's new row; not moved by another team's trade", async () => {
    const first = await created(createTrade, "trades", mine, TRADE);
    const before = await page(listTrades, "trades", mine);
    expect(before.items.map((t) => t.id)).toEqual([first]);
    await created(createTrade, "trades", theirs, TRADE);
    expect(await page(listTrades, "trades", mine)).toEqual(before);
    const second = await created(createTrade, "trades", mine, { ...TRADE, price_per_share: "42" });
    expect((await page(listTrades, "trades", mine)).items.map((t) => t.id).sort()).toEqual([first, second].sort());
  });

  it("requests that come together after a change each see it, with one ETag (they share one read: lib/cache/shared-read.ts)", async () => {
    await page(listTrades, "trades", mine);
    const third = await created(createTrade, "trades", mine, { ...TRADE, price_per_share: "43" });
    const together = await Promise.all(Array.from({ length: 6 }, () => page(listTrades, "trades", mine)));
    for (const answer of together) {
      expect(answer.items.map((t) => t.id)).toContain(third);
      expect(answer.etag).toBe(together[0].etag);
    }
  });
});
