import { randomUUID } from "node:crypto";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/keys";
import { getDb } from "@/lib/db/client";
import { databaseUrl } from "@/lib/db/url";
import { FIXTURE_PASSWORD_HASH } from "@/lib/testing/fixtures/accounts";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { teamIndications } from "@/lib/testing/fixtures/indications";
import { callRoute, expectError, expectList, type CallResult } from "@/lib/testing/http";
import { GET as getOne, PATCH as patchOne, DELETE as deleteOne } from "./my/indications/[id]/route";
import { POST as closeOne } from "./my/indications/[id]/close/route";
import { GET as historyOf } from "./my/indications/[id]/history/route";
import { GET as events } from "./my/events/route";
import { POST as refreshOne } from "./my/indications/[id]/refresh/route";
import { GET as listAll, POST as create } from "./my/indications/route";

/**
 * The write side of indications (issue 12) through the real route handlers, on the shared fixture
 * database: every row written here belongs to a team of this file's own, so the fixture teams'
 * lists that other tests read are untouched.
 */

const TEAM = { id: randomUUID(), name: `Writers ${Date.now()}` };
let writer: string; // indications_manage
let reader: string; // companies only
const ALPHA_ROW = teamIndications("alpha")[0];
const ISSUER = COMPANIES[0];

async function member(permissions: string[]): Promise<string> {
  const id = randomUUID();
  await getDb().user.create({
    data: { id, email: `${id}@writers.test`, name: `Member ${permissions.join("+")}`, passwordHash: FIXTURE_PASSWORD_HASH, role: "broker", permissions: JSON.stringify(permissions), teamId: TEAM.id, createdAt: new Date() },
  });
  return (await createApiKey(getDb(), { userId: id, name: "writes test" })).secret;
}

beforeAll(async () => {
  await getDb().team.create({ data: { ...TEAM, createdAt: new Date() } });
  writer = await member(["companies", "indications_manage"]);
  reader = await member(["companies"]);
});

const BID = {
  issuer_id: ISSUER.id,
  side: "bid",
  price_per_share: "12.50",
  volume: "1000000",
  minimum_volume: "250000",
  acceptable_structures: ["direct", "spv_1_layer"],
  visibility: "order_book_anonymous",
  stock_type: "secondary",
  stock_class_type: "preferred",
  stock_class: "Series B",
  client_id: "client-7",
};
const OFFER = { ...BID, side: "offer", acceptable_structures: [], structure: "direct", minimum_volume: null };

type Shown = Record<string, unknown> & { id: string };
const path = (id: string, action = "") => `/api/v1/my/indications/${id}${action}`;

async function created(body: object = BID, key = writer): Promise<{ result: CallResult; indication: Shown }> {
  const result = await callRoute(create, "/api/v1/my/indications", { key, body });
  return { result, indication: result.body as Shown };
}

