import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/keys";
import { getDb } from "@/lib/db/client";
import { apiOperations, filledPath, type ApiOperation } from "@/lib/testing/api-operations";
import { FIXTURE_PASSWORD_HASH, SECRETS } from "@/lib/testing/fixtures/accounts";
import { NEW_BID, NEW_TRADE } from "@/lib/testing/fixtures/bodies";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { callRoute, expectError, type CallOptions } from "@/lib/testing/http";
import { withAppOnOwnDatabase } from "@/lib/testing/own-database";
import { withWebhookReceiver } from "@/lib/testing/webhook-receiver";
import { POST as createIndication } from "./my/indications/route";
import { POST as createTrade } from "./my/trades/route";
import { POST as askIntroduction } from "./market/indications/[permalink_id]/interests/route";
import { POST as acceptDeal } from "./my/deals/[id]/accept/route";
import { POST as createWebhook } from "./my/webhooks/route";

/**
 * The write probe (issue 43): every write the OpenAPI document lists without a body, and every one
 * whose body is optional, sent nothing, `{}`, a JSON object with members and other bytes, as HTTP
 * clients do. Nothing and `{}` are taken; members are a 400 naming each; other bytes a 415; and
 * every answer is a status the document declares. On a database of the file's own: they write.
 */
withAppOnOwnDatabase();
const receiver = withWebhookReceiver((_, response) => void response.writeHead(204).end());
const key = SECRETS.alphaBroker;
let verifier: string;

beforeAll(async () => {
  const team = { id: randomUUID(), name: `Probe verifiers ${Date.now()}`, createdAt: new Date() };
  await getDb().team.create({ data: team });
  const id = randomUUID();
  await getDb().user.create({
    data: { id, email: `${id}@probe.test`, name: "Probe verifier", passwordHash: FIXTURE_PASSWORD_HASH, role: "broker", permissions: JSON.stringify(["companies", "trades_verify", "deals_manage"]), teamId: team.id, createdAt: new Date() },
  });
  verifier = (await createApiKey(getDb(), { userId: id, name: "probe" })).secret;
});

async function created(handler: unknown, path: string, body: object): Promise<string> {
  const result = await callRoute(handler, path, { key, body });
  expect(result.status, result.text).toBe(201);
  return (result.body as { id: string }).id;
}

/** A webhook endpoint of alpha's with one logged delivery (of an indication's event), to redeliver. */
async function loggedDelivery(): Promise<{ id: string; delivery_id: string }> {
  // The probe's earlier endpoints go first: a team may hold only so many (WEBHOOKS_PER_TEAM).
  await getDb().webhookEndpoint.deleteMany({ where: { url: `${receiver.base}/hook` } });
  const indication = await created(createIndication, "/api/v1/my/indications", NEW_BID);
  const id = await created(createWebhook, "/api/v1/my/webhooks", { url: `${receiver.base}/hook`, events: ["*"] });
  const event = await getDb().auditEvent.findFirstOrThrow({ where: { resourceId: indication } });
  const delivery_id = randomUUID();
  await getDb().webhookDelivery.create({
    data: { id: delivery_id, endpointId: id, eventId: event.id, eventSeq: event.seq, attempt: 1, trigger: "automatic", statusCode: 204, durationMs: 1, succeeded: true, attemptedAt: new Date() },
  });
  return { id, delivery_id };
}

/** A deal on an offer of alpha's that beta asked for, requested or accepted. */
async function dealOfAlpha(accepted: boolean): Promise<string> {
  const offer = await callRoute(createIndication, "/api/v1/my/indications", { key, body: { ...NEW_BID, side: "offer", structure: "direct", acceptable_structures: [] } });
  const permalink = (offer.body as { permalink_id: string }).permalink_id;
  const asked = await callRoute(askIntroduction, `/api/v1/market/indications/${permalink}/interests`, { key: SECRETS.betaBroker, body: { volume: "500" }, params: { permalink_id: permalink } });
  expect(asked.status, asked.text).toBe(201);
  const id = (asked.body as { id: string }).id;
  if (accepted) expect((await callRoute(acceptDeal, `/api/v1/my/deals/${id}/accept`, { key, method: "POST" })).status).toBe(200);
  return id;
}

