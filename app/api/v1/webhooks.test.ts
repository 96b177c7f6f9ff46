import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { Webhook as Verifier } from "standardwebhooks";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createApiKey } from "@/lib/api-keys/keys";
import { getDb } from "@/lib/db/client";
import { logger } from "@/lib/log/logger";
import { FIXTURE_PASSWORD_HASH } from "@/lib/testing/fixtures/accounts";
import { NEW_BID, NEW_TRADE } from "@/lib/testing/fixtures/bodies";
import { callRoute, expectError } from "@/lib/testing/http";
import { withAppOnOwnDatabase } from "@/lib/testing/own-database";
import { withWebhookReceiver } from "@/lib/testing/webhook-receiver";
import { EVENTS_PER_READ, runDueDeliveries } from "@/lib/webhooks/worker";
import { GET as events } from "./my/events/route";
import { GET as listNotifications } from "./my/notifications/route";
import { POST as createIndication } from "./my/indications/route";
import { POST as createTrade } from "./my/trades/route";
import { POST as redeliver } from "./my/webhooks/[id]/deliveries/[delivery_id]/redeliver/route";
import { POST as redeliverRange } from "./my/webhooks/[id]/redeliver/route";
import { GET as deliveries } from "./my/webhooks/[id]/deliveries/route";
import { POST as rotate } from "./my/webhooks/[id]/rotate_secret/route";
import { DELETE as remove, GET as getOne, PATCH as patch } from "./my/webhooks/[id]/route";
import { GET as list, POST as create } from "./my/webhooks/route";

/**
 * Webhooks end to end (docs/api/live.md, "Webhooks"): the endpoints' API, and the worker delivering the
 * team's audit events to a receiver on 127.0.0.1 (the only address these tests send to), with the
 * worker's clock given by each test. On a database of this file's own: the worker reads every
 * team's endpoints.
 */

withAppOnOwnDatabase();

interface Received {
  headers: Record<string, string>;
  body: string;
}

/** The receiver: answers each request as `answer` says (a status, or "hang": never), the `failing`-th (1-based) with a 500. */
let received: Received[] = [];
let answer: number | "hang" = 200;
let failing = 0;
const hung = new Set<Socket>();

function receive(request: IncomingMessage, response: ServerResponse) {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    received.push({ headers: request.headers as Record<string, string>, body: Buffer.concat(chunks).toString("utf8") });
    if (received.length === failing) return void response.writeHead(500).end();
    if (answer === "hang") return void hung.add(request.socket);
    if (answer === 302) return void response.writeHead(302, { location: `${receiver.base}/elsewhere` }).end();
    response.writeHead(answer, { "content-type": "text/plain" });
    response.end(answer === 413 ? "x".repeat(64 * 1024) : answer < 300 ? "ok" : "boom\0 and more");
  });
}

const TEAM = { id: randomUUID(), name: `Hooks ${Date.now()}` };
const OTHER = { id: randomUUID(), name: `Other hooks ${Date.now()}` };
let writer: string; // indications_manage, trades_manage
let reader: string; // companies only
let stranger: string; // another team's indications_manage

async function member(team: { id: string }, permissions: string[]): Promise<string> {
  const id = randomUUID();
  await getDb().user.create({
    data: { id, email: `${id}@hooks.test`, name: `Member ${permissions.join("+")}`, passwordHash: FIXTURE_PASSWORD_HASH, role: "broker", permissions: JSON.stringify(permissions), teamId: team.id, createdAt: new Date() },
  });
  return (await createApiKey(getDb(), { userId: id, name: "hooks test" })).secret;
}

const receiver = withWebhookReceiver(receive);

beforeAll(async () => {
  for (const team of [TEAM, OTHER]) await getDb().team.create({ data: { ...team, createdAt: new Date() } });
  writer = await member(TEAM, ["companies", "indications_manage", "trades_manage"]);
  reader = await member(TEAM, ["companies"]);
  stranger = await member(OTHER, ["companies", "indications_manage", "trades_manage"]);
});

