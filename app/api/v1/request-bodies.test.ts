import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/keys";
import { getDb } from "@/lib/db/client";
import { FIXTURE_PASSWORD_HASH } from "@/lib/testing/fixtures/accounts";
import { NEW_BID, NEW_TRADE } from "@/lib/testing/fixtures/bodies";
import { callRoute, expectError, type CallResult } from "@/lib/testing/http";
import { PATCH as patchIndication } from "./my/indications/[id]/route";
import { POST as closeIndication } from "./my/indications/[id]/close/route";
import { POST as refreshIndication } from "./my/indications/[id]/refresh/route";
import { POST as createIndication } from "./my/indications/route";
import { PATCH as patchTrade } from "./my/trades/[id]/route";
import { POST as createTrade } from "./my/trades/route";
import { POST as verifyTrade } from "./ops/trades/[id]/verify/route";

/**
 * Which bodies each write takes (docs/api/requests.md, "Request bodies"), through the real route handlers
 * on the shared fixture database with teams of this file's own (rows of the companies the market
 * tests leave out, as NEW_BID and NEW_TRADE name them): a PATCH takes JSON or a JSON merge
 * patch; the routes that take no body take none or {}, refuse fields (400) and other bytes (415);
 * verify's body stays optional.
 */

const TEAM = { id: randomUUID(), name: `Bodies ${Date.now()}` };
const OPS = { id: randomUUID(), name: `Bodies ops ${Date.now()}` };
let writer: string;
let verifier: string;

async function member(team: { id: string }, permissions: string[]): Promise<string> {
  const id = randomUUID();
  await getDb().user.create({
    data: { id, email: `${id}@bodies.test`, name: "Member", passwordHash: FIXTURE_PASSWORD_HASH, role: "broker", permissions: JSON.stringify(permissions), teamId: team.id, createdAt: new Date() },
  });
  return (await createApiKey(getDb(), { userId: id, name: "bodies test" })).secret;
}

beforeAll(async () => {
  for (const team of [TEAM, OPS]) await getDb().team.create({ data: { ...team, createdAt: new Date() } });
  writer = await member(TEAM, ["companies", "indications_manage", "trades_manage"]);
  verifier = await member(OPS, ["companies", "trades_verify"]);
});

type Shown = { id: string; updated_at: string } & Record<string, unknown>;

async function created(handler: unknown, path: string, body: object): Promise<Shown> {
  const result = await callRoute(handler, path, { key: writer, body });
  expect(result.status, result.text).toBe(201);
  return result.body as Shown;
}

/** A raw request: the body's bytes as given, and only the headers given. */
const send = (handler: unknown, path: string, key: string, method: string, body: string | undefined, headers: Record<string, string> = {}): Promise<CallResult> =>
  callRoute(handler, path, { key, method, body, headers });

describe("a body is taken as sent", () => {
  it("is a 415 under a Content-Encoding, which would have it read as the JSON it is not; identity is no encoding", async () => {
    for (const encoding of ["gzip", "br", "deflate"]) {
      const refused = await send(createIndication, "/api/v1/my/indications", writer, "POST", JSON.stringify(NEW_BID), { "content-type": "application/json", "content-encoding": encoding });
      expectError(refused, "unsupported_media_type");
      expect(refused.text).toContain(encoding);
    }
    const plain = await send(createIndication, "/api/v1/my/indications", writer, "POST", JSON.stringify(NEW_BID), { "content-type": "application/json", "content-encoding": "identity" });
    expect(plain.status, plain.text).toBe(201);
  });
});

describe("PATCH takes a JSON merge patch", () => {
  it.each([
    ["indications", patchIndication, createIndication, NEW_BID],
    ["trades", patchTrade, createTrade, NEW_TRADE],
  ] as const)("on %s: application/merge-patch+json as application/json; any other type is a 415", async (resource, patch, create, body) => {
    const { id } = await created(create, `/api/v1/my/${resource}`, body);
    const path = `/api/v1/my/${resource}/${id}`;
    for (const [type, stockClass] of [
      ["application/merge-patch+json", "Merge patched"],
      ["application/merge-patch+json; charset=utf-8", "Merge patched again"],
      ["application/json", "Patched as JSON"],
    ]) {
      const changed = await send(patch, path, writer, "PATCH", JSON.stringify({ stock_class: stockClass, details: null }), { "content-type": type });
      expect(changed.status, `${type}: ${changed.text}`).toBe(200);
      expect(changed.body).toMatchObject({ stock_class: stockClass, details: null });
    }
    for (const type of ["text/plain", "application/json-patch+json", "application/x-www-form-urlencoded"]) {
      expectError(await send(patch, path, writer, "PATCH", JSON.stringify({ stock_class: "no" }), { "content-type": type }), "unsupported_media_type");
    }
  });

  it("is a PATCH's alone: a create in application/merge-patch+json is a 415", async () => {
    const result = await send(createIndication, "/api/v1/my/indications", writer, "POST", JSON.stringify(NEW_BID), { "content-type": "application/merge-patch+json" });
    expectError(result, "unsupported_media_type");
  });
});

describe("routes that take no body", () => {
  it.each([
    ["refresh", refreshIndication],
    ["close", closeIndication],
  ] as const)("%s: refuses fields (400) and other bytes (415) and changes nothing; takes none, or {} (every such write: bodiless-writes.test.ts)", async (action, handler) => {
    const { id } = await created(createIndication, "/api/v1/my/indications", NEW_BID);
    const path = `/api/v1/my/indications/${id}/${action}`;
    for (const [body, headers, code] of [
      ['{"stage":"open"}', { "content-type": "application/json" }, "unknown_parameter"],
      ["x", { "content-type": "text/plain" }, "unsupported_media_type"],
      ['{"stage":"open"}', {}, "unsupported_media_type"],
      [" ", {}, "unsupported_media_type"],
    ] as const) {
      expectError(await send(handler, path, writer, "POST", body, headers), code);
    }
    expect(await getDb().auditEvent.count({ where: { resourceId: id } })).toBe(1);
    for (const [body, headers] of [["", {}], ["", { "content-type": "application/json" }], ["", { "content-type": "text/plain" }], ["{}", { "content-type": "application/json" }]] as [string, Record<string, string>][]) {
      const done = await send(handler, path, writer, "POST", body, headers);
      expect(done.status, done.text).toBe(200);
    }
  });

  it("verify keeps its optional body: none, an empty one of any type, {} or {\"reason\"}; other bytes as ever", async () => {
    const { id } = await created(createTrade, "/api/v1/my/trades", NEW_TRADE);
    const path = `/api/v1/ops/trades/${id}/verify`;
    for (const headers of [{}, { "content-type": "application/json" }, { "content-type": "text/plain" }] as Record<string, string>[]) {
      expect((await send(verifyTrade, path, verifier, "POST", "", headers)).status).toBe(200);
    }
    expect((await send(verifyTrade, path, verifier, "POST", "{}", { "content-type": "application/json" })).status).toBe(200);
    const withReason = await send(verifyTrade, path, verifier, "POST", JSON.stringify({ reason: "Officer confirmed" }), { "content-type": "application/json" });
    expect(withReason.status, withReason.text).toBe(200);
    expectError(await send(verifyTrade, path, verifier, "POST", "reason", { "content-type": "text/plain" }), "unsupported_media_type");
    expectError(await send(verifyTrade, path, verifier, "POST", "{}", {}), "unsupported_media_type");
    expectError(await send(verifyTrade, path, verifier, "POST", "{nope", { "content-type": "application/json" }), "invalid_json");
  });
});
