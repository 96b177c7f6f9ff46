import { createHash, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/keys";
import type { Caller } from "@/lib/auth/caller";
import { getDb } from "@/lib/db/client";
import type { Permission } from "@/lib/domain/enums";
import { getAnyTeamsTrade } from "@/lib/trades/queries";
import { FIXTURE_PASSWORD_HASH, SECRETS } from "@/lib/testing/fixtures/accounts";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { teamTrades } from "@/lib/testing/fixtures/trades";
import { callRoute, expectError, expectList, type CallResult } from "@/lib/testing/http";
import { GET as companyTrades } from "./companies/[company_id]/trades/route";
import { GET as feed } from "./my/events/route";
import { GET as getOne, PATCH as patchOne, PUT as putOne } from "./my/trades/[id]/route";
import { GET as historyOf } from "./my/trades/[id]/history/route";
import { GET as listAll, POST as create } from "./my/trades/route";
import { GET as opsList } from "./ops/trades/route";
import { POST as unverifyOne } from "./ops/trades/[id]/unverify/route";
import { GET as verifyGet, POST as verifyOne } from "./ops/trades/[id]/verify/route";

/**
 * The write side of trades and the marketplace team's verification (issue 12), through the real
 * route handlers on the shared fixture database. Rows written here belong to teams of this file's
 * own, so the fixture teams' lists other tests read are untouched.
 */

const TEAM = { id: randomUUID(), name: `Recorders ${Date.now()}` };
const OPS_TEAM = { id: randomUUID(), name: `Verifiers ${Date.now()}` };
let recorder: string; // trades_manage
let reader: string; // companies only
let verifier: string; // trades_verify
let outsider: string; // trades_manage in the verifiers' team: another team's writes
const ALPHA_TRADE = teamTrades("alpha")[0];
const ISSUER = COMPANIES[2];

async function member(team: { id: string }, permissions: string[]): Promise<string> {
  const id = randomUUID();
  await getDb().user.create({
    data: { id, email: `${id}@trades.test`, name: `Member ${permissions.join("+")}`, passwordHash: FIXTURE_PASSWORD_HASH, role: "broker", permissions: JSON.stringify(permissions), teamId: team.id, createdAt: new Date() },
  });
  return (await createApiKey(getDb(), { userId: id, name: "trade writes test" })).secret;
}

beforeAll(async () => {
  for (const team of [TEAM, OPS_TEAM]) await getDb().team.create({ data: { ...team, createdAt: new Date() } });
  recorder = await member(TEAM, ["companies", "trades_manage"]);
  reader = await member(TEAM, ["companies"]);
  verifier = await member(OPS_TEAM, ["companies", "trades_verify"]);
  outsider = await member(OPS_TEAM, ["trades_manage"]);
});

const TRADE = {
  issuer_id: ISSUER.id,
  price_per_share: "41.25",
  volume: "2500000",
  structure: "spv_1_layer",
  stock_type: "secondary",
  stock_class_type: "preferred",
  stock_class: "Series C",
  sign_date: "2026-03-02",
  won_date: "2026-03-09",
  verification_officer_name: "Dana Officer",
  verification_officer_email: "dana@bank.example",
  management_fee_percent: "2",
};

type Shown = Record<string, unknown> & { id: string };
const path = (id: string, action = "") => `/api/v1/my/trades/${id}${action}`;
const opsPath = (id: string, action: string) => `/api/v1/ops/trades/${id}${action}`;

async function recorded(body: object = TRADE, key = recorder): Promise<{ result: CallResult; trade: Shown }> {
  const result = await callRoute(create, "/api/v1/my/trades", { key, body });
  return { result, trade: result.body as Shown };
}

const verify = (id: string, key = verifier, body?: object, headers?: Record<string, string>) =>
  callRoute(verifyOne, opsPath(id, "/verify"), { key, method: "POST", body, headers });
const unverify = (id: string, reason: unknown, key = verifier) => callRoute(unverifyOne, opsPath(id, "/unverify"), { key, method: "POST", body: { reason } });

describe("POST /my/trades", () => {
  it("records a trade: 201, Location, ETag, unverified, not attributed unless asked, in the next list", async () => {
    const before = expectList<Shown>(await callRoute(listAll, "/api/v1/my/trades", { key: reader }), "trades").total_count;
    const { result, trade } = await recorded();
    expect(result.status).toBe(201);
    expect(result.headers.get("location")).toBe(path(trade.id));
    expect(result.headers.get("etag")).toMatch(/^".+"$/);
    expect(trade).toMatchObject({
      price_per_share: "41.25",
      volume: "2500000",
      is_verified: false,
      attributed_to_owner: false,
      issuer: { id: ISSUER.id, name: ISSUER.name },
      management_fee_percent: "2",
      carried_interest_fee_percent: null,
      details: null,
    });
    expect(trade.permalink_id).toMatch(/^TRD-[A-Z0-9]+$/);
    expect(trade.created_at).toBe(trade.updated_at);
    const after = expectList<Shown>(await callRoute(listAll, "/api/v1/my/trades", { key: reader }), "trades");
    expect(after.total_count).toBe(before + 1);
    expect(after.items.find((t) => t.id === trade.id)).toEqual(trade);
    expect((await callRoute(getOne, path(trade.id), { key: reader })).body).toEqual(trade);
  });

  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  it.each([
    ["a sign date after the won date", { sign_date: "2026-03-10" }, "won_date", /before sign_date/],
    ["a won date in the future", { won_date: tomorrow }, "won_date", /after today/],
    ["a sign date in the future", { sign_date: tomorrow, won_date: tomorrow }, "sign_date", /after today/],
    ["a date that is not one", { sign_date: "2026-02-30" }, "sign_date", /YYYY-MM-DD/],
    // Years 0-99 are dates JSON can say, not a trade's: a typo of 0026 for 2026.
    ["a sign date before 1900", { sign_date: "0050-03-02", won_date: "0050-03-09" }, "sign_date", /must not be before 1900-01-01/],
    ["both dates before 1900, the first named first", { sign_date: "1899-12-31", won_date: "1899-12-31" }, "sign_date", /must not be before 1900-01-01/],
    ["a bad officer e-mail", { verification_officer_email: "dana" }, "verification_officer_email", /e-mail/],
    ["a price as a JSON number", { price_per_share: 41.25 }, "price_per_share", /JSON string/],
    ["a zero volume", { volume: "0" }, "volume", /greater than 0/],
    ["a fee over 100", { management_fee_percent: "100.5" }, "management_fee_percent", /at most 100/],
    ["the deprecated structure", { structure: "spv" }, "structure", /spv_1_layer or spv_2_layer/],
    ["is_verified", { is_verified: true }, "is_verified", /assigned by the service/],
    ["an unknown issuer", { issuer_id: randomUUID() }, "issuer_id", /no company/],
    ["an unknown field", { side: "bid" }, "side", /^"side" is not a field of this body/],
    ["a missing field", { sign_date: undefined }, "sign_date", /./],
  ])("refuses %s with a 400 naming the field", async (_, change, param, message) => {
    const { result } = await recorded({ ...TRADE, ...change });
    expectError(result, "invalid_parameter", param);
    expect((result.body as { error: { message: string } }).error.message).toMatch(message);
  });

  it("refuses a caller without trades_manage (403) and records nothing", async () => {
    const before = await getDb().trade.count({ where: { teamId: TEAM.id } });
    expectError((await recorded(TRADE, reader)).result, "forbidden");
    expectError((await recorded(TRADE, verifier)).result, "forbidden");
    expect(await getDb().trade.count({ where: { teamId: TEAM.id } })).toBe(before);
  });
});

describe("one trade: read, change, history", () => {
  it("changes by merge patch, refuses the issuer and service fields, keeps the date rules", async () => {
    const { result, trade } = await recorded();
    const patch = (body: object, headers?: Record<string, string>) => callRoute(patchOne, path(trade.id), { key: recorder, method: "PATCH", body, headers });
    const changed = await patch({ volume: "3000000", attributed_to_owner: true }, { "if-match": result.headers.get("etag")! });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ volume: "3000000", attributed_to_owner: true, price_per_share: "41.25", created_at: trade.created_at });
    expect(((changed.body as Shown).updated_at as string) > (trade.updated_at as string)).toBe(true);
    expectError(await patch({ issuer_id: COMPANIES[3].id }), "invalid_parameter", "issuer_id");
    expectError(await patch({ is_verified: true }), "invalid_parameter", "is_verified");
    expectError(await patch({ won_date: "2026-03-01" }), "invalid_parameter", "won_date");
    expectError(await patch({ volume: "1" }, { "if-match": result.headers.get("etag")! }), "precondition_failed");
    expect((await callRoute(getOne, path(trade.id), { key: reader, headers: { "if-none-match": changed.headers.get("etag")! } })).status).toBe(304);
  });

  it("answers 404 for another team's trade on every route, and changes nothing", async () => {
    const id = ALPHA_TRADE.id;
    expectError(await callRoute(getOne, path(id), { key: recorder }), "not_found");
    expectError(await callRoute(patchOne, path(id), { key: recorder, method: "PATCH", body: { details: "mine now" } }), "not_found");
    expectError(await callRoute(historyOf, path(id, "/history"), { key: recorder }), "not_found");
    const row = await getDb().trade.findUnique({ where: { id } });
    expect(row?.details).toBe(ALPHA_TRADE.details);
    expect(await getDb().auditEvent.count({ where: { resourceId: id } })).toBe(0);
  });

  it("refuses a reader's change (403) and answers other methods with 405", async () => {
    const { trade } = await recorded();
    expectError(await callRoute(patchOne, path(trade.id), { key: reader, method: "PATCH", body: { details: "x" } }), "forbidden");
    const put = await callRoute(putOne, path(trade.id), { key: recorder, method: "PUT", body: {} });
    expectError(put, "method_not_allowed");
    expect(put.headers.get("allow")).toBe("GET, PATCH, HEAD, OPTIONS");
  });
});

