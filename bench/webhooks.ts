import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook as Verifier } from "standardwebhooks";
import { createDb } from "../lib/db/client";

/**
 * Webhook delivery throughput (docs/performance-live.md, "Webhook delivery"). `npm run bench` starts a
 * receiver on 127.0.0.1 that verifies each delivery's signature, registers one endpoint for it
 * through the API (the server runs with WEBHOOK_ALLOWED_HOSTS=127.0.0.1:*), then records `--webhooks`
 * audit events of the bench key's team and times them from their commit to the last one's arrival.
 *
 * The events are inserted straight into the audit trail, in one transaction: made through the API,
 * the writes themselves (a few hundred a second on two cores, sharing them with the deliveries)
 * would set the pace, and this measures the worker draining a backlog. The worker reads them as it
 * reads every event; their `reason` marks them ("npm run bench"). Nothing announces them, so the
 * first is picked up by the loop's next poll (≤ 1 s, counted in the time).
 */

export interface WebhooksResult {
  events: number;
  /** Distinct events received with a valid signature. */
  delivered: number;
  /** Events never received. */
  lost: number;
  /** Deliveries of an event already received (at least once allows them; none are expected here). */
  duplicates: number;
  /** Events received for the first time after a later one of the same endpoint. */
  out_of_order: number;
  bad_signatures: number;
  /** From the events' commit to the first and the last delivery received. */
  first_ms: number;
  seconds: number;
  per_s: number;
}

/** How long the receiver may go without a new event before the rest count as lost. */
const STALL_MS = 15_000;
const INSERT_CHUNK = 1_000;
/** Marks the bench's events in the trail (the data set is kept between runs). */
const BENCH_REASON = "npm run bench";

export async function measureWebhooks(origin: string, auth: Record<string, string>, databaseUrl: string, email: string, events: number): Promise<WebhooksResult> {
  let verifier: Verifier | null = null;
  const arrivals: { id: string; at: number }[] = [];
  let badSignatures = 0;
  const receiver = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      try {
        verifier!.verify(Buffer.concat(chunks).toString("utf8"), request.headers as Record<string, string>);
      } catch {
        badSignatures++;
        return void response.writeHead(400).end();
      }
      arrivals.push({ id: String(request.headers["webhook-id"]), at: performance.now() });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  const created = await fetch(`${origin}/api/v1/my/webhooks`, {
    method: "POST",
    headers: { ...auth, "content-type": "application/json" },
    body: JSON.stringify({ url: hookUrl, events: ["*"], description: "npm run bench" }),
  });
  if (created.status !== 201) throw new Error(`webhooks: POST /my/webhooks answered ${created.status}: ${(await created.text()).slice(0, 300)}`);
  const endpoint = (await created.json()) as { id: string; secret: string };
  verifier = new Verifier(endpoint.secret);
  const db = createDb(databaseUrl);
  try {
    const { teamId, ids } = await insertEvents(db, email, events);
    const committed = performance.now();
    let lastProgress = committed;
    let heard = 0;
    while (new Set(arrivals.map((a) => a.id)).size < events && performance.now() - lastProgress < STALL_MS) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      if (arrivals.length !== heard) lastProgress = performance.now();
      heard = arrivals.length;
    }
    // The order the trail gives them (seq), which the deliveries must keep.
    const stored = await db.auditEvent.findMany({ where: { teamId, reason: BENCH_REASON }, orderBy: { seq: "desc" }, take: events, select: { id: true } });
    const expected = stored.reverse().map((row) => row.id).filter((id) => ids.has(id));
    const position = new Map(expected.map((id, i) => [id, i]));
    const received = new Set<string>();
    let outOfOrder = 0;
    let furthest = -1;
    for (const { id } of arrivals) {
      if (received.has(id) || !position.has(id)) continue;
      received.add(id);
      if (position.get(id)! < furthest) outOfOrder++;
      furthest = Math.max(furthest, position.get(id)!);
    }
    const last = arrivals.at(-1)?.at ?? committed;
    const seconds = (last - committed) / 1000;
    return {
      events,
      delivered: received.size,
      lost: events - received.size,
      duplicates: arrivals.length - received.size,
      out_of_order: outOfOrder,
      bad_signatures: badSignatures,
      first_ms: Math.round((arrivals[0]?.at ?? committed) - committed),
      seconds: Math.round(seconds * 100) / 100,
      per_s: seconds > 0 ? Math.round(received.size / seconds) : 0,
    };
  } finally {
    // The endpoint goes: a later run's events must not be sent to this run's closed receiver.
    await fetch(`${origin}/api/v1/my/webhooks/${endpoint.id}`, { method: "DELETE", headers: auth });
    await db.$disconnect();
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  }
}

/** `count` changes of one of the team's indications (the team of `email`), committed at once. */
export async function insertEvents(db: ReturnType<typeof createDb>, email: string, count: number): Promise<{ teamId: string; ids: Set<string> }> {
  const user = await db.user.findUniqueOrThrow({ where: { email }, select: { id: true, name: true, email: true, teamId: true } });
  const indication = await db.indication.findFirstOrThrow({ where: { teamId: user.teamId }, select: { id: true } });
  const rows = Array.from({ length: count }, (_, i) => ({
    id: randomUUID(),
    teamId: user.teamId,
    occurredAt: new Date(),
    action: "indication.updated",
    resourceType: "indication",
    resourceId: indication.id,
    actorUserId: user.id,
    actorName: user.name,
    actorEmail: user.email,
    via: "api_key",
    apiKeyPrefix: null,
    changes: JSON.stringify({ price_per_share: { from: "10.00", to: (10 + (i % 9000) / 100).toFixed(2) } }),
    reason: BENCH_REASON,
  }));
  await db.$transaction(Array.from({ length: Math.ceil(count / INSERT_CHUNK) }, (_, i) => db.auditEvent.createMany({ data: rows.slice(i * INSERT_CHUNK, (i + 1) * INSERT_CHUNK) })));
  return { teamId: user.teamId, ids: new Set(rows.map((row) => row.id)) };
}

export function webhooksTable(result: WebhooksResult): string {
  return [
    "",
    "| webhooks | events | delivered | per s | first ms | seconds | lost | duplicates | out of order | bad signatures |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    `| 1 endpoint, local receiver | ${result.events} | ${result.delivered} | ${result.per_s} | ${result.first_ms} | ${result.seconds} | ${result.lost} | ${result.duplicates} | ${result.out_of_order} | ${result.bad_signatures} |`,
  ].join("\n");
}