beforeEach(async () => {
  // Each test starts with no endpoint: the worker would otherwise deliver to earlier tests' ones too.
  await getDb().webhookEndpoint.deleteMany();
  received = [];
  answer = 200;
  failing = 0;
});

type Shown = { id: string; secret?: string; events: string[]; disabled_at: string | null; previous_secret_expires_at: string | null };
type Delivery = { id: string; event_id: string; attempt: number; succeeded: boolean; status_code: number | null; error: string | null; response_snippet: string | null; trigger: string };

const hooks = "/api/v1/my/webhooks";
const at = (id: string, rest = "") => `${hooks}/${id}${rest}`;

async function endpoint(body: object = {}, key = writer): Promise<Shown> {
  const result = await callRoute(create, hooks, { key, body: { url: `${receiver.base}/hook`, events: ["*"], ...body } });
  expect(result.status, result.text).toBe(201);
  return result.body as Shown;
}

async function indication(key = writer): Promise<string> {
  const result = await callRoute(createIndication, "/api/v1/my/indications", { key, body: NEW_BID });
  expect(result.status, result.text).toBe(201);
  return (result.body as { id: string }).id;
}

async function logOf(id: string): Promise<Delivery[]> {
  const result = await callRoute(deliveries, at(id, "/deliveries"), { key: writer, params: { id } });
  expect(result.status, result.text).toBe(200);
  return (result.body as { deliveries: Delivery[] }).deliveries;
}

const later = (from: Date, ms: number) => new Date(from.getTime() + ms);
const eventIds = () => received.map((r) => r.headers["webhook-id"]);

describe("endpoints", () => {
  it("shows the secret once: in the create's answer, never in a read, a list or a change", async () => {
    const result = await callRoute(create, hooks, { key: writer, body: { url: "https://hooks.example.com/desk", events: ["indication.*", "trade.verified"], description: "CRM sync" } });
    expect(result.status).toBe(201);
    const shown = result.body as Shown;
    expect(result.headers.get("location")).toBe(at(shown.id));
    expect(shown.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(shown.secret!.slice(6), "base64").length).toBeGreaterThanOrEqual(24);
    for (const read of [
      await callRoute(getOne, at(shown.id), { key: writer, params: { id: shown.id } }),
      await callRoute(list, hooks, { key: writer }),
      await callRoute(patch, at(shown.id), { key: writer, method: "PATCH", params: { id: shown.id }, body: { description: null } }),
    ]) {
      expect(read.status, read.text).toBe(200);
      expect(read.text).not.toContain("whsec_");
      expect(read.text).toContain(shown.id);
    }
    // Stored sealed: the database does not hold it in the clear.
    const row = await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: shown.id } });
    expect(JSON.stringify(row)).not.toContain(shown.secret!.slice(6));
  });

  it("takes an Idempotency-Key: a retried create replays its answer, secret included, and makes no second endpoint", async () => {
    const sent = { key: writer, body: { url: "https://hooks.example.com/once", events: ["trade.*"] }, headers: { "idempotency-key": `hook-${randomUUID()}` } };
    const [first, again] = [await callRoute(create, hooks, sent), await callRoute(create, hooks, sent)];
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect((await callRoute(list, hooks, { key: writer })).body).toMatchObject({ webhooks: [{ id: (first.body as Shown).id }] });
  });

  it("refuses unknown event types, naming them, and URLs it will not send to", async () => {
    const refused = async (body: object, param: string, words?: RegExp) => {
      const result = await callRoute(create, hooks, { key: writer, body: { url: "https://hooks.example.com/x", events: ["*"], ...body } });
      expectError(result, "invalid_parameter", param);
      if (words) expect(result.text).toMatch(words);
    };
    await refused({ events: ["indication.deleted"] }, "events[0]", /indication\.deleted/);
    await refused({ events: [] }, "events");
    await refused({ url: "http://hooks.example.com/x" }, "url", /https/);
    await refused({ url: "https://user:pw@hooks.example.com/x" }, "url", /password/);
    await refused({ url: "https://10.1.2.3/x" }, "url", /private/);
    await refused({ url: "https://[::ffff:127.0.0.1]/x" }, "url", /private/);
    await refused({ url: "https://169.254.169.254/latest" }, "url", /private/);
    await refused({ url: "ftp://hooks.example.com/x" }, "url");
    await refused({ url: "hooks.example.com" }, "url");
    await refused({ url: `https://hooks.example.com/${"x".repeat(2000)}` }, "url");
    // The allow-list lets its host use http and a private address; only as written.
    await endpoint({ url: `${receiver.base}/allowed` });
    await refused({ url: "http://localhost/x" }, "url", /https/);
  });

  it("needs indications_manage, and never shows or touches another team's endpoint", async () => {
    expectError(await callRoute(list, hooks, { key: reader }), "forbidden");
    const mine = await endpoint();
    const params = { id: mine.id };
    expectError(await callRoute(getOne, at(mine.id), { key: stranger, params }), "not_found");
    expectError(await callRoute(patch, at(mine.id), { key: stranger, method: "PATCH", params, body: { events: ["*"] } }), "not_found");
    expectError(await callRoute(remove, at(mine.id), { key: stranger, method: "DELETE", params }), "not_found");
    expectError(await callRoute(rotate, at(mine.id, "/rotate_secret"), { key: stranger, method: "POST", params }), "not_found");
    expectError(await callRoute(deliveries, at(mine.id, "/deliveries"), { key: stranger, params }), "not_found");
    expectError(await callRoute(getOne, at("not-a-uuid"), { key: writer, params: { id: "not-a-uuid" } }), "not_found");
    expect((await callRoute(list, hooks, { key: stranger })).body).toEqual({ webhooks: [] });
    const deleted = await callRoute(remove, at(mine.id), { key: writer, method: "DELETE", params });
    expect(deleted.status).toBe(200);
    expectError(await callRoute(getOne, at(mine.id), { key: writer, params }), "not_found");
  });
});