describe("POST /my/indications", () => {
  it("creates a bid: 201, Location, ETag, the indication as a list item, visible in the next list", async () => {
    const before = expectList<Shown>(await callRoute(listAll, "/api/v1/my/indications", { key: writer }), "indications").total_count;
    const { result, indication } = await created();
    expect(result.status).toBe(201);
    expect(result.headers.get("location")).toBe(path(indication.id));
    expect(result.headers.get("etag")).toMatch(/^".+"$/);
    expect(indication).toMatchObject({
      price_per_share: "12.5",
      volume: "1000000",
      minimum_volume: "250000",
      acceptable_structures: ["direct", "spv_1_layer"],
      structure: null,
      stage: "open",
      issuer: { id: ISSUER.id, name: ISSUER.name },
      private_recipients: [],
      details: null,
    });
    expect(indication.created_at).toBe(indication.opened_at);
    expect(indication.created_at).toBe(indication.last_refreshed_at);
    expect(indication.created_at).toBe(indication.updated_at);
    const list = expectList<Shown>(await callRoute(listAll, "/api/v1/my/indications", { key: writer }), "indications");
    expect(list.total_count).toBe(before + 1);
    expect(list.items[0]).toEqual(indication); // newest first; the same object as a list item
    const one = await callRoute(getOne, path(indication.id), { key: reader });
    expect(one.status).toBe(200);
    expect(one.body).toEqual(indication);
    expect(one.headers.get("etag")).toBe(result.headers.get("etag"));
  });

  it("creates an offer with its one structure", async () => {
    const { result, indication } = await created(OFFER);
    expect(result.status).toBe(201);
    expect(indication).toMatchObject({ side: "offer", structure: "direct", acceptable_structures: [] });
  });

  it.each([
    ["a number for a decimal", { price_per_share: 12.5 }, "price_per_share", /JSON string/],
    ["a zero price", { price_per_share: "0" }, "price_per_share", /greater than 0/],
    ["too many digits", { volume: "1.123456789" }, "volume", /8 after/],
    ["a minimum above the volume", { minimum_volume: "2000000" }, "minimum_volume", /exceed volume/],
    ["a fee above 100", { management_fee_percent: "100.5" }, "management_fee_percent", /at most 100/],
    ["the deprecated spv", { acceptable_structures: ["direct", "spv"] }, "acceptable_structures[1]", /spv_1_layer or spv_2_layer/],
    ["a duplicate structure", { acceptable_structures: ["direct", "direct"] }, "acceptable_structures[1]", /twice/],
    ["a bid without structures", { acceptable_structures: [] }, "acceptable_structures", /at least one/],
    ["a bid with a structure", { structure: "direct" }, "structure", /not a structure/],
    ["private without recipients", { visibility: "private" }, "private_recipients", /at least one recipient/],
    ["recipients when not private", { private_recipients: ["a@b.example"] }, "private_recipients", /only a private/],
    ["a bad recipient", { visibility: "private", private_recipients: ["not-an-email"] }, "private_recipients[0]", /e-mail/],
    ["a repeated recipient", { visibility: "private", private_recipients: ["A@b.example", "a@B.example"] }, "private_recipients[1]", /twice/],
    ["an unknown side", { side: "sell" }, "side", /./],
    ["an unknown issuer", { issuer_id: randomUUID() }, "issuer_id", /no company/],
    ["a field the service assigns", { stage: "open" }, "stage", /assigned by the service/],
    ["an unknown field", { colour: "red" }, "colour", /^"colour" is not a field of this body/],
    ["a missing field", { stock_type: undefined }, "stock_type", /./],
  ])("refuses %s with a 400 naming the field", async (_, change, param, message) => {
    const { result } = await created({ ...BID, ...change });
    expectError(result, "invalid_parameter", param);
    expect((result.body as { error: { message: string } }).error.message).toMatch(message);
  });

  it("refuses an offer without a structure, and the legacy spv as an offer's structure", async () => {
    expectError((await created({ ...OFFER, structure: null })).result, "invalid_parameter", "structure");
    expectError((await created({ ...OFFER, structure: "spv" })).result, "invalid_parameter", "structure");
  });

  it("answers 415, 400 and 413 for a body that is not JSON, not valid, or too large", async () => {
    const send = (body: string, headers: Record<string, string> = { "content-type": "application/json" }) =>
      callRoute(create, "/api/v1/my/indications", { key: writer, method: "POST", body, headers });
    expectError(await send(JSON.stringify(BID), { "content-type": "text/plain" }), "unsupported_media_type");
    expectError(await send(JSON.stringify(BID), {}), "unsupported_media_type");
    expectError(await send("{nope"), "invalid_json");
    expectError(await send("[1]"), "invalid_json");
    expectError(await send(JSON.stringify({ ...BID, details: "x".repeat(70_000) })), "payload_too_large");
  });

  it("refuses a caller without indications_manage (403) and creates nothing", async () => {
    const before = expectList<Shown>(await callRoute(listAll, "/api/v1/my/indications", { key: reader }), "indications").total_count;
    expectError((await created(BID, reader)).result, "forbidden");
    expect(expectList<Shown>(await callRoute(listAll, "/api/v1/my/indications", { key: reader }), "indications").total_count).toBe(before);
  });
});

