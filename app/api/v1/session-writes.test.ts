import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/keys";
import { getDb } from "@/lib/db/client";
import { FIXTURE_PASSWORD_HASH } from "@/lib/testing/fixtures/accounts";
import { NEW_BID, NEW_TRADE } from "@/lib/testing/fixtures/bodies";
import { callRoute, expectError, ORIGIN, sessionCookie, type CallOptions, type CallResult } from "@/lib/testing/http";
import { POST as closeIndication } from "./my/indications/[id]/close/route";
import { PATCH as patchIndication } from "./my/indications/[id]/route";
import { POST as refreshIndication } from "./my/indications/[id]/refresh/route";
import { POST as createIndication } from "./my/indications/route";
import { PATCH as patchTrade } from "./my/trades/[id]/route";
import { POST as recordTrade } from "./my/trades/route";
import { POST as unverifyTrade } from "./ops/trades/[id]/unverify/route";
import { POST as verifyTrade } from "./ops/trades/[id]/verify/route";

/**
 * Every write operation of the API, once with an API key and once with the dashboard's session
 * cookie (sent from the dashboard's origin), as plain Requests the way a production build hands
 * them over: the two answer the same statuses and fields. From any other origin, a session's write
 * is refused (lib/auth/same-origin.ts). Rows belong to teams of this file's own.
 */

const TEAM = { id: randomUUID(), name: `Session writers ${Date.now()}` };
const OPS_TEAM = { id: randomUUID(), name: `Session verifiers ${Date.now()}` };

interface Member {
  key: string;
  cookie: string;
}
let broker: Member;
let verifier: Member;

async function member(team: { id: string }, permissions: string[]): Promise<Member> {
  const id = randomUUID();
  await getDb().user.create({
    data: { id, email: `${id}@session.test`, name: "Session writer", passwordHash: FIXTURE_PASSWORD_HASH, role: "broker", permissions: JSON.stringify(permissions), teamId: team.id, createdAt: new Date() },
  });
  const key = (await createApiKey(getDb(), { userId: id, name: "session writes test" })).secret;
  return { key, cookie: await sessionCookie(id) };
}

beforeAll(async () => {
  for (const team of [TEAM, OPS_TEAM]) await getDb().team.create({ data: { ...team, createdAt: new Date() } });
  broker = await member(TEAM, ["companies", "indications_manage", "trades_manage"]);
  verifier = await member(OPS_TEAM, ["companies", "trades_verify"]);
});

type Via = "key" | "session";

/** One call as `who`, by key or by session cookie from the dashboard's own origin. */
function as(who: Member, via: Via, handler: unknown, path: string, options: CallOptions = {}): Promise<CallResult> {
  const auth: CallOptions =
    via === "key" ? { key: who.key } : { headers: { cookie: who.cookie, origin: ORIGIN, ...options.headers } };
  return callRoute(handler, path, { plain: true, ...options, ...auth, headers: { ...options.headers, ...auth.headers } });
}

/** Runs every write operation as `via`; returns each answer's status and field names. */
async function writeEverything(via: Via): Promise<[string, number, string[]][]> {
  const seen: [string, number, string[]][] = [];
  const note = (name: string, result: CallResult) => {
    const body = result.body as Record<string, unknown> | undefined;
    seen.push([name, result.status, Object.keys(body?.error ?? body ?? {}).sort()]);
    return body as Record<string, unknown> & { id: string };
  };
  const bid = note("create indication", await as(broker, via, createIndication, "/api/v1/my/indications", { body: NEW_BID }));
  const one = `/api/v1/my/indications/${bid.id}`;
  note("change indication", await as(broker, via, patchIndication, one, { method: "PATCH", body: { volume: "2500" } }));
  note("refresh indication", await as(broker, via, refreshIndication, `${one}/refresh`, { method: "POST" }));
  note("close indication", await as(broker, via, closeIndication, `${one}/close`, { method: "POST" }));
  note("malformed JSON", await as(broker, via, createIndication, "/api/v1/my/indications", { body: '{"side": ', headers: { "content-type": "application/json" } }));
  const trade = note("record trade", await as(broker, via, recordTrade, "/api/v1/my/trades", { body: NEW_TRADE }));
  const path = `/api/v1/my/trades/${trade.id}`;
  note("change trade", await as(broker, via, patchTrade, path, { method: "PATCH", body: { volume: "175000" } }));
  const ops = `/api/v1/ops/trades/${trade.id}`;
  note("verify trade", await as(verifier, via, verifyTrade, `${ops}/verify`, { method: "POST", body: {} }));
  note("unverify trade", await as(verifier, via, unverifyTrade, `${ops}/unverify`, { method: "POST", body: { reason: "wrong volume" } }));
  return seen;
}

describe("API writes with the browser session", () => {
  it("answer every write operation as an API key does", async () => {
    const byKey = await writeEverything("key");
    expect(byKey.map(([name, status]) => [name, status])).toEqual([
      ["create indication", 201],
      ["change indication", 200],
      ["refresh indication", 200],
      ["close indication", 200],
      ["malformed JSON", 400],
      ["record trade", 201],
      ["change trade", 200],
      ["verify trade", 200],
      ["unverify trade", 200],
    ]);
    expect(await writeEverything("session")).toEqual(byKey);
  });
});

describe("API writes with the browser session from another origin", () => {
  async function openBid(): Promise<string> {
    return ((await as(broker, "key", createIndication, "/api/v1/my/indications", { body: NEW_BID })).body as { id: string }).id;
  }
  const stageOf = async (id: string) => (await getDb().indication.findUnique({ where: { id } }))?.stage;

  it("are refused 403 and change nothing: a foreign or null Origin, or none at all, whatever the body", async () => {
    const id = await openBid();
    const close = `/api/v1/my/indications/${id}/close`;
    const foreign: Record<string, string>[] = [
      { origin: "http://evil.example" },
      { origin: "http://localhost:3999" },
      { origin: "null" },
      { origin: "http://evil.example", "content-type": "text/plain" },
      { origin: "http://evil.example", "content-type": "application/x-www-form-urlencoded" },
      { "sec-fetch-site": "cross-site" },
      {},
    ];
    for (const headers of foreign) {
      const result = await callRoute(closeIndication, close, { plain: true, method: "POST", headers: { cookie: broker.cookie, ...headers }, body: "a=1" });
      expectError(result, "forbidden", null);
    }
    expect(await stageOf(id)).toBe("open");

    const trade = ((await as(broker, "key", recordTrade, "/api/v1/my/trades", { body: NEW_TRADE })).body as { id: string }).id;
    const verifying = { plain: true, method: "POST", headers: { cookie: verifier.cookie, origin: "http://evil.example" } };
    expectError(await callRoute(verifyTrade, `/api/v1/ops/trades/${trade}/verify`, verifying), "forbidden", null);
    expect((await getDb().trade.findUnique({ where: { id: trade } }))?.isVerified).toBe(false);
  });

  it("are taken with Sec-Fetch-Site: same-origin; a key is not checked for its origin", async () => {
    const id = await openBid();
    const close = `/api/v1/my/indications/${id}/close`;
    const sameOrigin = await callRoute(closeIndication, close, { plain: true, method: "POST", headers: { cookie: broker.cookie, "sec-fetch-site": "same-origin" } });
    expect(sameOrigin.status).toBe(200);
    const other = await openBid();
    const byKey = await callRoute(closeIndication, `/api/v1/my/indications/${other}/close`, { key: broker.key, method: "POST", headers: { origin: "http://evil.example" } });
    expect(byKey.status).toBe(200);
    expect(await stageOf(other)).toBe("closed_lost");
  });
});