describe("delivery", () => {
  it("sends the team's matching events, signed by the Standard Webhooks spec, as GET /my/events shows them", async () => {
    const hook = await endpoint({ events: ["indication.created"] });
    const other = await endpoint({ events: ["*"] }, stranger);
    const indicationId = await indication();
    await callRoute(createTrade, "/api/v1/my/trades", { key: writer, body: NEW_TRADE }); // not a type it asked for
    await indication(stranger); // another team's: only the stranger's endpoint hears of it
    expect(await runDueDeliveries(new Date())).toEqual({ delivered: 2, failed: 0 });
    const [mine, theirs] = [received.filter((r) => r.body.includes(indicationId)), received.filter((r) => !r.body.includes(indicationId))];
    expect(mine).toHaveLength(1);
    expect(theirs).toHaveLength(1);
    const payload = new Verifier(hook.secret!).verify(mine[0].body, mine[0].headers) as { type: string; timestamp: string; data: { id: string } };
    expect(() => new Verifier(other.secret!).verify(mine[0].body, mine[0].headers)).toThrow();
    const feed = (await callRoute(events, "/api/v1/my/events", { key: writer })).body as { events: { id: string; action: string }[] };
    const created = feed.events.find((e) => e.action === "indication.created")!;
    expect(payload).toEqual({ type: "indication.created", timestamp: (created as unknown as { occurred_at: string }).occurred_at, data: created });
    expect(mine[0].headers["webhook-id"]).toBe(created.id);
    const log = await logOf(hook.id);
    expect(log).toMatchObject([{ event_id: created.id, attempt: 1, succeeded: true, status_code: 200, response_snippet: "ok", trigger: "automatic" }]);
    // Done is done: the next pass sends nothing.
    expect(await runDueDeliveries(new Date())).toEqual({ delivered: 0, failed: 0 });
  });

  it("retries a 500 with back-off, holding later events back, and delivers in order", async () => {
    const hook = await endpoint();
    const [first, second] = [await indication(), await indication()];
    const t0 = new Date();
    answer = 500;
    expect(await runDueDeliveries(t0)).toEqual({ delivered: 0, failed: 1 });
    expect(await runDueDeliveries(later(t0, 4_000))).toEqual({ delivered: 0, failed: 0 }); // waits 5 s
    expect(await runDueDeliveries(later(t0, 5_000))).toEqual({ delivered: 0, failed: 1 });
    expect(await runDueDeliveries(later(t0, 30_000))).toEqual({ delivered: 0, failed: 0 }); // then 30 s
    answer = 200;
    expect(await runDueDeliveries(later(t0, 35_000))).toEqual({ delivered: 2, failed: 0 });
    const ids = eventIds();
    expect(new Set(ids).size).toBe(2);
    expect(received.map((r) => (r.body.includes(first) ? "first" : r.body.includes(second) ? "second" : "?"))).toEqual(["first", "first", "first", "second"]);
    const log = (await logOf(hook.id)).reverse();
    expect(log.map((d) => [d.attempt, d.status_code, d.succeeded])).toEqual([[1, 500, false], [2, 500, false], [3, 200, true], [1, 200, true]]);
    expect(log[0]).toMatchObject({ error: "answered 500", response_snippet: "boom and more" });
  });

  it("delivers more events than one read holds in one pass, in order, each once; a failure among them holds back the rest", async () => {
    const hook = await endpoint();
    const start = (await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } })).deliveredSeq;
    for (let i = 0; i < EVENTS_PER_READ + 30; i++) await indication();
    const events = await getDb().auditEvent.findMany({ where: { teamId: TEAM.id, seq: { gt: start } }, orderBy: { seq: "asc" }, select: { id: true, seq: true } });
    const recorded = events.map((e) => e.id);
    expect(recorded).toHaveLength(EVENTS_PER_READ + 30);
    failing = EVENTS_PER_READ + 10;
    const t0 = new Date();
    expect(await runDueDeliveries(t0)).toEqual({ delivered: EVENTS_PER_READ + 9, failed: 1 });
    expect(await runDueDeliveries(later(t0, 5_000))).toEqual({ delivered: 21, failed: 0 });
    // The failed one again, then the rest: every event once in order, bar the retry.
    const retried = recorded[EVENTS_PER_READ + 9];
    expect(eventIds()).toEqual([...recorded.slice(0, EVENTS_PER_READ + 10), retried, ...recorded.slice(EVENTS_PER_READ + 10)]);
    const log = await logOf(hook.id);
    expect(log[0]).toMatchObject({ event_id: recorded.at(-1), succeeded: true });
    expect((await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } })).deliveredSeq).toBe(events.at(-1)!.seq);
  });

  it("counts a receiver that does not answer in time as a failure, and tries again", async () => {
    const hook = await endpoint();
    await indication();
    answer = "hang";
    const t0 = new Date();
    expect(await runDueDeliveries(t0, { timeoutMs: 200 })).toEqual({ delivered: 0, failed: 1 });
    const [timedOut] = await logOf(hook.id);
    expect(timedOut).toMatchObject({ succeeded: false, status_code: null });
    expect(timedOut.error).toMatch(/timed out after 200 ms/);
    answer = 200;
    expect(await runDueDeliveries(later(t0, 5_000))).toEqual({ delivered: 1, failed: 0 });
    expect(new Set(eventIds()).size).toBe(1);
  });

  it("gives an event up after 24 hours of failures, and disables an endpoint failing for 5 days", async () => {
    const hook = await endpoint();
    await indication();
    await indication();
    answer = 503;
    const t0 = new Date();
    await runDueDeliveries(t0);
    await runDueDeliveries(later(t0, 24 * 3_600_000)); // the first event's last try: given up
    const [first] = eventIds();
    expect((await logOf(hook.id)).map((d) => [d.event_id, d.attempt])).toEqual([[first, 2], [first, 1]]);
    // The second event is next, from its first attempt; five days after the first failure the endpoint is disabled.
    await runDueDeliveries(later(t0, 24 * 3_600_000 + 1));
    expect(received.at(-1)!.headers["webhook-id"]).not.toBe(first);
    expect((await logOf(hook.id))[0].attempt).toBe(1);
    await runDueDeliveries(later(t0, 5 * 24 * 3_600_000));
    const shown = (await callRoute(getOne, at(hook.id), { key: writer, params: { id: hook.id } })).body as Shown & { disabled_reason: string };
    expect(shown.disabled_at).not.toBeNull();
    expect(shown.disabled_reason).toMatch(/5 days/);
    // Its owners are told, once each, in their words; a member who may not manage it is not.
    const told = async (key: string) => {
      const list = (await callRoute(listNotifications, "/api/v1/my/notifications", { key })).body as { notifications: (Notification & { resource: { id: string } | null })[] };
      return list.notifications.filter((n) => n.resource?.id === hook.id);
    };
    expect(await told(writer)).toEqual([
      expect.objectContaining({ kind: "webhook_disabled", company: null, resource: { type: "webhook", id: hook.id, permalink_id: null }, title: `Your team's webhook endpoint ${receiver.base}/hook was disabled. Every delivery failed for 5 days.`, reason: "Every delivery failed for 5 days." }),
    ]);
    expect(await told(reader)).toEqual([]);
    const sent = received.length;
    expect(await runDueDeliveries(later(t0, 6 * 24 * 3_600_000))).toEqual({ delivered: 0, failed: 0 });
    // Re-enabled, it goes on from where it stood.
    answer = 200;
    await indication();
    const enabled = await callRoute(patch, at(hook.id), { key: writer, method: "PATCH", params: { id: hook.id }, body: { disabled: false } });
    expect((enabled.body as Shown).disabled_at).toBeNull();
    expect(await runDueDeliveries(later(t0, 6 * 24 * 3_600_000))).toEqual({ delivered: 1, failed: 0 });
    expect(received.length).toBe(sent + 1);
    expect(new Set(eventIds()).size).toBe(3);
  });

  it("signs with the old and the new secret for 24 hours after a rotation, then with the new one only", async () => {
    const hook = await endpoint();
    const rotated = await callRoute(rotate, at(hook.id, "/rotate_secret"), { key: writer, method: "POST", params: { id: hook.id } });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body as Shown;
    expect(fresh.secret).toMatch(/^whsec_/);
    expect(fresh.secret).not.toBe(hook.secret);
    expect(fresh.previous_secret_expires_at).not.toBeNull();
    await indication();
    await runDueDeliveries(new Date());
    const [delivery] = received;
    expect(delivery.headers["webhook-signature"].split(" ")).toHaveLength(2);
    for (const secret of [hook.secret!, fresh.secret!]) expect(() => new Verifier(secret).verify(delivery.body, delivery.headers)).not.toThrow();
    // A day later the old secret no longer signs.
    await indication();
    await runDueDeliveries(later(new Date(), 24 * 3_600_000 + 1_000));
    const next = received[1];
    expect(next.headers["webhook-signature"].split(" ")).toHaveLength(1);
  });

  it("follows no redirect (a 3xx is a failure) and keeps 1 KB of a long answer", async () => {
    const hook = await endpoint();
    await indication();
    answer = 302;
    const t0 = new Date();
    expect(await runDueDeliveries(t0)).toEqual({ delivered: 0, failed: 1 });
    expect(received.map((r) => r.headers["webhook-id"])).toHaveLength(1); // not sent on to /elsewhere
    answer = 413;
    expect(await runDueDeliveries(later(t0, 5_000))).toEqual({ delivered: 0, failed: 1 });
    const [long, redirected] = await logOf(hook.id);
    expect(redirected).toMatchObject({ status_code: 302, error: "answered 302", succeeded: false });
    expect(long.response_snippet).toBe("x".repeat(1024));
  });

  it("lets one worker at a time deliver an endpoint: two passes at once send each event once", async () => {
    await endpoint();
    await indication();
    await indication();
    const now = new Date();
    const results = await Promise.all([runDueDeliveries(now, { owner: "one" }), runDueDeliveries(now, { owner: "two" })]);
    expect(results.reduce((sum, r) => sum + r.delivered, 0)).toBe(2);
    expect(new Set(eventIds()).size).toBe(2);
    expect(received).toHaveLength(2);
  });

  it("after the installation's secret changed, a rotation makes the endpoint sign again (the unreadable secret is dropped)", async () => {
    const hook = await endpoint();
    await getDb().webhookEndpoint.update({ where: { id: hook.id }, data: { secretSealed: "sealed-under-another-installation-secret-xxxxxxxxxxxxxxxx" } });
    await indication();
    expect(await runDueDeliveries(new Date())).toEqual({ delivered: 0, failed: 0 }); // cannot sign: nothing sent, the error logged
    expect(received).toEqual([]);
    const rotated = (await callRoute(rotate, at(hook.id, "/rotate_secret"), { key: writer, method: "POST", params: { id: hook.id } })).body as Shown;
    expect(rotated.previous_secret_expires_at).toBeNull();
    expect(await runDueDeliveries(new Date())).toEqual({ delivered: 1, failed: 0 });
    expect(() => new Verifier(rotated.secret!).verify(received[0].body, received[0].headers)).not.toThrow();
  });

  it("refuses to send to a host that resolves to a loopback address unless the host itself is allowed", async () => {
    // 127.0.0.1 is allowed; localhost is not, though it resolves there.
    const hook = await endpoint({ url: `https://localhost:${new URL(receiver.base).port}/hook` });
    await indication();
    expect(await runDueDeliveries(new Date())).toEqual({ delivered: 0, failed: 1 });
    expect(received).toEqual([]);
    const [refused] = await logOf(hook.id);
    expect(refused.error).toMatch(/^refused: localhost resolves to (127\.0\.0\.1|::1)/);
  });

  it("moves the cursor only after a 2xx is recorded: a run abandoned mid-delivery is delivered again by the next, with the same webhook-id", async () => {
    const hook = await endpoint();
    await indication();
    await indication();
    answer = "hang";
    const t0 = new Date();
    // A process that sends, then dies before the answer: its run never finishes.
    const abandoned = runDueDeliveries(t0, { owner: "dead process", timeoutMs: 60_000 });
    await expect.poll(() => received.length).toBe(1);
    // Another process, once the dead one's lease has run out, delivers everything.
    answer = 200;
    expect(await runDueDeliveries(later(t0, 3 * 60_000), { owner: "next process" })).toEqual({ delivered: 2, failed: 0 });
    expect(received[1].headers["webhook-id"]).toBe(received[0].headers["webhook-id"]);
    // The dead run's late failure is logged, but moves nothing: it no longer holds the endpoint.
    for (const socket of hung) socket.destroy();
    await abandoned;
    expect(await runDueDeliveries(later(t0, 4 * 60_000))).toEqual({ delivered: 0, failed: 0 });
    expect(received).toHaveLength(3);
    expect((await logOf(hook.id)).filter((d) => d.succeeded)).toHaveLength(2);
  });

  it("drops the attempts of an endpoint deleted while its delivery was in flight, quietly", async () => {
    const hook = await endpoint();
    await indication();
    answer = "hang";
    const errors = vi.spyOn(logger, "error");
    const run = runDueDeliveries(new Date(), { timeoutMs: 60_000 });
    await expect.poll(() => received.length).toBe(1);
    const deleted = await callRoute(remove, at(hook.id), { key: writer, method: "DELETE", params: { id: hook.id } });
    expect(deleted.status, deleted.text).toBe(200);
    for (const socket of hung) socket.destroy();
    await run;
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(await getDb().webhookDelivery.count({ where: { endpointId: hook.id } })).toBe(0);
  });

  it("redelivers one logged event now, with the same webhook-id, leaving the cursor alone", async () => {
    const hook = await endpoint();
    await indication();
    await runDueDeliveries(new Date());
    const [done] = await logOf(hook.id);
    const params = { id: hook.id, delivery_id: done.id };
    const again = await callRoute(redeliver, at(hook.id, `/deliveries/${done.id}/redeliver`), { key: writer, method: "POST", params });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ event_id: done.event_id, attempt: 2, trigger: "manual", succeeded: true });
    expect(eventIds()).toEqual([done.event_id, done.event_id]);
    expect(await runDueDeliveries(new Date())).toEqual({ delivered: 0, failed: 0 });
    expectError(await callRoute(redeliver, at(hook.id, `/deliveries/${done.id}/redeliver`), { key: stranger, method: "POST", params }), "not_found");
    const missing = randomUUID();
    expectError(await callRoute(redeliver, at(hook.id, `/deliveries/${missing}/redeliver`), { key: writer, method: "POST", params: { id: hook.id, delivery_id: missing } }), "not_found");
  });
});

