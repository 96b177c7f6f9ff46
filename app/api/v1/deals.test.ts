import { beforeAll, describe, expect, it } from "vitest";
import { DEAL_STEPS, type DealStep } from "@/lib/deals/machine";
import { DEAL_STAGES, type DealStage } from "@/lib/domain/enums";
import { getDb } from "@/lib/db/client";
import { withAppOnOwnDatabase } from "@/lib/testing/own-database";
import { callRoute, expectError } from "@/lib/testing/http";
import { GET as listMine } from "./my/deals/route";
import { GET as listAll } from "./ops/deals/route";
import { GET as getTrade } from "./my/trades/[id]/route";
import { GET as opsTrades } from "./ops/trades/route";
import { ask, dealAt, newOffer, parties, read, step, type DealBody, type Member, type Party } from "./_testing/deals";

/**
 * Deals through the real routes on a database of the file's own (issue 45): every step × every
 * caller, allowed or refused with its code; every step from every stage; the requests' refusals;
 * the close's trades; the lists.
 */

const own = withAppOnOwnDatabase();
let who: Record<Party, Member>;
beforeAll(async () => {
  who = await parties();
});

/** Who may take each step, and what anyone else hears: a party's step by the marketplace team or a third team is 404 (no deal of theirs), the marketplace's by a party 403. */
function expected(name: DealStep, caller: Party): number {
  const by = DEAL_STEPS[name].by as readonly string[];
  if (caller === "ops") return by.includes("marketplace") ? 200 : 404;
  if (by.includes("marketplace")) return 403;
  if (caller === "third") return 404;
  return by.includes(caller) ? 200 : 403;
}

describe("every step × every caller, from a stage the step allows", () => {
  const cases = (Object.keys(DEAL_STEPS) as DealStep[]).flatMap((name) => (["owner", "requester", "third", "ops"] as const).map((caller) => [name, caller] as const));
  it.each(cases)("%s by the %s", async (name, caller) => {
    const deal = await dealAt(who, DEAL_STEPS[name].from[0]);
    const result = await step(name, who[caller], deal.id);
    const status = expected(name, caller);
    expect(result.status, result.text).toBe(status);
    const after = (await read(who.requester, deal.id)).body as DealBody;
    if (status === 200) {
      expect((result.body as DealBody).stage).toBe(DEAL_STEPS[name].to);
      expect(after.stage).toBe(DEAL_STEPS[name].to);
    } else {
      expectError(result, status === 404 ? "not_found" : "forbidden");
      expect(after.stage).toBe(deal.stage);
    }
  });
});

describe("every step from every stage it does not allow: 409 invalid_transition naming the stage", () => {
  const reachable: DealStage[] = ["requested", "accepted", "introduced", "in_closing", "closed", "dead"];
  expect(reachable).toEqual([...DEAL_STAGES]);
  const cases = (Object.keys(DEAL_STEPS) as DealStep[]).flatMap((name) =>
    reachable.filter((stage) => !(DEAL_STEPS[name].from as readonly string[]).includes(stage)).map((stage) => [name, stage] as const),
  );
  it.each(cases)("%s from %s", async (name, stage) => {
    const deal = await dealAt(who, stage);
    const by = DEAL_STEPS[name].by[0];
    const result = await step(name, who[by === "marketplace" ? "ops" : by], deal.id);
    expectError(result, "invalid_transition");
    expect((result.body as { error: { message: string } }).error.message).toContain(`stage ${stage}`);
    expect(((await read(who.requester, deal.id)).body as DealBody).stage).toBe(stage);
  });
});