describe("the marketplace team: GET /ops/trades, verify, unverify", () => {
  it("lists every team's trades with their team, filtered by team and verification", async () => {
    const { trade } = await recorded();
    const all = expectList<Shown & { team: unknown }>(await callRoute(opsList, "/api/v1/ops/trades?per_page=100", { key: verifier }), "trades");
    const teams = new Set(all.items.map((t) => JSON.stringify(t.team)));
    expect(teams.size).toBeGreaterThan(1);
    const ours = expectList<Shown & { team: unknown }>(
      await callRoute(opsList, `/api/v1/ops/trades?team_id=${TEAM.id}&is_verified=false&sort=sign_date`, { key: verifier }),
      "trades",
    );
    expect(ours.total_count).toBe(await getDb().trade.count({ where: { teamId: TEAM.id, isVerified: false } }));
    const listed = ours.items.find((t) => t.id === trade.id);
    expect(listed).toEqual({ ...trade, team: TEAM });
    expect(ours.items.every((t) => JSON.stringify(t.team) === JSON.stringify(TEAM))).toBe(true);
  });

  it("reads one trade of any team alone (the dashboard's read-only page) as the queue lists it; only with trades_verify", async () => {
    const { trade } = await recorded();
    const listed = expectList<Shown>(await callRoute(opsList, `/api/v1/ops/trades?team_id=${TEAM.id}&per_page=100`, { key: verifier }), "trades");
    const caller = (permissions: Permission[]): Caller => ({
      userId: randomUUID(),
      email: "ops@trades.test",
      name: "Ops",
      teamId: OPS_TEAM.id,
      teamName: OPS_TEAM.name,
      role: "marketplace_ops",
      permissions,
      via: "session",
    });
    const { resource } = await getAnyTeamsTrade(caller(["trades_verify"]), trade.id);
    expect(JSON.stringify(resource)).toBe(JSON.stringify(listed.items.find((t) => t.id === trade.id)));
    await expect(getAnyTeamsTrade(caller(["companies", "trades_manage"]), trade.id)).rejects.toMatchObject({ status: 403 });
  });

  it("refuses everyone without trades_verify (403), and bad parameters (400)", async () => {
    expectError(await callRoute(opsList, "/api/v1/ops/trades", { key: recorder }), "forbidden");
    expectError(await callRoute(opsList, "/api/v1/ops/trades", { key: SECRETS.alphaBroker }), "forbidden");
    expectError(await callRoute(opsList, "/api/v1/ops/trades?team_id=alpha", { key: verifier }), "invalid_parameter", "team_id");
    expectError(await callRoute(opsList, "/api/v1/ops/trades?sort=visibility", { key: verifier }), "invalid_parameter", "sort");
    const { trade } = await recorded();
    expectError(await verify(trade.id, recorder), "forbidden");
    expectError(await unverify(trade.id, "no", recorder), "forbidden");
    expect((await getDb().trade.findUnique({ where: { id: trade.id } }))?.isVerified).toBe(false);
  });

  it("verifies (no body needed), then the team cannot change it (409), then unverifies with a reason", async () => {
    const { trade } = await recorded();
    const verified = await verify(trade.id);
    expect(verified.status).toBe(200);
    const shown = verified.body as Shown;
    expect(shown).toMatchObject({ id: trade.id, is_verified: true, team: TEAM, price_per_share: "41.25" });
    expect((shown.updated_at as string) > (trade.updated_at as string)).toBe(true);
    // The team sees the verification; the ETag is the trade's own, whoever reads it.
    const mine = await callRoute(getOne, path(trade.id), { key: reader });
    expect(mine.body).toMatchObject({ is_verified: true, updated_at: shown.updated_at });
    expect(mine.headers.get("etag")).toBe(verified.headers.get("etag"));
    // Verifying a verified trade answers it unchanged.
    const again = await verify(trade.id);
    expect(again.body).toEqual(shown);
    expectError(await callRoute(patchOne, path(trade.id), { key: recorder, method: "PATCH", body: { details: "late" } }), "trade_verified");

    expectError(await unverify(trade.id, undefined), "invalid_parameter", "reason");
    expectError(await unverify(trade.id, "   "), "invalid_parameter", "reason");
    expectError(await callRoute(unverifyOne, opsPath(trade.id, "/unverify"), { key: verifier, method: "POST" }), "unsupported_media_type");
    const unverified = await unverify(trade.id, "Officer's e-mail bounced");
    expect(unverified.body).toMatchObject({ is_verified: false, team: TEAM });
    expect((await callRoute(patchOne, path(trade.id), { key: recorder, method: "PATCH", body: { details: "fixed" } })).status).toBe(200);

    const history = expectList<{ action: string; reason: string | null; actor: { email: string }; changes: Record<string, unknown> }>(
      await callRoute(historyOf, path(trade.id, "/history"), { key: reader }),
      "events",
    );
    expect(history.items.map((e) => e.action)).toEqual(["trade.created", "trade.verified", "trade.unverified", "trade.updated"]);
    expect(history.items[2].reason).toBe("Officer's e-mail bounced");
    expect(history.items[1].actor.email).toMatch(/@trades\.test$/);
    expect(Object.keys(history.items[1].changes).sort()).toEqual(["is_verified", "updated_at"]);
  });

  it("honours If-Match on verify, answers 404 for an unknown trade and 405 for other methods", async () => {
    const { result, trade } = await recorded();
    await callRoute(patchOne, path(trade.id), { key: recorder, method: "PATCH", body: { details: "moved on" } });
    expectError(await verify(trade.id, verifier, {}, { "if-match": result.headers.get("etag")! }), "precondition_failed");
    expectError(await verify(randomUUID()), "not_found");
    const get = await callRoute(verifyGet, opsPath(trade.id, "/verify"), { key: verifier });
    expectError(get, "method_not_allowed");
    expect(get.headers.get("allow")).toBe("POST, OPTIONS");
  });
});

