import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiKey } from "@/lib/api-keys/keys";
import { ApiError } from "@/lib/schema/errors";
import { apiRoute, ApiResult } from "@/lib/http/handler";
import { ABANDONED_MS, KEPT_MS } from "@/lib/http/idempotency";
import { createDb, getDb, type Db } from "@/lib/db/client";
import { databaseUrl } from "@/lib/db/url";
import { FIXTURE_PASSWORD_HASH } from "@/lib/testing/fixtures/accounts";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { callRoute, expectError, ORIGIN, sessionCookie, type CallOptions, type CallResult } from "@/lib/testing/http";
import { PATCH as patchOne } from "./my/indications/[id]/route";
import { POST as closeOne } from "./my/indications/[id]/close/route";
import { POST as refreshOne } from "./my/indications/[id]/refresh/route";
import { POST as create } from "./my/indications/route";

/**
 * Idempotency keys (docs/api/writing.md "Idempotency") through the real route handlers on the shared
 * fixture database, with a team of this file's own. `other` is a second client on the same
 * database, standing for another process: what it sees and writes, only the database carries.
 */

const TEAM = { id: randomUUID(), name: `Idempotent ${Date.now()}` };
let writer: { id: string; key: string; secondKey: string };
let colleague: { id: string; key: string };
let other: Db;

async function member(): Promise<{ id: string; key: string }> {
  const id = randomUUID();
  await getDb().user.create({
    data: { id, email: `${id}@idempotent.test`, name: "Member", passwordHash: FIXTURE_PASSWORD_HASH, role: "broker", permissions: JSON.stringify(["companies", "indications_manage"]), teamId: TEAM.id, createdAt: new Date() },
  });
  return { id, key: (await createApiKey(getDb(), { userId: id, name: "idempotency test" })).secret };
}

beforeAll(async () => {
  other = createDb(databaseUrl());
  await getDb().team.create({ data: { ...TEAM, createdAt: new Date() } });
  const first = await member();
  writer = { ...first, secondKey: (await createApiKey(getDb(), { userId: first.id, name: "second key" })).secret };
  colleague = await member();
});

afterAll(async () => {
  await other.$disconnect();
});

const PATH = "/api/v1/my/indications";
/** A bid marked by its client_id, so its rows can be counted. */
const bid = (clientId: string, price = "12.5") => ({
  issuer_id: COMPANIES[0].id,
  side: "bid",
  price_per_share: price,
  volume: "1000",
  acceptable_structures: ["direct"],
  visibility: "order_book_anonymous",
  stock_type: "secondary",
  stock_class_type: "preferred",
  client_id: clientId,
});
const rowsOf = (clientId: string) => getDb().indication.count({ where: { teamId: TEAM.id, clientId } });

function post(body: unknown, key: string | null, options: CallOptions = {}): Promise<CallResult> {
  const headers = { ...options.headers, ...(key === null ? {} : { "idempotency-key": key }) };
  return callRoute(create, PATH, { key: writer.key, method: "POST", ...options, body, headers });
}

/** The stored row of an idempotency key, read as another process would. */
const stored = (key: string) => other.idempotencyKey.findMany({ where: { key } });

