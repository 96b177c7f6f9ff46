import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { NEW_BID } from "@/lib/testing/fixtures/bodies";
import { callRoute, expectError } from "@/lib/testing/http";
import { newTeamMember } from "@/lib/testing/members";
import { withAppOnOwnDatabase } from "@/lib/testing/own-database";
import { withWebhookReceiver } from "@/lib/testing/webhook-receiver";
import { startWebhookLoop } from "@/lib/webhooks/loop";
import { WEBHOOKS_PER_TEAM } from "@/lib/webhooks/schema";
import { newSecret, sealSecret } from "@/lib/webhooks/secrets";
import { runDueDeliveries } from "@/lib/webhooks/worker";
import { POST as createIndication } from "./my/indications/route";
import { POST as createWebhook } from "./my/webhooks/route";

/**
 * What one team's webhooks may take (docs/api/live.md, "Webhooks"): not another team's deliveries
 * (idle endpoints are not read at all, slow receivers hold only their own endpoints), not more than
 * WEBHOOKS_PER_TEAM endpoints, and no port of an allowed host the allow-list does not name. On a
 * database of this file's own: the worker reads every team's endpoints.
 */

withAppOnOwnDatabase();

const IDLE = 120;
const SLOW_MS = 4_000;

/** Arrivals by path; `/slow` answers after SLOW_MS, `/hang` never (its sockets are kept to be cut). */
let arrived: { path: string; at: number }[] = [];
const hung = new Set<Socket>();
const slow = new Set<NodeJS.Timeout>();

function receive(request: IncomingMessage, response: ServerResponse) {
  request.resume().on("end", () => {
    arrived.push({ path: request.url ?? "", at: performance.now() });
    if (request.url === "/hang") return void hung.add(request.socket);
    if (request.url === "/slow") return void slow.add(setTimeout(() => response.writeHead(204).end(), SLOW_MS));
    response.writeHead(204).end();
  });
}

const receiver = withWebhookReceiver(receive);
let idleTeam: { teamId: string; key: string };
let slowTeam: { teamId: string; key: string };
let thirdTeam: { teamId: string; key: string };

beforeAll(async () => {
  const manage = ["companies", "indications_manage"];
  [idleTeam, slowTeam, thirdTeam] = [await newTeamMember(manage, "Idle hooks"), await newTeamMember(manage, "Slow hooks"), await newTeamMember(manage, "Third hooks")];
});

beforeEach(async () => {
  await getDb().webhookEndpoint.deleteMany();
  arrived = [];
});

afterEach(() => {
  for (const socket of hung) socket.destroy();
  for (const timer of slow) clearTimeout(timer);
  hung.clear();
  slow.clear();
});

/**
 * `count` endpoints of a team written straight to the table (as an installation from before the
 * per-team limit may hold them), with ids that sort before any random one: a worker that reads
 * endpoints by id meets them first. They start at the team's latest event.
 */
async function endpointsOf(team: { teamId: string }, count: number, path: string, prefix: string): Promise<void> {
  const latest = await getDb().auditEvent.findFirst({ where: { teamId: team.teamId }, orderBy: { seq: "desc" } });
  const now = new Date();
  await getDb().webhookEndpoint.createMany({
    data: Array.from({ length: count }, (_, i) => ({
      id: `${prefix}-0000-4000-8000-${String(i).padStart(12, "0")}`,
      teamId: team.teamId,
      url: `${receiver.base}${path}`,
      events: JSON.stringify(["*"]),
      secretSealed: sealSecret(newSecret()),
      deliveredSeq: latest?.seq ?? 0,
      createdAt: now,
      updatedAt: now,
    })),
  });
}

async function viaApi(team: { key: string }, path: string, base = receiver.base): Promise<void> {
  const result = await callRoute(createWebhook, "/api/v1/my/webhooks", { key: team.key, body: { url: `${base}${path}`, events: ["indication.*"] } });
  expect(result.status, result.text).toBe(201);
}

async function indication(team: { key: string }): Promise<void> {
  const result = await callRoute(createIndication, "/api/v1/my/indications", { key: team.key, body: NEW_BID });
  expect(result.status, result.text).toBe(201);
}

