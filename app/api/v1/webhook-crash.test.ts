import { spawn, type ChildProcess } from "node:child_process";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Webhook as Verifier } from "standardwebhooks";
import { afterAll, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { NEW_BID } from "@/lib/testing/fixtures/bodies";
import { callRoute } from "@/lib/testing/http";
import { newTeamMember } from "@/lib/testing/members";
import { withAppOnOwnDatabase } from "@/lib/testing/own-database";
import { withWebhookReceiver } from "@/lib/testing/webhook-receiver";
import { POST as refresh } from "./my/indications/[id]/refresh/route";
import { POST as createIndication } from "./my/indications/route";
import { GET as deliveries } from "./my/webhooks/[id]/deliveries/route";
import { POST as createWebhook } from "./my/webhooks/route";

/**
 * Webhook delivery survives a crash (docs/api/live.md, "Webhooks"): the real worker loop runs in a
 * process of its own (lib/testing/webhook-worker-process.ts) over this file's database; it is
 * killed with SIGKILL while a delivery is in flight (the receiver holds the request open), and a
 * second process, once the dead one's lease has run out (WEBHOOK_LEASE_MS, shortened to 1 s here),
 * delivers the rest: every event arrives, a resource's events in order, a repeat with its webhook-id.
 */

const own = withAppOnOwnDatabase();

const RESOURCES = 5;
const REFRESHES = 5; // 5 resources × (created + 5 refreshed) = 30 events
const ANSWERED_BEFORE_CRASH = 7;

interface Received {
  headers: Record<string, string>;
  body: string;
  eventId: string;
  answered: boolean;
}

const received: Received[] = [];
/** Before the crash the receiver answers the first deliveries, then holds the next one open. */
let crashed = false;
let holding: () => void = () => {};
const held = new Promise<void>((resolve) => (holding = resolve));

function receive(request: IncomingMessage, response: ServerResponse) {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const body = Buffer.concat(chunks).toString("utf8");
    const { data } = JSON.parse(body) as { data: { id: string } };
    const answered = crashed || received.length < ANSWERED_BEFORE_CRASH;
    received.push({ headers: request.headers as Record<string, string>, body, eventId: data.id, answered });
    if (answered) return void response.writeHead(204).end();
    holding();
  });
}

const workers = new Set<ChildProcess>();

/** A worker process over this file's database; its stderr is kept to explain an early exit. */
function startWorker(): { child: ChildProcess; exited: Promise<string> } {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "lib/testing/webhook-worker-process.ts"], {
    env: { ...process.env, DATABASE_URL: own.database.url, WEBHOOK_ALLOWED_HOSTS: "127.0.0.1:*", WEBHOOK_POLL_MS: "50", WEBHOOK_LEASE_MS: "1000" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  workers.add(child);
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
  const exited = new Promise<string>((resolve) => child.once("exit", (code, signal) => resolve(`worker exited (${code ?? signal}): ${stderr}`)));
  return { child, exited };
}

async function kill(worker: { child: ChildProcess; exited: Promise<string> }): Promise<void> {
  worker.child.kill("SIGKILL");
  await worker.exited;
  workers.delete(worker.child);
}

const receiver = withWebhookReceiver(receive);

afterAll(() => {
  for (const child of workers) child.kill("SIGKILL");
});

it("delivers every event after the delivering process is killed mid-delivery, in order per resource, a repeat with the same webhook-id", async () => {
  const { teamId, key } = await newTeamMember(["companies", "indications_manage"], "Webhook crash");
  const made = await callRoute(createWebhook, "/api/v1/my/webhooks", { key, body: { url: `${receiver.base}/hook`, events: ["indication.*"] } });
  expect(made.status, made.text).toBe(201);
  const hook = made.body as { id: string; secret: string };
  const ids: string[] = [];
  for (let i = 0; i < RESOURCES; i++) ids.push(((await callRoute(createIndication, "/api/v1/my/indications", { key, body: NEW_BID })).body as { id: string }).id);
  // Interleaved, so a resource's events are spread over the run and across the crash.
  for (let round = 0; round < REFRESHES; round++) {
    for (const id of ids) expect((await callRoute(refresh, `/api/v1/my/indications/${id}/refresh`, { key, method: "POST" })).status).toBe(200);
  }
  const events = await getDb().auditEvent.findMany({ where: { teamId }, orderBy: { seq: "asc" } });
  expect(events).toHaveLength(RESOURCES * (1 + REFRESHES));
  const row = () => getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } });
  const cursor = async () => (await row()).deliveredSeq;

  const first = startWorker();
  await Promise.race([held, first.exited.then((why) => Promise.reject(new Error(why)))]);
  // Mid-delivery: the held event is sent, not answered, and the cursor has not passed it. It may stand
  // before answered ones too: the worker records attempts up to 20 to a commit (lib/webhooks/worker.ts).
  expect(received.map((r) => r.eventId)).toEqual(events.slice(0, ANSWERED_BEFORE_CRASH + 1).map((e) => e.id));
  expect(await cursor()).toBeLessThan(events[ANSWERED_BEFORE_CRASH].seq);
  await kill(first);
  // The dead process still holds the endpoint: the next one waits for its lease to run out.
  expect((await row()).leaseUntil).not.toBeNull();

  crashed = true;
  const second = startWorker();
  await expect.poll(cursor, { timeout: 30_000, interval: 100 }).toBe(events.at(-1)!.seq);
  await kill(second);

  // Every event answered at least once; a resource's events answered in the order they happened.
  const answered = [...new Set(received.filter((r) => r.answered).map((r) => r.eventId))];
  expect([...answered].sort()).toEqual(events.map((e) => e.id).sort());
  for (const id of ids) {
    expect(answered.filter((eventId) => events.find((e) => e.id === eventId)!.resourceId === id)).toEqual(events.filter((e) => e.resourceId === id).map((e) => e.id));
  }
  // The held event came again, from the second process: the same webhook-id each time.
  const repeated = events[ANSWERED_BEFORE_CRASH].id;
  expect(received.filter((r) => r.eventId === repeated)).toHaveLength(2);
  for (const r of received) {
    expect(r.headers["webhook-id"]).toBe(r.eventId);
    expect(() => new Verifier(hook.secret).verify(r.body, r.headers)).not.toThrow();
  }
  // The log shows one success per event: the killed attempt was never recorded.
  const log = await callRoute(deliveries, `/api/v1/my/webhooks/${hook.id}/deliveries?limit=100`, { key });
  const rows = (log.body as { deliveries: { event_id: string; succeeded: boolean; trigger: string }[] }).deliveries;
  expect(rows.every((row) => row.succeeded && row.trigger === "automatic")).toBe(true);
  expect(rows.map((row) => row.event_id).sort()).toEqual(events.map((e) => e.id).sort());
}, 60_000);