describe("one indication: read, change, refresh, close, history", () => {
  it("changes mutable fields by merge patch, moving updated_at and last_refreshed_at only", async () => {
    const { indication } = await created();
    const result = await callRoute(patchOne, path(indication.id), { key: writer, method: "PATCH", body: { price_per_share: "13", details: "firm" } });
    expect(result.status).toBe(200);
    const changed = result.body as Shown;
    expect(changed).toMatchObject({ price_per_share: "13", details: "firm", volume: "1000000", created_at: indication.created_at });
    expect((changed.updated_at as string) > (indication.updated_at as string)).toBe(true);
    expect(changed.last_refreshed_at).toBe(changed.updated_at);
    // null clears a nullable field; a required one cannot be cleared.
    expect(((await callRoute(patchOne, path(indication.id), { key: writer, method: "PATCH", body: { details: null } })).body as Shown).details).toBeNull();
    expectError(await callRoute(patchOne, path(indication.id), { key: writer, method: "PATCH", body: { volume: null } }), "invalid_parameter", "volume");
  });

  it("refuses fixed and assigned fields, and changes that break the rules of the whole", async () => {
    const { indication } = await created();
    const patch = (body: object) => callRoute(patchOne, path(indication.id), { key: writer, method: "PATCH", body });
    expectError(await patch({ side: "offer" }), "invalid_parameter", "side");
    expectError(await patch({ issuer_id: COMPANIES[1].id }), "invalid_parameter", "issuer_id");
    expectError(await patch({ updated_at: "2030-01-01T00:00:00.000Z" }), "invalid_parameter", "updated_at");
    expectError(await patch({ minimum_volume: "5000000" }), "invalid_parameter", "minimum_volume");
    expectError(await patch({ visibility: "private" }), "invalid_parameter", "private_recipients");
    const priv = await patch({ visibility: "private", private_recipients: ["desk@partner.example"] });
    expect((priv.body as Shown).private_recipients).toEqual(["desk@partner.example"]);
  });

  it("honours If-Match (412 when stale) and If-None-Match (304 when unchanged)", async () => {
    const { result, indication } = await created();
    const etag = result.headers.get("etag")!;
    expect((await callRoute(getOne, path(indication.id), { key: writer, headers: { "if-none-match": etag } })).status).toBe(304);
    const ok = await callRoute(patchOne, path(indication.id), { key: writer, method: "PATCH", body: { volume: "2000000" }, headers: { "if-match": etag } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("etag")).not.toBe(etag);
    expectError(await callRoute(patchOne, path(indication.id), { key: writer, method: "PATCH", body: { volume: "3" }, headers: { "if-match": etag } }), "precondition_failed");
    expectError(await callRoute(refreshOne, path(indication.id, "/refresh"), { key: writer, method: "POST", headers: { "if-match": etag } }), "precondition_failed");
    expect((await callRoute(getOne, path(indication.id), { key: writer, headers: { "if-none-match": etag } })).status).toBe(200);
  });

  it("lets exactly one of many concurrent changes with the same If-Match through", async () => {
    const { result, indication } = await created();
    const etag = result.headers.get("etag")!;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        callRoute(patchOne, path(indication.id), { key: writer, method: "PATCH", body: { client_id: `c-${i}` }, headers: { "if-match": etag } }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 412)).toHaveLength(49);
  });

  it("applies every one of many concurrent changes without If-Match, each audited with its own from and to", async () => {
    const { indication } = await created();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => callRoute(patchOne, path(indication.id), { key: writer, method: "PATCH", body: { client_id: `c-${i}` } })),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(200));
    const history = expectList<{ action: string; changes: Record<string, { from: unknown; to: unknown }> }>(
      await callRoute(historyOf, `${path(indication.id, "/history")}?per_page=100`, { key: writer }),
      "events",
    );
    const steps = history.items.filter((e) => e.action === "indication.updated").map((e) => e.changes.client_id);
    expect(steps).toHaveLength(50);
    // Serialised: each change starts from where the one before left the row.
    expect(steps.map((c) => c.from)).toEqual([BID.client_id, ...steps.slice(0, -1).map((c) => c.to)]);
    expect(new Set(steps.map((c) => c.to)).size).toBe(50);
  });

  // A create's INSERT takes a key-share lock on its team's row (the foreign key) before the audit
  // event locks that row: on PostgreSQL, concurrent creates of one team deadlocked (`npm run bench`).
  it("creates concurrently for one team without a deadlock", async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => created()));
    expect(results.map((r) => r.result.status)).toEqual(Array(8).fill(201));
  });

  // PostgreSQL runs the transactions of one process side by side (SQLite's one connection runs
  // them one after another): a write that lands between a PATCH's read and its own write must
  // turn the PATCH into a 412, not be overwritten.
  it.skipIf(!process.env.TEST_DATABASE_URL)("never overwrites a write that lands between its read and its write (PostgreSQL)", async () => {
    const { result, indication } = await created();
    const other = new pg.Client({ connectionString: databaseUrl() }); // the fixture database the handlers use
    await other.connect();
    try {
      await other.query("BEGIN");
      await other.query("SELECT id FROM indications WHERE id = $1 FOR UPDATE", [indication.id]);
      const patching = callRoute(patchOne, path(indication.id), {
        key: writer,
        method: "PATCH",
        body: { details: "mine" },
        headers: { "if-match": result.headers.get("etag")! },
      });
      // The PATCH has read the row and now waits for the row lock.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.query("UPDATE indications SET details = 'theirs', updated_at = updated_at + interval '1 second' WHERE id = $1", [indication.id]);
      await other.query("COMMIT");
      expectError(await patching, "precondition_failed");
      expect((await getDb().indication.findUnique({ where: { id: indication.id } }))?.details).toBe("theirs");
    } finally {
      await other.end();
    }
  });

  it("refreshes, closes (twice: the second answers unchanged) and then refuses changes with 409", async () => {
    const { indication } = await created();
    const refreshed = (await callRoute(refreshOne, path(indication.id, "/refresh"), { key: writer, method: "POST" })).body as Shown;
    expect((refreshed.last_refreshed_at as string) > (indication.last_refreshed_at as string)).toBe(true);
    expect(refreshed.price_per_share).toBe(indication.price_per_share);
    const closing = await callRoute(closeOne, path(indication.id, "/close"), { key: writer, method: "POST" });
    expect((closing.body as Shown).stage).toBe("closed_lost");
    const again = await callRoute(closeOne, path(indication.id, "/close"), { key: writer, method: "POST" });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(closing.body);
    expect(again.headers.get("etag")).toBe(closing.headers.get("etag"));
    expectError(await callRoute(patchOne, path(indication.id), { key: writer, method: "PATCH", body: { details: "x" } }), "indication_closed");
    expectError(await callRoute(refreshOne, path(indication.id, "/refresh"), { key: writer, method: "POST" }), "indication_closed");
  });

  it("keeps the audit trail, oldest first: who, via which key, each change from and to", async () => {
    const { indication } = await created();
    await callRoute(patchOne, path(indication.id), { key: writer, method: "PATCH", body: { price_per_share: "14" } });
    await callRoute(refreshOne, path(indication.id, "/refresh"), { key: writer, method: "POST" });
    await callRoute(closeOne, path(indication.id, "/close"), { key: writer, method: "POST" });
    await callRoute(closeOne, path(indication.id, "/close"), { key: writer, method: "POST" }); // no change, no event
    const history = expectList<{ action: string; actor: Record<string, unknown>; changes: Record<string, { from: unknown; to: unknown }> }>(
      await callRoute(historyOf, path(indication.id, "/history"), { key: reader }),
      "events",
    );
    expect(history.items.map((e) => e.action)).toEqual(["indication.created", "indication.updated", "indication.refreshed", "indication.closed"]);
    expect(history.items[0].actor).toMatchObject({ via: "api_key", api_key_prefix: writer.slice(0, (history.items[0].actor.api_key_prefix as string).length) });
    expect(history.items[1].changes.price_per_share).toEqual({ from: "12.5", to: "14" });
    expect(history.items[3].changes.stage).toEqual({ from: "open", to: "closed_lost" });
    expect(Object.keys(history.items[2].changes).sort()).toEqual(["last_refreshed_at", "updated_at"]);
    const paged = expectList(await callRoute(historyOf, `${path(indication.id, "/history")}?per_page=1&page=2`, { key: writer }), "events");
    expect(paged.total_count).toBe(4);
    expect(paged.items).toHaveLength(1);
  });

  it("answers a history and the team's event feed with an ETag: 304 while unchanged, a new ETag after a write", async () => {
    const { indication } = await created();
    const reads = [
      { handler: historyOf, at: path(indication.id, "/history") },
      { handler: events, at: "/api/v1/my/events?limit=500" },
    ];
    const before = await Promise.all(reads.map(({ handler, at }) => callRoute(handler, at, { key: reader })));
    for (const [i, { handler, at }] of reads.entries()) {
      const etag = before[i].headers.get("etag");
      expect(before[i].status, at).toBe(200);
      expect(etag, at).toMatch(/^".+"$/);
      const unchanged = await callRoute(handler, at, { key: reader, headers: { "if-none-match": `W/"other", ${etag}` } });
      expect(unchanged.status, at).toBe(304);
      expect(unchanged.text, at).toBe("");
      expect(unchanged.headers.get("etag"), at).toBe(etag);
    }
    await callRoute(refreshOne, path(indication.id, "/refresh"), { key: writer, method: "POST" });
    for (const [i, { handler, at }] of reads.entries()) {
      const etag = before[i].headers.get("etag")!;
      const changed = await callRoute(handler, at, { key: reader, headers: { "if-none-match": etag } });
      expect(changed.status, at).toBe(200);
      expect(changed.text, at).toContain("indication.refreshed");
      expect(changed.headers.get("etag"), at).not.toBe(etag);
    }
  });

  it("answers 404 for another team's indication on every route, and changes nothing", async () => {
    const id = ALPHA_ROW.id;
    expectError(await callRoute(getOne, path(id), { key: writer }), "not_found");
    expectError(await callRoute(patchOne, path(id), { key: writer, method: "PATCH", body: { details: "mine now" } }), "not_found");
    expectError(await callRoute(refreshOne, path(id, "/refresh"), { key: writer, method: "POST" }), "not_found");
    expectError(await callRoute(closeOne, path(id, "/close"), { key: writer, method: "POST" }), "not_found");
    expectError(await callRoute(historyOf, path(id, "/history"), { key: writer }), "not_found");
    expectError(await callRoute(getOne, path("not-a-uuid"), { key: writer }), "not_found");
    const row = await getDb().indication.findUnique({ where: { id } });
    expect(row?.stage).toBe(ALPHA_ROW.stage);
    expect(row?.details).toBe(ALPHA_ROW.details);
    expect(await getDb().auditEvent.count({ where: { resourceId: id } })).toBe(0);
  });

  it("refuses a reader's changes (403) but lets them read", async () => {
    const { indication } = await created();
    expect((await callRoute(getOne, path(indication.id), { key: reader })).status).toBe(200);
    expectError(await callRoute(patchOne, path(indication.id), { key: reader, method: "PATCH", body: { details: "x" } }), "forbidden");
    expectError(await callRoute(refreshOne, path(indication.id, "/refresh"), { key: reader, method: "POST" }), "forbidden");
    expectError(await callRoute(closeOne, path(indication.id, "/close"), { key: reader, method: "POST" }), "forbidden");
  });

  it("answers other methods with 405 and Allow", async () => {
    const result = await callRoute(deleteOne, path(randomUUID()), { key: writer, method: "DELETE" });
    expectError(result, "method_not_allowed");
    expect(result.headers.get("allow")).toBe("GET, PATCH, HEAD, OPTIONS");
  });
});