describe("asking for an introduction", () => {
  it("answers 201 with the deal in stage requested, its Location and ETag", async () => {
    const order = await newOffer(who.owner);
    const result = await ask(who.requester, order.permalink_id, { volume: "250", price_per_share: "19.75", note: "For a fund client" });
    expect(result.status, result.text).toBe(201);
    const deal = result.body as DealBody;
    expect(result.headers.get("location")).toBe(`/api/v1/my/deals/${deal.id}`);
    expect(result.headers.get("etag")).toMatch(/^"/);
    expect(deal).toMatchObject({
      stage: "requested",
      role: "requester",
      company: { id: expect.any(String), name: expect.any(String) },
      indication: { permalink_id: order.permalink_id, side: "offer", price_per_share: "20", volume: "1000", minimum_volume: "100" },
      requested: { volume: "250", price_per_share: "19.75", note: "For a fund client" },
      terms: null,
      trade_ids: [],
      dead_reason: null,
    });
  });

  it("refuses the caller's own order, a closed one, a second open deal, a volume out of the order's bounds", async () => {
    const order = await newOffer(who.owner);
    expectError(await ask(who.owner, order.permalink_id), "own_indication");
    expectError(await ask(who.requester, order.permalink_id, { volume: "50" }), "invalid_parameter", "volume");
    expectError(await ask(who.requester, order.permalink_id, { volume: "1000.00000001" }), "invalid_parameter", "volume");
    expect((await ask(who.requester, order.permalink_id, { volume: "1000" })).status).toBe(201);
    expectError(await ask(who.requester, order.permalink_id), "deal_exists");
    // Another team may still ask; a withdrawn deal lets its team ask again.
    expect((await ask(who.third, order.permalink_id)).status).toBe(201);
    const closed = await newOffer(who.owner);
    const { POST: close } = await import("./my/indications/[id]/close/route");
    expect((await callRoute(close, `/api/v1/my/indications/${closed.id}/close`, { key: who.owner.key, method: "POST" })).status).toBe(200);
    expectError(await ask(who.requester, closed.permalink_id), "indication_closed");
  });

  it("a private order not shared with the caller, and an unknown permalink, are 404; shared with them, it may be asked on", async () => {
    const hidden = await newOffer(who.owner, { visibility: "private", private_recipients: ["someone@else.test"] });
    expectError(await ask(who.requester, hidden.permalink_id), "not_found");
    expectError(await ask(who.requester, "IND-NOSUCHPERMALINK"), "not_found");
    const shared = await newOffer(who.owner, { visibility: "private", private_recipients: [who.requester.email.toUpperCase()] });
    expect((await ask(who.requester, shared.permalink_id)).status).toBe(201);
  });

  it("refuses a body with unknown fields or a volume sent as a number, naming them", async () => {
    const order = await newOffer(who.owner);
    expectError(await ask(who.requester, order.permalink_id, { volume: 500 }), "invalid_parameter", "volume");
    expectError(await ask(who.requester, order.permalink_id, { volume: "500", colour: "red" }), "invalid_parameter", "colour");
  });

  it("the same Idempotency-Key twice makes one deal and answers it twice", async () => {
    const order = await newOffer(who.owner);
    const headers = { "idempotency-key": `deal-${order.id}` };
    const first = await ask(who.requester, order.permalink_id, { volume: "300" }, headers);
    const again = await ask(who.requester, order.permalink_id, { volume: "300" }, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect((again.body as DealBody).id).toBe((first.body as DealBody).id);
  });
});

describe("steps", () => {
  it("honour If-Match: a stale ETag is 412 and changes nothing", async () => {
    const deal = await dealAt(who, "requested");
    const seen = await read(who.owner, deal.id);
    expectError(await step("accept", who.owner, deal.id, { ifMatch: '"stale"' }), "precondition_failed");
    expect((await step("accept", who.owner, deal.id, { ifMatch: seen.headers.get("etag")! })).status).toBe(200);
  });

  it("two at once on one deal: exactly one wins, the other hears the new stage", async () => {
    const deal = await dealAt(who, "requested");
    const results = await Promise.all([step("accept", who.owner, deal.id), step("decline", who.owner, deal.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expectError(results.find((r) => r.status === 409)!, "invalid_transition");
  });

  it("many steps at once on one deal wait their turn: none fails", async () => {
    const deal = await dealAt(who, "in_closing");
    const prices = Array.from({ length: 16 }, (_, i) => `${20 + i}.5`);
    const results = await Promise.all(prices.map((price) => step("terms", who.ops, deal.id, { body: { price_per_share: price, volume: "400", structure: "direct", sign_date: "2026-11-20" } })));
    expect(results.map((r) => `${r.status} ${r.status === 200 ? "" : r.text}`)).toEqual(prices.map(() => "200 "));
    const final = (await read(who.ops, deal.id, "ops")).body as DealBody;
    expect(prices).toContain((final.terms as { price_per_share: string }).price_per_share);
  });

  it("the close records one unverified trade for each team on the terms, linked to the deal", async () => {
    const deal = await dealAt(who, "closed");
    expect(deal.trade_ids).toHaveLength(2);
    const [requesterTrade, ownerTrade] = deal.trade_ids as string[];
    const mine = (await read(who.requester, deal.id)).body as DealBody;
    expect(mine.trade_ids).toEqual([requesterTrade]);
    expect(((await read(who.owner, deal.id)).body as DealBody).trade_ids).toEqual([ownerTrade]);
    for (const [party, id] of [["requester", requesterTrade], ["owner", ownerTrade]] as const) {
      const trade = await callRoute(getTrade, `/api/v1/my/trades/${id}`, { key: who[party].key });
      expect(trade.status, trade.text).toBe(200);
      expect(trade.body).toMatchObject({
        deal_id: deal.id,
        is_verified: false,
        price_per_share: "19.5",
        volume: "400",
        structure: "direct",
        sign_date: "2026-11-20",
        won_date: "2026-11-25",
        stock_type: "secondary",
        stock_class_type: "preferred",
        stock_class: "Series B",
        verification_officer_name: who[party].name,
        verification_officer_email: who[party].email,
      });
    }
    // The verification queue finds a deal's twins, and tells trades from deals from the others.
    const queue = async (query: string) => {
      const result = await callRoute(opsTrades, `/api/v1/ops/trades?${query}&per_page=100`, { key: who.ops.key });
      expect(result.status, result.text).toBe(200);
      return (result.body as { trades: { id: string; deal_id: string | null }[] }).trades;
    };
    expect((await queue(`deal_id=${deal.id}`)).map((t) => t.id).sort()).toEqual([requesterTrade, ownerTrade].sort());
    for (const trade of await queue("from_deal=true")) expect(trade.deal_id).not.toBeNull();
    expect((await queue("from_deal=false")).map((t) => t.id)).not.toContain(requesterTrade);
  });
});

describe("the terms' and the close's dates", () => {
  it("refuse a sign date after today and a won date before the sign date or after today, naming the field", async () => {
    const introduced = await dealAt(who, "introduced");
    expectError(await step("terms", who.ops, introduced.id, { body: { price_per_share: "1", volume: "100", structure: "direct", sign_date: "2999-01-01" } }), "invalid_parameter", "sign_date");
    const closing = await dealAt(who, "in_closing");
    expectError(await step("close", who.ops, closing.id, { body: { won_date: "2026-11-19" } }), "invalid_parameter", "won_date");
    expectError(await step("close", who.ops, closing.id, { body: { won_date: "2999-01-01" } }), "invalid_parameter", "won_date");
    expect(((await read(who.requester, closing.id)).body as DealBody).stage).toBe("in_closing");
  });
});

describe("a close that fails between its two trades", () => {
  /** A trigger that refuses the owner's trade: the failure lands after the requester's trade is written. */
  async function refuseTradesOf(teamId: string): Promise<() => Promise<void>> {
    const db = getDb();
    if (own.database.kind === "sqlite") {
      await db.$executeRawUnsafe(`CREATE TRIGGER refuse_trade BEFORE INSERT ON trades WHEN NEW.team_id = '${teamId}' BEGIN SELECT RAISE(ABORT, 'injected'); END`);
      return async () => void (await db.$executeRawUnsafe("DROP TRIGGER refuse_trade"));
    }
    await db.$executeRawUnsafe(`CREATE FUNCTION refuse_trade() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.team_id = '${teamId}' THEN RAISE EXCEPTION 'injected'; END IF; RETURN NEW; END $$`);
    await db.$executeRawUnsafe("CREATE TRIGGER refuse_trade BEFORE INSERT ON trades FOR EACH ROW EXECUTE FUNCTION refuse_trade()");
    return async () => {
      await db.$executeRawUnsafe("DROP TRIGGER refuse_trade ON trades");
      await db.$executeRawUnsafe("DROP FUNCTION refuse_trade()");
    };
  }

  it("leaves neither trade and the deal in_closing; the close then succeeds", async () => {
    const deal = await dealAt(who, "in_closing");
    const restore = await refuseTradesOf(who.owner.teamId);
    try {
      const failed = await step("close", who.ops, deal.id);
      expect(failed.status).toBe(500);
    } finally {
      await restore();
    }
    expect(await getDb().trade.count({ where: { dealId: deal.id } })).toBe(0);
    const after = (await read(who.requester, deal.id)).body as DealBody;
    expect(after).toMatchObject({ stage: "in_closing", trade_ids: [], won_date: null });
    expect((await step("close", who.ops, deal.id)).status).toBe(200);
    expect(await getDb().trade.count({ where: { dealId: deal.id } })).toBe(2);
  });
});

describe("the lists", () => {
  it("GET /my/deals lists the team's deals as requester and as owner, filtered by role and stage", async () => {
    const deal = await dealAt(who, "accepted");
    const list = async (member: Member, query: string) => {
      const result = await callRoute(listMine, `/api/v1/my/deals${query}`, { key: member.key });
      expect(result.status, result.text).toBe(200);
      return (result.body as { deals: DealBody[] }).deals;
    };
    expect((await list(who.requester, "?role=requester&per_page=100")).map((d) => d.id)).toContain(deal.id);
    expect((await list(who.requester, "?role=owner&per_page=100")).map((d) => d.id)).not.toContain(deal.id);
    expect((await list(who.owner, "?role=owner&stage=accepted&per_page=100")).map((d) => d.id)).toContain(deal.id);
    expect((await list(who.third, "?per_page=100")).map((d) => d.id)).not.toContain(deal.id);
    for (const d of await list(who.owner, "?stage=accepted&per_page=100")) expect(d.stage).toBe("accepted");
  });

  it("GET /ops/deals lists every deal once for the marketplace team, and refuses the others", async () => {
    const deal = await dealAt(who, "requested");
    const all = await callRoute(listAll, "/api/v1/ops/deals?per_page=100", { key: who.ops.key });
    expect(all.status, all.text).toBe(200);
    const ids = (all.body as { deals: DealBody[] }).deals.map((d) => d.id);
    expect(ids.filter((id) => id === deal.id)).toHaveLength(1);
    expect(new Set(ids).size).toBe(ids.length);
    const ofTeam = await callRoute(listAll, `/api/v1/ops/deals?team_id=${who.owner.teamId}&per_page=100`, { key: who.ops.key });
    expect((ofTeam.body as { deals: DealBody[] }).deals.map((d) => d.id)).toContain(deal.id);
    expectError(await callRoute(listAll, "/api/v1/ops/deals", { key: who.requester.key }), "forbidden");
  });
});