describe("redelivery of a time range", () => {
  const ask = (id: string, body: unknown, key = writer, headers: Record<string, string> = {}) =>
    callRoute(redeliverRange, at(id, "/redeliver"), { key, method: "POST", params: { id }, body, headers });
  const cursorOf = async (id: string) => (await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id } })).deliveredSeq;
  const teamEvents = () => getDb().auditEvent.findMany({ where: { teamId: TEAM.id }, orderBy: { seq: "asc" } });
  /** A start after every event of the earlier tests (their clock is this one): ranges hold this test's events only. */
  const freshSince = async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return new Date().toISOString();
  };

  it("sends the range's events the cursor has passed again, in order, with their webhook-ids, and leaves the cursor alone", async () => {
    const hook = await endpoint({ events: ["indication.*"] });
    const since = await freshSince();
    for (let i = 0; i < 3; i++) await indication();
    await callRoute(createTrade, "/api/v1/my/trades", { key: writer, body: NEW_TRADE }); // not a type it asked for
    expect(await runDueDeliveries(new Date())).toEqual({ delivered: 3, failed: 0 });
    const sent = eventIds();
    const [first, second, third] = (await teamEvents()).filter((e) => sent.includes(e.id));
    // [since, until): the third event is at `until`, so not in the range.
    const queued = await ask(hook.id, { since, until: third.occurredAt.toISOString() });
    expect(queued.status, queued.text).toBe(202);
    expect(queued.body).toMatchObject({ count: 2, first_event: { id: first.id, type: "indication.created", occurred_at: first.occurredAt.toISOString() }, last_event: { id: second.id } });
    // An event after the cursor is on its way anyway: a range up to now does not count it twice.
    await indication();
    const cursor = await cursorOf(hook.id);
    received = [];
    expect(await runDueDeliveries(new Date())).toEqual({ delivered: 3, failed: 0 });
    const fresh = (await teamEvents()).at(-1)!;
    expect(eventIds()).toEqual([fresh.id, first.id, second.id]);
    expect(await cursorOf(hook.id)).toBe(fresh.seq);
    expect(cursor).toBe(third.seq); // the new event moved it; the replayed ones did not
    const log = await logOf(hook.id);
    // Logged as manual attempts, the second of each event (newest first).
    expect(log.filter((d) => d.trigger === "manual").map((d) => [d.event_id, d.attempt, d.succeeded])).toEqual([[second.id, 2, true], [first.id, 2, true]]);
    // Done: the range is gone, and another can be asked for (now up to now: all four of the endpoint's).
    expect(await runDueDeliveries(new Date())).toEqual({ delivered: 0, failed: 0 });
    const again = await ask(hook.id, { since });
    expect(again.status, again.text).toBe(202);
    expect(again.body).toMatchObject({ count: 4, first_event: { id: first.id }, last_event: { id: fresh.id } });
  });

  it("answers what the range holds, and queues nothing when it holds none", async () => {
    const hook = await endpoint({ events: ["trade.*"] });
    const since = await freshSince();
    await indication();
    await runDueDeliveries(new Date());
    const nothing = await ask(hook.id, { since });
    expect(nothing.status, nothing.text).toBe(202);
    expect(nothing.body).toMatchObject({ count: 0, first_event: null, last_event: null });
    expect((await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } })).replayThroughSeq).toBeNull();
    expect(await runDueDeliveries(new Date())).toEqual({ delivered: 0, failed: 0 });
  });

  it("retries a replayed event that fails after 5 and 30 s, then skips it and goes on; new events are not held back", async () => {
    const hook = await endpoint();
    const since = await freshSince();
    await indication();
    await indication();
    await runDueDeliveries(new Date());
    const [first, second] = eventIds();
    expect((await ask(hook.id, { since })).status).toBe(202);
    received = [];
    answer = 500;
    const t0 = new Date();
    expect(await runDueDeliveries(t0)).toEqual({ delivered: 0, failed: 1 });
    expect(await runDueDeliveries(later(t0, 4_000))).toEqual({ delivered: 0, failed: 0 });
    expect(await runDueDeliveries(later(t0, 5_000))).toEqual({ delivered: 0, failed: 1 });
    expect(await runDueDeliveries(later(t0, 34_000))).toEqual({ delivered: 0, failed: 0 });
    answer = 200;
    await indication(); // a new event goes out at once, the replay waiting or not
    expect(await runDueDeliveries(later(t0, 34_000))).toEqual({ delivered: 1, failed: 0 });
    answer = 500;
    expect(await runDueDeliveries(later(t0, 35_000))).toEqual({ delivered: 0, failed: 1 }); // third failure: skipped
    answer = 200;
    expect(await runDueDeliveries(later(t0, 35_000))).toEqual({ delivered: 1, failed: 0 });
    expect(eventIds().filter((id) => id === first || id === second)).toEqual([first, first, first, second]);
    expect(await runDueDeliveries(later(t0, 40_000))).toEqual({ delivered: 0, failed: 0 });
  });

  it("takes one range at a time (409 while one is under way), and an Idempotency-Key replays the answer", async () => {
    const hook = await endpoint();
    const since = await freshSince();
    await indication();
    await runDueDeliveries(new Date());
    const headers = { "idempotency-key": `range-${randomUUID()}` };
    const first = await ask(hook.id, { since }, writer, headers);
    expect(first.status, first.text).toBe(202);
    const replayed = await ask(hook.id, { since }, writer, headers);
    expect(replayed.status).toBe(202);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(replayed.body).toEqual(first.body);
    const busy = await ask(hook.id, { since });
    expectError(busy, "redelivery_pending", null);
    expect(busy.text).toMatch(/1 event left/);
    await runDueDeliveries(new Date());
    expect((await ask(hook.id, { since })).status).toBe(202);
  });

  it("refuses a malformed range with a 400 naming the field, and another team's endpoint with a 404", async () => {
    const hook = await endpoint();
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const refused = async (body: unknown, param: string, words: RegExp) => {
      const result = await ask(hook.id, body);
      expectError(result, "invalid_parameter", param);
      expect(result.text).toMatch(words);
    };
    await refused({}, "since", /since is required: an RFC 3339 timestamp/);
    await refused({ since: "yesterday" }, "since", /must be an RFC 3339 timestamp with an offset.*yesterday/);
    await refused({ since: "2026-11-01T10:00:00" }, "since", /with an offset/);
    await refused({ since: "2026-02-30T10:00:00Z" }, "since", /RFC 3339/);
    await refused({ since: 1_700_000_000 }, "since", /not the number 1700000000/);
    await refused({ since: iso(now - 60_000), until: iso(now + 3_600_000) }, "until", /must not be in the future/);
    await refused({ since: iso(now - 60_000), until: iso(now - 120_000) }, "since", /must be before until/);
    await refused({ since: iso(now + 60_000) }, "since", /must be in the past/);
    await refused({ since: iso(now - 8 * 24 * 3_600_000) }, "since", /at most 7 days before until/);
    await refused({ since: iso(now - 60_000), limit: 5 }, "limit", /not a field of this body/);
    expect((await ask(hook.id, [])).status).toBe(400);
    expectError(await ask(hook.id, { since: iso(now - 60_000) }, stranger), "not_found");
    expectError(await ask(hook.id, { since: iso(now - 60_000) }, reader), "forbidden");
    expect((await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } })).replayThroughSeq).toBeNull();
  });
});
