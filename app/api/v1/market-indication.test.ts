import { beforeAll, describe, expect, it } from "vitest";
import { SECRETS } from "@/lib/testing/fixtures/accounts";
import { teamTrades } from "@/lib/testing/fixtures/trades";
import { withAppOnOwnDatabase } from "@/lib/testing/own-database";
import { callRoute, expectError, expectNoLeak, type CallResult } from "@/lib/testing/http";
import { GET as getOrder } from "./market/indications/[permalink_id]/route";
import { GET as getOrderBook } from "./companies/[company_id]/order_book/route";
import { POST as closeIndication } from "./my/indications/[id]/close/route";
import { newOffer, parties, type Member, type Party } from "./_testing/deals";

/**
 * GET /market/indications/{permalink_id} on the real route handlers (docs/api/deals.md, "One
 * order"): the order as the order book shows it to the caller, with its company, side and stage;
 * the book's visibility rules, a closed order still answered, and every other permalink a 404 alike.
 */

withAppOnOwnDatabase();
let who: Record<Party, Member>;
beforeAll(async () => {
  who = await parties();
});

function read(caller: { key: string }, permalinkId: string, headers: Record<string, string> = {}): Promise<CallResult> {
  return callRoute(getOrder, `/api/v1/market/indications/${encodeURIComponent(permalinkId)}`, { key: caller.key, headers, params: { permalink_id: permalinkId } });
}

/** The order's entry as the company's order book shows it to `caller`. */
async function bookEntry(caller: Member, companyId: string, permalinkId: string) {
  const book = await callRoute(getOrderBook, `/api/v1/companies/${companyId}/order_book?depth=200`, { key: caller.key, params: { company_id: companyId } });
  const { bids, offers } = book.body as { bids: { permalink_id: string }[]; offers: { permalink_id: string }[] };
  return [...bids, ...offers].find((entry) => entry.permalink_id === permalinkId);
}

type Order = Record<string, unknown> & { company: { id: string; name: string }; side: string; stage: string; permalink_id: string };

describe("an order another team may see", () => {
  it("public: the book entry's fields with the team, its company, side and stage", async () => {
    const offer = await newOffer(who.owner, { visibility: "order_book_public" });
    const result = await read(who.requester, offer.permalink_id);
    expect(result.status, result.text).toBe(200);
    const order = result.body as Order;
    expect(order).toMatchObject({ side: "offer", stage: "open", permalink_id: offer.permalink_id, team: { id: who.owner.teamId, name: who.owner.teamName }, own: false, indication_id: null });
    const { company, side, stage, ...entry } = order;
    expect(entry).toEqual(await bookEntry(who.requester, company.id, offer.permalink_id));
    expect(company.name).toEqual(expect.any(String));
    expect([side, stage]).toEqual(["offer", "open"]);
  });

  it("anonymous: no team named anywhere in the answer", async () => {
    const offer = await newOffer(who.owner);
    const result = await read(who.requester, offer.permalink_id);
    expect(result.status, result.text).toBe(200);
    expect(result.body).toMatchObject({ visibility: "order_book_anonymous", team: null, own: false, indication_id: null });
    expect(result.text).not.toContain(who.owner.teamId);
    expect(result.text).not.toContain(who.owner.teamName);
    expect(result.text).not.toContain(offer.id);
  });

  it("a bid has its acceptable structures, as its book entry", async () => {
    const bid = await newOffer(who.owner, { side: "bid", structure: null, acceptable_structures: ["direct", "spv_1_layer"] });
    const order = (await read(who.requester, bid.permalink_id)).body as Order;
    expect(order).toMatchObject({ side: "bid", acceptable_structures: ["direct", "spv_1_layer"] });
    expect(order).not.toHaveProperty("structure");
  });

  it("private: answered to a recipient (case aside), 404 to anyone else, as an unknown permalink", async () => {
    const offer = await newOffer(who.owner, { visibility: "private", private_recipients: [who.requester.email.toUpperCase()] });
    const shared = await read(who.requester, offer.permalink_id);
    expect(shared.status, shared.text).toBe(200);
    expect(shared.body).toMatchObject({ visibility: "private", team: { name: who.owner.teamName }, own: false });
    const hidden = await read(who.third, offer.permalink_id);
    const unknown = await read(who.third, "IND-AAAAAAAAAAA");
    expectError(hidden, "not_found");
    expectError(unknown, "not_found");
    const message = (result: CallResult) => (result.body as { error: { message: string } }).error.message;
    expect(message(hidden).replace(offer.permalink_id, "X")).toBe(message(unknown).replace("IND-AAAAAAAAAAA", "X"));
    expectNoLeak(hidden.text);
    expect(hidden.text).not.toContain(who.owner.teamName);
  });
});