describe("GET /my/events", () => {
  type Feed = { events: { id: string; action: string; resource: { id: string } }[]; next_cursor: string; has_more: boolean };
  const read = async (query: string, key = reader) => {
    const result = await callRoute(feed, `/api/v1/my/events${query}`, { key });
    expect(result.status, result.text).toBe(200);
    return result.body as Feed;
  };

  it("feeds the team's events in order, resumable from next_cursor, and nothing of other teams", async () => {
    const start = await read("");
    let cursor = start.next_cursor;
    let page = start;
    while (page.has_more) {
      page = await read(`?after=${cursor}&limit=500`);
      cursor = page.next_cursor;
    }
    const { trade } = await recorded();
    await verify(trade.id);
    await callRoute(patchOne, path(trade.id), { key: recorder, method: "PATCH", body: { details: "x" } }); // 409: no event
    const one = await read(`?after=${cursor}&limit=1`);
    expect(one.events.map((e) => [e.action, e.resource.id])).toEqual([["trade.created", trade.id]]);
    expect(one.has_more).toBe(true);
    const rest = await read(`?after=${one.next_cursor}`);
    expect(rest.events.map((e) => e.action)).toEqual(["trade.verified"]);
    expect(rest.has_more).toBe(false);
    // Nothing new: the cursor stays where it is, and reading from it again gives the same.
    expect(await read(`?after=${rest.next_cursor}`)).toEqual({ events: [], next_cursor: rest.next_cursor, has_more: false });
    expect((await read(`?after=${one.next_cursor}`)).events).toEqual(rest.events);
    // The marketplace team's own feed does not carry the teams' events it wrote.
    const theirs = await read(`?limit=500`, verifier);
    expect(theirs.events.some((e) => e.resource.id === trade.id)).toBe(false);
    // Alpha's feed never shows this team's events.
    const alpha = await callRoute(feed, "/api/v1/my/events?limit=500", { key: SECRETS.alphaBroker });
    expect((alpha.body as Feed).events.some((e) => e.resource.id === trade.id)).toBe(false);
  });

  it("refuses a cursor it did not write and a limit out of range", async () => {
    for (const query of ["?after=abc", "?after=ev1.-1", "?after=1", "?limit=0", "?limit=501", "?limit=x", "?cursor=abc", "?cursor=ev1.1&after=ev1.1", "?page=1"]) {
      const result = await callRoute(feed, `/api/v1/my/events${query}`, { key: reader });
      expect(result.status, query).toBe(400);
    }
  });
});