describe("Idempotency-Key on POST", () => {
  it("replays the first answer (status, body, Location, ETag) with Idempotent-Replayed, and creates one row", async () => {
    const key = randomUUID();
    const first = await post(bid(key), key);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await post(bid(key), key);
    expect(again.status).toBe(201);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("location")).toBe(first.headers.get("location"));
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("content-type")).toMatch(/^application\/json\b/);
    expect(again.headers.get("x-request-id")).not.toBe(first.headers.get("x-request-id"));
    expect(await rowsOf(key)).toBe(1);
    expect(await stored(key)).toMatchObject([{ userId: writer.id, state: "done", responseStatus: 201 }]);
  });

  it("answers 422 idempotency_key_reuse for the same key with another body or another path, and runs nothing", async () => {
    const key = randomUUID();
    expect((await post(bid(key), key)).status).toBe(201);
    expectError(await post(bid(key, "13"), key), "idempotency_key_reuse", "Idempotency-Key");
    const id = (await getDb().indication.findFirstOrThrow({ where: { clientId: key } })).id;
    expectError(await callRoute(refreshOne, `${PATH}/${id}/refresh`, { key: writer.key, method: "POST", headers: { "idempotency-key": key } }), "idempotency_key_reuse");
    expect(await rowsOf(key)).toBe(1);
  });

  it("creates one row from concurrent duplicates of one key; the others are 409 or replays", async () => {
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, () => post(bid(key), key)));
    expect(await rowsOf(key)).toBe(1);
    const created = results.filter((r) => r.status === 201);
    const originals = created.filter((r) => r.headers.get("idempotent-replayed") === null);
    expect(originals).toHaveLength(1);
    for (const r of created) expect(r.text).toBe(originals[0].text);
    for (const r of results.filter((r) => r.status !== 201)) expectError(r, "idempotency_key_in_use", "Idempotency-Key");
    expect(await stored(key)).toHaveLength(1);
  });

  it("answers 409 while another process holds the key in flight, and takes over a claim abandoned for minutes", async () => {
    const key = randomUUID();
    expect((await post(bid(key), key)).status).toBe(201);
    // As a process that claimed the key and has not answered yet (same request, so same fingerprint).
    await other.idempotencyKey.updateMany({ where: { key }, data: { state: "in_flight", responseStatus: null, responseBody: null, responseHeaders: null } });
    expectError(await post(bid(key), key), "idempotency_key_in_use", "Idempotency-Key");
    expect(await rowsOf(key)).toBe(1);
    // The process died: after ABANDONED_MS the claim is taken over and the request runs.
    await other.idempotencyKey.updateMany({ where: { key }, data: { createdAt: new Date(Date.now() - ABANDONED_MS - 1000) } });
    const retried = await post(bid(key), key);
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(await rowsOf(key)).toBe(2);
    expect(await stored(key)).toMatchObject([{ state: "done", responseStatus: 201 }]);
  });

  it("keeps callers apart: another user, another key of the same user and the same user's session each have their own keys", async () => {
    const key = randomUUID();
    expect((await post(bid(key), key)).status).toBe(201);
    const byColleague = await post(bid(key, "14"), key, { key: colleague.key });
    const bySecondKey = await post(bid(key, "15"), key, { key: writer.secondKey });
    // From the dashboard's origin, as a page's own fetch sends it (lib/auth/same-origin.ts).
    const bySession = await post(bid(key, "16"), key, { key: undefined, headers: { cookie: await sessionCookie(writer.id), origin: ORIGIN } });
    for (const result of [byColleague, bySecondKey, bySession]) {
      expect(result.status, result.text).toBe(201);
      expect(result.headers.get("idempotent-replayed")).toBeNull();
    }
    expect(await rowsOf(key)).toBe(4);
    const callers = (await stored(key)).map((row) => `${row.userId === writer.id ? "writer" : "colleague"} ${row.caller.split(":")[0]}`).sort();
    expect(callers).toEqual(["colleague api_key", "writer api_key", "writer api_key", "writer session"]);
  });

  it.each([
    ["an empty key", ""],
    ["a key longer than 255 characters", "k".repeat(256)],
  ])("refuses %s with 400 invalid_parameter, creating nothing", async (_, key) => {
    const marker = randomUUID();
    expectError(await post(bid(marker), key), "invalid_parameter", "Idempotency-Key");
    expect(await rowsOf(marker)).toBe(0);
  });

  it("names a malformed key beside the body's problems, in one answer", async () => {
    const marker = randomUUID();
    const answer = await post(bid(marker, "0"), "k".repeat(256));
    expectError(answer, "invalid_parameter", "price_per_share");
    expect((answer.body as { error: { errors: { param: string }[] } }).error.errors.map((e) => e.param)).toEqual(["price_per_share", "Idempotency-Key"]);
    expect(await rowsOf(marker)).toBe(0);
  });

  it("takes a key of 255 characters", async () => {
    const key = `${randomUUID()}${"k".repeat(219)}`;
    expect(key).toHaveLength(255);
    expect((await post(bid(key.slice(0, 36)), key)).status).toBe(201);
    expect((await post(bid(key.slice(0, 36)), key)).headers.get("idempotent-replayed")).toBe("true");
  });

  it("forgets a key after 24 hours: it runs again, even with another body", async () => {
    const key = randomUUID();
    expect((await post(bid(key), key)).status).toBe(201);
    await other.idempotencyKey.updateMany({ where: { key }, data: { createdAt: new Date(Date.now() - KEPT_MS - 1000) } });
    const later = await post(bid(key, "13"), key);
    expect(later.status).toBe(201);
    expect(later.headers.get("idempotent-replayed")).toBeNull();
    expect(await rowsOf(key)).toBe(2);
    const [row] = await stored(key);
    expect(Date.now() - row.createdAt.getTime()).toBeLessThan(60_000);
  });

  it("changes nothing without a key, nor on methods other than POST", async () => {
    const marker = randomUUID();
    const results = [await post(bid(marker), null), await post(bid(marker), null)];
    for (const r of results) expect([r.status, r.headers.get("idempotent-replayed")]).toEqual([201, null]);
    expect(await rowsOf(marker)).toBe(2);
    const id = (results[0].body as { id: string }).id;
    const patch = (price: string) => callRoute(patchOne, `${PATH}/${id}`, { key: writer.key, method: "PATCH", body: { price_per_share: price }, headers: { "idempotency-key": marker } });
    expect((await patch("20")).status).toBe(200);
    const second = await patch("21");
    expect([second.status, (second.body as { price_per_share: string }).price_per_share, second.headers.get("idempotent-replayed")]).toEqual([200, "21", null]);
    expect(await other.idempotencyKey.count({ where: { userId: writer.id, key: marker } })).toBe(0);
  });

  it("stores nothing for a request that fails validation: the same key then runs with the request corrected", async () => {
    const key = randomUUID();
    const send = (body: string, contentType = "application/json") =>
      callRoute(create, PATH, { key: writer.key, method: "POST", body, headers: { "content-type": contentType, "idempotency-key": key } });
    expectError(await post(bid(key, "0"), key), "invalid_parameter", "price_per_share");
    expectError(await post({ ...bid(key), stage: "open" }, key), "invalid_parameter", "stage");
    expectError(await send("{nope"), "invalid_json");
    expectError(await send(JSON.stringify(bid(key)), "text/plain"), "unsupported_media_type");
    expectError(await send(JSON.stringify({ ...bid(key), details: "x".repeat(70_000) })), "payload_too_large");
    expect(await stored(key)).toHaveLength(0);
    const corrected = await post(bid(key), key);
    expect([corrected.status, corrected.headers.get("idempotent-replayed")]).toEqual([201, null]);
    const again = await post(bid(key), key);
    expect([again.status, again.text, again.headers.get("idempotent-replayed")]).toEqual([201, corrected.text, "true"]);
    expect(await rowsOf(key)).toBe(1);
  });

  it("stores and replays what the operation answered once the request was valid: its 400, 409, 412", async () => {
    // An issuer that passes the body's checks and that the create then finds nowhere.
    const unknownIssuer = randomUUID();
    const noIssuer = await post({ ...bid(unknownIssuer), issuer_id: unknownIssuer }, unknownIssuer);
    expectError(noIssuer, "invalid_parameter", "issuer_id");
    const marker = randomUUID();
    const id = ((await post(bid(marker), null)).body as { id: string }).id;
    const refresh = (key: string, headers: Record<string, string> = {}) =>
      callRoute(refreshOne, `${PATH}/${id}/refresh`, { key: writer.key, method: "POST", headers: { ...headers, "idempotency-key": key } });
    const stale = await refresh(`${marker}-stale`, { "if-match": '"not-its-etag"' });
    expectError(stale, "precondition_failed");
    await callRoute(closeOne, `${PATH}/${id}/close`, { key: writer.key, method: "POST" });
    const closed = await refresh(`${marker}-closed`);
    expectError(closed, "indication_closed");
    const replays = [
      [noIssuer, await post({ ...bid(unknownIssuer), issuer_id: unknownIssuer }, unknownIssuer)],
      [stale, await refresh(`${marker}-stale`, { "if-match": '"not-its-etag"' })],
      [closed, await refresh(`${marker}-closed`)],
    ];
    for (const [first, again] of replays) {
      expect([again.status, again.text, again.headers.get("idempotent-replayed")]).toEqual([first.status, first.text, "true"]);
    }
    expect(await stored(unknownIssuer)).toMatchObject([{ state: "done", responseStatus: 400 }]);
    expect(await stored(`${marker}-closed`)).toMatchObject([{ state: "done", responseStatus: 409 }]);
  });

  it("stores no 4xx of a stale cached caller: the request runs again for the caller as it is now", async () => {
    const key = randomUUID();
    await getDb().user.update({ where: { id: colleague.id }, data: { permissions: JSON.stringify(["companies"]) } });
    expectError(await post(bid(randomUUID()), null, { key: colleague.key }), "forbidden"); // now cached without the permission
    await getDb().user.update({ where: { id: colleague.id }, data: { permissions: JSON.stringify(["companies", "indications_manage"]) } });
    const granted = await post(bid(key), key, { key: colleague.key });
    expect([granted.status, granted.headers.get("idempotent-replayed")]).toEqual([201, null]);
    expect(await stored(key)).toMatchObject([{ state: "done", responseStatus: 201 }]);
  });

  it("replays a refresh: the indication is refreshed once", async () => {
    const marker = randomUUID();
    const id = ((await post(bid(marker), null)).body as { id: string }).id;
    const refresh = () => callRoute(refreshOne, `${PATH}/${id}/refresh`, { key: writer.key, method: "POST", headers: { "idempotency-key": marker } });
    const first = await refresh();
    expect(first.status).toBe(200);
    const again = await refresh();
    expect([again.status, again.text, again.headers.get("etag"), again.headers.get("idempotent-replayed")]).toEqual([200, first.text, first.headers.get("etag"), "true"]);
    expect(await getDb().auditEvent.count({ where: { resourceId: id, action: "indication.refreshed" } })).toBe(1);
  });

  it("stores no failure: after a 500 the key is free and a retry runs", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let calls = 0;
    // A route of this test's own whose operation fails twice (unexpectedly, then with a 5xx ApiError), then works.
    const flaky = apiRoute(async () => {
      calls++;
      if (calls === 1) throw new Error("the database went away");
      if (calls === 2) throw new ApiError("internal_error", "failed");
      return new ApiResult({ calls }, 201, { location: "/somewhere" });
    });
    const key = randomUUID();
    const send = () => callRoute(flaky, "/api/v1/flaky", { key: writer.key, method: "POST", body: {}, headers: { "idempotency-key": key } });
    try {
      expectError(await send(), "internal_error");
      expect(await stored(key)).toHaveLength(0);
      expectError(await send(), "internal_error");
      expect(await stored(key)).toHaveLength(0);
      const ok = await send();
      expect([ok.status, ok.body, ok.headers.get("idempotent-replayed")]).toEqual([201, { calls: 3 }, null]);
      const replay = await send();
      expect([replay.status, replay.body, replay.headers.get("location"), replay.headers.get("idempotent-replayed")]).toEqual([201, { calls: 3 }, "/somewhere", "true"]);
      expect(calls).toBe(3);
    } finally {
      quiet.mockRestore();
    }
  });
});
