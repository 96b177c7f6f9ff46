import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { beforeAll, beforeEach, expect } from "vitest";
import { createApiKey } from "@/lib/api-keys/keys";
import { getDb } from "@/lib/db/client";
import { FIXTURE_PASSWORD_HASH } from "@/lib/testing/fixtures/accounts";
import { NEW_BID } from "@/lib/testing/fixtures/bodies";
import { callRoute } from "@/lib/testing/http";
import { withAppOnOwnDatabase } from "@/lib/testing/own-database";
import { withWebhookReceiver } from "@/lib/testing/webhook-receiver";
import { POST as createIndication } from "../my/indications/route";
import { GET as deliveries } from "../my/webhooks/[id]/deliveries/route";
import { POST as create } from "../my/webhooks/route";

/**
 * What the webhook tests share (docs/api/live.md, "Webhooks"): a database of the test file's own
 * (the worker reads every team's endpoints), a receiver on 127.0.0.1 (the only address these tests
 * send to), a team with its members, and no endpoint at the start of each test.
 */

interface Received {
  headers: Record<string, string>;
  body: string;
}

let origin: { base: string };

/** The receiver: answers each request as `answer` says (a status, or "hang": never), the `failing`-th (1-based) with a 500. */
export const receiver = {
  get base() {
    return origin.base;
  },
  received: [] as Received[],
  answer: 200 as number | "hang",
  failing: 0,
  hung: new Set<Socket>(),
};

function receive(request: IncomingMessage, response: ServerResponse) {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    receiver.received.push({ headers: request.headers as Record<string, string>, body: Buffer.concat(chunks).toString("utf8") });
    if (receiver.received.length === receiver.failing) return void response.writeHead(500).end();
    if (receiver.answer === "hang") return void receiver.hung.add(request.socket);
    if (receiver.answer === 302) return void response.writeHead(302, { location: `${receiver.base}/elsewhere` }).end();
    response.writeHead(receiver.answer, { "content-type": "text/plain" });
    response.end(receiver.answer === 413 ? "x".repeat(64 * 1024) : receiver.answer < 300 ? "ok" : "boom\0 and more");
  });
}

export const TEAM = { id: randomUUID(), name: `Hooks ${Date.now()}` };
const OTHER = { id: randomUUID(), name: `Other hooks ${Date.now()}` };
// Set before the file's tests run (withWebhookTests); importers read the current value.
export let writer: string; // indications_manage, trades_manage
export let reader: string; // companies only
export let stranger: string; // another team's indications_manage

async function member(team: { id: string }, permissions: string[]): Promise<string> {
  const id = randomUUID();
  await getDb().user.create({
    data: { id, email: `${id}@hooks.test`, name: `Member ${permissions.join("+")}`, passwordHash: FIXTURE_PASSWORD_HASH, role: "broker", permissions: JSON.stringify(permissions), teamId: team.id, createdAt: new Date() },
  });
  return (await createApiKey(getDb(), { userId: id, name: "hooks test" })).secret;
}

/** The file's database, receiver, team and members, and a clean slate before each test: called once, at the top of a test file. */
export function withWebhookTests(): void {
  withAppOnOwnDatabase();
  origin = withWebhookReceiver(receive);

  beforeAll(async () => {
    for (const team of [TEAM, OTHER]) await getDb().team.create({ data: { ...team, createdAt: new Date() } });
    writer = await member(TEAM, ["companies", "indications_manage", "trades_manage"]);
    reader = await member(TEAM, ["companies"]);
    stranger = await member(OTHER, ["companies", "indications_manage", "trades_manage"]);
  });

  beforeEach(async () => {
    // Each test starts with no endpoint: the worker would otherwise deliver to earlier tests' ones too.
    await getDb().webhookEndpoint.deleteMany();
    receiver.received = [];
    receiver.answer = 200;
    receiver.failing = 0;
  });
}

export type Shown = { id: string; secret?: string; events: string[]; disabled_at: string | null; previous_secret_expires_at: string | null };
type Delivery = { id: string; event_id: string; attempt: number; succeeded: boolean; status_code: number | null; error: string | null; response_snippet: string | null; trigger: string };

export const hooks = "/api/v1/my/webhooks";
export const at = (id: string, rest = "") => `${hooks}/${id}${rest}`;

export async function endpoint(body: object = {}, key = writer): Promise<Shown> {
  const result = await callRoute(create, hooks, { key, body: { url: `${receiver.base}/hook`, events: ["*"], ...body } });
  expect(result.status, result.text).toBe(201);
  return result.body as Shown;
}

export async function indication(key = writer): Promise<string> {
  const result = await callRoute(createIndication, "/api/v1/my/indications", { key, body: NEW_BID });
  expect(result.status, result.text).toBe(201);
  return (result.body as { id: string }).id;
}

export async function logOf(id: string): Promise<Delivery[]> {
  const result = await callRoute(deliveries, at(id, "/deliveries"), { key: writer, params: { id } });
  expect(result.status, result.text).toBe(200);
  return (result.body as { deliveries: Delivery[] }).deliveries;
}

export const later = (from: Date, ms: number) => new Date(from.getTime() + ms);
export const eventIds = () => receiver.received.map((r) => r.headers["webhook-id"]);