/** What one call of the operation acts on, fresh each time (a delete's target exists once), and who may. */
async function target(operation: ApiOperation): Promise<{ path: string; key: string }> {
  const fill = (values: Record<string, string>, by = key) => ({ path: filledPath(operation.path, values), key: by });
  if (operation.path.startsWith("/my/indications/{id}")) return fill({ id: await created(createIndication, "/api/v1/my/indications", NEW_BID) });
  if (operation.path.startsWith("/ops/trades/{id}")) return fill({ id: await created(createTrade, "/api/v1/my/trades", NEW_TRADE) }, verifier);
  if (operation.path.startsWith("/my/deals/{id}")) return fill({ id: await dealOfAlpha(false) });
  if (operation.path.startsWith("/ops/deals/{id}")) return fill({ id: await dealOfAlpha(true) }, verifier);
  if (operation.path.startsWith("/my/watchlist/{company_id}")) return fill({ company_id: COMPANIES[0].id });
  if (operation.path.startsWith("/my/webhooks/{id}")) return fill(await loggedDelivery());
  throw new Error(`No target for ${operation.method} ${operation.path}: say what the probe acts on here.`);
}

const OPERATIONS = apiOperations().filter((operation) => operation.method !== "GET" && !operation.bodyRequired);
const json = "application/json";
const SENT: [string, Pick<CallOptions, "body" | "headers">][] = [
  ["nothing", {}],
  ["nothing, as JSON", { body: "", headers: { "content-type": json } }],
  ["{}", { body: "{}", headers: { "content-type": json } }],
  ["{ } among spaces, charset=utf-8", { body: " \n{ }\t", headers: { "content-type": `${json}; charset=utf-8` } }],
];
const REFUSED: [string, Pick<CallOptions, "body" | "headers">][] = [
  ["text", { body: "refresh please", headers: { "content-type": "text/plain" } }],
  ["{} as text", { body: "{}", headers: { "content-type": "text/plain" } }],
  ["{} without a type", { body: "{}" }],
  ["a JSON array", { body: "[]", headers: { "content-type": json } }],
  ["invalid JSON", { body: "{", headers: { "content-type": json } }],
];

async function probe(operation: ApiOperation, sent: Pick<CallOptions, "body" | "headers">) {
  const at = await target(operation);
  const result = await callRoute(await operation.handler(), at.path, { key: at.key, method: operation.method, ...sent });
  expect(operation.responses, `${operation.operationId} answered ${result.status}, which its document does not list`).toContain(String(result.status));
  return result;
}

describe("every write without a body, or with an optional one", () => {
  it("is found in the document: the bodiless ones and verify", () => {
    expect(OPERATIONS.map((operation) => operation.operationId).sort()).toEqual(
      expect.arrayContaining(["closeIndication", "deleteWebhook", "followCompany", "redeliverWebhookDelivery", "refreshIndication", "rotateWebhookSecret", "unfollowCompany", "verifyTrade"]),
    );
  });

  const cases = (sent: typeof SENT) => OPERATIONS.flatMap((operation) => sent.map(([what, request]) => ({ operation, what, request })));

  it.each(cases(SENT))("$operation.operationId, sent $what: its success", async ({ operation, request }) => {
    const result = await probe(operation, request);
    expect(result.status, result.text).toBeGreaterThanOrEqual(200);
    expect(result.status, result.text).toBeLessThan(300);
  });

  it.each(OPERATIONS)("$operationId, sent members: a 400 naming each", async (operation) => {
    const result = await probe(operation, { body: '{"x": 1, "y": null}', headers: { "content-type": json } });
    expectError(result, operation.body ? "invalid_parameter" : "unknown_parameter", "x");
    expect((result.body as { error: { errors: { param: string }[] } }).error.errors.map((error) => error.param)).toEqual(["x", "y"]);
  });

  it.each(cases(REFUSED))("$operation.operationId, sent $what: 415 (a body of JSON's type that is no object: 400 where one is taken)", async ({ operation, request }) => {
    const asJson = request.headers?.["content-type"] === json;
    expectError(await probe(operation, request), operation.body && asJson ? "invalid_json" : "unsupported_media_type", null);
  });
});
