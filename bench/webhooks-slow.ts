import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createApiKey } from "../lib/api-keys/keys";
import { createDb } from "../lib/db/client";
import { percentile } from "./streams";
import { insertEvents } from "./webhooks";

/**
 * Webhook delivery beside slow receivers (docs/performance-live.md, "Webhook delivery"): another team
 * (Beta's broker) has SLOW endpoints answering after SLOW_ANSWER_MS and SILENT ones that never
 * answer, each with a backlog; meanwhile the bench key's team gets one event every EVERY_MS at a
 * fast local receiver, and each is timed from its commit to its arrival. Endpoints are made through
 * the API (so their secrets are sealed by the server) and deleted after.
 */

export interface SlowReceiversResult {
  slow: number;
  silent: number;
  /** Events of the fast endpoint's team, and how many arrived. */
  events: number;
  delivered: number;
  p50_ms: number;
  p99_ms: number;
  max_ms: number;
}

const SLOW_EMAIL = "broker@beta.example";
const SLOW = 4;
const SILENT = 1;
const SLOW_ANSWER_MS = 9_000;
const SLOW_BACKLOG = 20;
const EVENTS = 40;
const EVERY_MS = 250;
/** How long after the last event the rest may still arrive. */
const GRACE_MS = 10_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureSlowReceivers(origin: string, auth: Record<string, string>, databaseUrl: string, email: string): Promise<SlowReceiversResult> {
  const arrivals = new Map<string, number>();
  const receiver = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume().on("end", () => {
      if (request.url === "/silent") return;
      if (request.url === "/slow") return void setTimeout(() => response.writeHead(204).end(), SLOW_ANSWER_MS);
      const id = String(request.headers["webhook-id"]);
      if (!arrivals.has(id)) arrivals.set(id, performance.now());
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const db = createDb(databaseUrl);
  const slowUser = await db.user.findUniqueOrThrow({ where: { email: SLOW_EMAIL }, select: { id: true } });
  const slowKey = await createApiKey(db, { userId: slowUser.id, name: `bench slow receivers ${new Date().toISOString()}` });
  const slowAuth = { authorization: `Bearer ${slowKey.secret}` };
  const made: { id: string; auth: Record<string, string> }[] = [];
  const endpoint = async (path: string, as: Record<string, string>) => {
    const created = await fetch(`${origin}/api/v1/my/webhooks`, {
      method: "POST",
      headers: { ...as, "content-type": "application/json" },
      body: JSON.stringify({ url: `${base}${path}`, events: ["*"], description: "npm run bench (slow receivers)" }),
    });
    if (created.status !== 201) throw new Error(`webhooks: POST /my/webhooks answered ${created.status}: ${(await created.text()).slice(0, 300)}`);
    made.push({ id: ((await created.json()) as { id: string }).id, auth: as });
  };
  try {
    for (let i = 0; i < SLOW; i++) await endpoint("/slow", slowAuth);
    for (let i = 0; i < SILENT; i++) await endpoint("/silent", slowAuth);
    await endpoint("/fast", auth);
    await insertEvents(db, SLOW_EMAIL, SLOW_BACKLOG);
    // The slow team's deliveries are under way (the loop polls every second) before the first timed event.
    await pause(1_500);
    const committed = new Map<string, number>();
    for (let i = 0; i < EVENTS; i++) {
      const { ids } = await insertEvents(db, email, 1);
      for (const id of ids) committed.set(id, performance.now());
      await pause(EVERY_MS);
    }
    const until = performance.now() + GRACE_MS;
    while ([...committed.keys()].some((id) => !arrivals.has(id)) && performance.now() < until) await pause(20);
    const latencies = [...committed].filter(([id]) => arrivals.has(id)).map(([id, at]) => arrivals.get(id)! - at).sort((a, b) => a - b);
    return {
      slow: SLOW,
      silent: SILENT,
      events: EVENTS,
      delivered: latencies.length,
      p50_ms: Math.round(percentile(latencies, 50)),
      p99_ms: Math.round(percentile(latencies, 99)),
      max_ms: Math.round(latencies.at(-1) ?? 0),
    };
  } finally {
    for (const { id, auth: as } of made) await fetch(`${origin}/api/v1/my/webhooks/${id}`, { method: "DELETE", headers: as });
    await db.apiKey.delete({ where: { id: slowKey.key.id } });
    await db.$disconnect();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
}

export function slowReceiversTable(result: SlowReceiversResult): string {
  return [
    "",
    "| webhooks beside slow receivers | slow | silent | events | delivered | p50 ms | p99 ms | max ms |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
    `| 1 fast endpoint, another team's slow ones | ${result.slow} | ${result.silent} | ${result.events} | ${result.delivered} | ${result.p50_ms} | ${result.p99_ms} | ${result.max_ms} |`,
  ].join("\n");
}