/** Resolves once `count` requests reached `path`, or fails after `ms`. */
async function arrivals(path: string, count: number, ms: number): Promise<number[]> {
  const until = performance.now() + ms;
  for (;;) {
    const times = arrived.filter((a) => a.path === path).map((a) => a.at);
    if (times.length >= count) return times;
    if (performance.now() > until) throw new Error(`${times.length} of ${count} requests reached ${path} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("fair delivery", () => {
  it("reads only endpoints with something due: 120 idle ones of one team do not keep another team's from its event", async () => {
    await indication(idleTeam); // the idle team has events, all before its endpoints' cursors
    await endpointsOf(idleTeam, IDLE, "/idle", "00000000");
    await viaApi(thirdTeam, "/third");
    await indication(thirdTeam);
    expect(await runDueDeliveries(new Date())).toEqual({ delivered: 1, failed: 0 });
    expect(arrived.map((a) => a.path)).toEqual(["/third"]);
  });

  it("delivers a third team's event within 2 s while another team's receivers are slow or never answer, beside 120 idle endpoints", async () => {
    await endpointsOf(idleTeam, IDLE, "/idle", "00000000");
    await endpointsOf(slowTeam, 3, "/slow", "00000001");
    await endpointsOf(slowTeam, 1, "/hang", "00000002");
    await viaApi(thirdTeam, "/third");
    const stop = startWebhookLoop();
    try {
      await indication(slowTeam);
      // The slow team's deliveries are in flight, each holding its receiver's answer back.
      await Promise.all([arrivals("/slow", 3, 3_000), arrivals("/hang", 1, 3_000)]);
      const written = performance.now();
      await indication(thirdTeam);
      const [at] = await arrivals("/third", 1, 5_000);
      expect(at - written).toBeLessThanOrEqual(2_000);
      expect(arrived.filter((a) => a.path === "/idle")).toEqual([]);
    } finally {
      for (const socket of hung) socket.destroy();
      await stop();
    }
    // Each slow endpoint got its answer: delivered once, in spite of the wait.
    const slowLog = await getDb().webhookDelivery.findMany({ where: { endpoint: { teamId: slowTeam.teamId, url: { endsWith: "/slow" } } } });
    expect(slowLog.map((row) => row.succeeded)).toEqual([true, true, true]);
  }, 30_000);
});

describe("endpoints per team", () => {
  it(`refuses a team's endpoint beyond ${WEBHOOKS_PER_TEAM} with 409 endpoint_limit, and takes one again once one is deleted`, async () => {
    await endpointsOf(thirdTeam, WEBHOOKS_PER_TEAM - 1, "/third", "00000003");
    await viaApi(thirdTeam, "/third");
    const refused = await callRoute(createWebhook, "/api/v1/my/webhooks", { key: thirdTeam.key, body: { url: `${receiver.base}/third`, events: ["*"] } });
    expectError(refused, "endpoint_limit", null);
    expect(refused.text).toContain(`(${WEBHOOKS_PER_TEAM})`);
    expect(await getDb().webhookEndpoint.count({ where: { teamId: thirdTeam.teamId } })).toBe(WEBHOOKS_PER_TEAM);
    // Another team's count is its own.
    await viaApi(slowTeam, "/slow");
    await getDb().webhookEndpoint.delete({ where: { id: "00000003-0000-4000-8000-000000000000" } });
    await viaApi(thirdTeam, "/third");
  });
});

describe("allowed ports", () => {
  it("refuses a port the allow-list does not name, at registration and at delivery", async () => {
    const port = Number(new URL(receiver.base).port);
    const saved = process.env.WEBHOOK_ALLOWED_HOSTS;
    try {
      process.env.WEBHOOK_ALLOWED_HOSTS = `127.0.0.1:${port}`;
      const probe = await callRoute(createWebhook, "/api/v1/my/webhooks", { key: thirdTeam.key, body: { url: "http://127.0.0.1:5432/", events: ["*"] } });
      expectError(probe, "invalid_parameter", "url");
      expect(probe.text).toContain("127.0.0.1:5432 is not");
      // Registered while every port was allowed, then the operator named one: nothing is sent to the other.
      process.env.WEBHOOK_ALLOWED_HOSTS = "127.0.0.1:*";
      await viaApi(thirdTeam, "/probe", `http://127.0.0.1:${port === 65535 ? port - 1 : port + 1}`);
      process.env.WEBHOOK_ALLOWED_HOSTS = `127.0.0.1:${port}`;
      await indication(thirdTeam);
      expect(await runDueDeliveries(new Date())).toEqual({ delivered: 0, failed: 1 });
      const refused = await getDb().webhookDelivery.findFirstOrThrow({ where: { endpoint: { teamId: thirdTeam.teamId } } });
      expect(refused.error).toMatch(/^refused: http is allowed only for hosts in WEBHOOK_ALLOWED_HOSTS, and 127\.0\.0\.1:\d+ is not$/);
      expect(refused.responseSnippet).toBeNull();
    } finally {
      process.env.WEBHOOK_ALLOWED_HOSTS = saved;
    }
  });
});