describe("the company's trade tape after verification", () => {
  it("shows a trade on the next call once verified and drops it once unverified, though its page is kept", async () => {
    const { trade } = await recorded();
    const tape = `/api/v1/companies/${ISSUER.id}/trades?sign_date_from=${TRADE.sign_date}&sign_date_to=${TRADE.sign_date}&per_page=100`;
    const shown = async () => {
      const result = await callRoute(companyTrades, tape, { key: reader });
      expect(result.status, result.text).toBe(200);
      const body = result.body as { trades: { trade_id: string | null }[]; summary: { trade_count_90d: number } };
      return body.trades.some((t) => t.trade_id === trade.id);
    };
    // Read twice: the second answer is the kept page (lib/http/list-response.ts).
    expect(await shown()).toBe(false);
    expect(await shown()).toBe(false);
    expect((await verify(trade.id)).status).toBe(200);
    expect(await shown()).toBe(true);
    expect(await shown()).toBe(true);
    expect((await unverify(trade.id, "Wrong price")).status).toBe(200);
    expect(await shown()).toBe(false);
  });
});

describe("If-None-Match on lists", () => {
  it("answers 304 while the team's list is unchanged, 200 with a new ETag after the team writes", async () => {
    const url = "/api/v1/my/trades?per_page=5";
    const first = await callRoute(listAll, url, { key: reader });
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+"$/);
    const again = await callRoute(listAll, url, { key: reader, headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    // Another team's write leaves this team's list as it was.
    expect((await recorded(TRADE, outsider)).result.status).toBe(201);
    expect((await callRoute(listAll, url, { key: reader, headers: { "if-none-match": etag } })).status).toBe(304);
    await recorded();
    const changed = await callRoute(listAll, url, { key: reader, headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect((await callRoute(opsList, `/api/v1/ops/trades?team_id=${TEAM.id}`, { key: reader, headers: { "if-none-match": etag } })).status).toBe(403);
  });

  it("gives a page read again the ETag it was first given, its body's hash in every process; a write, the new body's", async () => {
    const url = "/api/v1/my/trades?per_page=3";
    const bodyHash = (text: string) => `"${createHash("sha1").update(text).digest("base64url")}"`;
    const first = await callRoute(listAll, url, { key: reader });
    const again = await callRoute(listAll, url, { key: reader });
    expect([again.status, again.text, again.headers.get("etag")]).toEqual([200, first.text, bodyHash(first.text)]);
    await recorded();
    const changed = await callRoute(listAll, url, { key: reader });
    expect(changed.text).not.toBe(first.text);
    expect(changed.headers.get("etag")).toBe(bodyHash(changed.text));
  });
});