describe("the caller's own order", () => {
  it("own: true, with its id and the team, whatever its visibility", async () => {
    const offer = await newOffer(who.owner, { visibility: "private", private_recipients: [who.third.email] });
    const result = await read(who.owner, offer.permalink_id);
    expect(result.status, result.text).toBe(200);
    expect(result.body).toMatchObject({ own: true, indication_id: offer.id, team: { id: who.owner.teamId, name: who.owner.teamName }, stage: "open" });
  });
});

describe("a closed order", () => {
  it("is still answered, stage closed_lost, to whoever may see it (a link from a notification finds it closed); its book no longer lists it", async () => {
    const offer = await newOffer(who.owner);
    const closed = await callRoute(closeIndication, `/api/v1/my/indications/${offer.id}/close`, { key: who.owner.key, method: "POST" });
    expect(closed.status, closed.text).toBe(200);
    const result = await read(who.requester, offer.permalink_id);
    expect(result.status, result.text).toBe(200);
    const order = result.body as Order;
    expect(order).toMatchObject({ stage: "closed_lost", team: null, own: false });
    expect(await bookEntry(who.requester, order.company.id, offer.permalink_id)).toBeUndefined();
  });

  it("private and closed: still 404 to a team it was not shared with", async () => {
    const offer = await newOffer(who.owner, { visibility: "private", private_recipients: [who.requester.email] });
    await callRoute(closeIndication, `/api/v1/my/indications/${offer.id}/close`, { key: who.owner.key, method: "POST" });
    expect((await read(who.requester, offer.permalink_id)).status).toBe(200);
    expectError(await read(who.third, offer.permalink_id), "not_found");
  });
});

describe("conditional reads", () => {
  it("carries an ETag; 304 while the order is unchanged, 200 once it changed", async () => {
    const offer = await newOffer(who.owner);
    const first = await read(who.requester, offer.permalink_id);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"/);
    const again = await read(who.requester, offer.permalink_id, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    await callRoute(closeIndication, `/api/v1/my/indications/${offer.id}/close`, { key: who.owner.key, method: "POST" });
    const changed = await read(who.requester, offer.permalink_id, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });
});

describe("refusals", () => {
  it("403 without the companies permission, known permalink or not", async () => {
    const offer = await newOffer(who.owner);
    for (const permalink of [offer.permalink_id, "IND-AAAAAAAAAAA", "nonsense"]) {
      expectError(await read({ key: SECRETS.alphaNoCompanies }, permalink), "forbidden");
    }
  });

  it("a permalink of no order is 404 not_found, whatever its form (docs/api/requests.md, Path ids): malformed, a trade's, an injection", async () => {
    const trade = teamTrades("alpha")[0];
    for (const permalink of ["not-a-permalink", "IND-", "' OR 1=1 --", trade.permalinkId, trade.id, "IND-AAAAAAAAAAA%"]) {
      expectError(await read(who.requester, permalink), "not_found");
    }
  });

  it("a query parameter is a 400 naming it; a NUL in the permalink a 400 naming the permalink", async () => {
    const offer = await newOffer(who.owner);
    const extra = await callRoute(getOrder, `/api/v1/market/indications/${offer.permalink_id}?depth=3`, { key: who.requester.key, params: { permalink_id: offer.permalink_id } });
    expectError(extra, "unknown_parameter", "depth");
    expectError(await read(who.requester, `${offer.permalink_id}\u0000`), "invalid_parameter", "permalink_id");
  });

  it("no caller is 401", async () => {
    const offer = await newOffer(who.owner);
    const result = await callRoute(getOrder, `/api/v1/market/indications/${offer.permalink_id}`, { params: { permalink_id: offer.permalink_id } });
    expectError(result, "unauthorized");
  });
});
