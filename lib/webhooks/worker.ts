import "server-only";
import { randomUUID } from "node:crypto";
import type { EventRow } from "../audit/events";
import { getDb } from "../db/client";
import { envInteger } from "../env-number";
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from "../db/models";
import { logger } from "../log/logger";
import { webhookDisabledNotifications, type NotificationRow } from "../notifications/record";
import { attemptDelivery, recordAttempts } from "./deliver";
import { dueEndpoints, type DueEndpoint } from "./due";
import { DeliveryPool } from "./pool";
import { deliverReplay } from "./replay";
import { actionsOf } from "./schema";

/**
 * The delivery worker (docs/api/live.md, "Webhooks"). Each endpoint's cursor (`delivered_seq`) is the
 * last of its team's audit events it is done with; the worker sends the first matching event after
 * it and moves the cursor only once a 2xx is recorded, in the same transaction as the log row: a
 * process that dies mid-delivery leaves the cursor where it was, and the next run sends the same
 * event again (at least once, with the same webhook-id). Events go one at a time per endpoint, in
 * `seq` order: a failing event holds back the later ones until it succeeds or is given up on.
 * The events after the cursor are read a batch at a time; the cursor still moves event by event.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/** The wait after each failed attempt at one event; the last repeats. */
const BACKOFF_MS = [5 * SECOND, 30 * SECOND, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE, HOUR, 3 * HOUR];
/** An event that has failed for this long is given up on (logged as failed) and the cursor moves past it. */
const GIVE_UP_AFTER_MS = 24 * HOUR;
/** An endpoint whose every attempt failed for this long is disabled. */
const DISABLE_AFTER_MS = 5 * 24 * HOUR;
/**
 * How long a worker holds an endpoint: longer than its deliveries of one run can take. A worker that
 * dies keeps it that long; WEBHOOK_LEASE_MS shortens it (app/api/v1/webhook-crash.test.ts).
 */
const LEASE_MS = envInteger(process.env.WEBHOOK_LEASE_MS, SECOND, HOUR, 2 * MINUTE);
/**
 * An endpoint's run starts no delivery after this long, so a busy endpoint lets the others have its
 * slot in turn (lib/webhooks/due.ts); a quarter of the lease at most, so that a run and one more delivery stay inside it.
 */
const RUN_MS = Math.min(10 * SECOND, LEASE_MS / 4);
/** The endpoint's next events are read this many at a time: one query per batch, not one per event. */
export const EVENTS_PER_READ = 100;
/** Attempts recorded per commit (at most; a failure is recorded at once). */
const RECORD_EVERY = 20;
/** Due endpoints read per pass (the loop reads again as slots free). */
export const ENDPOINTS_PER_PASS = 50;

export interface RunOptions {
  /** Each delivery's deadline (10 s unless a test shortens it). */
  timeoutMs?: number;
  /** Who holds the leases taken (one per process by default). */
  owner?: string;
}

export interface RunResult {
  delivered: number;
  failed: number;
}

/** This process's name on the leases it takes. */
export const PROCESS_OWNER = randomUUID();

/**
 * Takes the endpoint's lease: one conditional UPDATE, so of several processes (or runs) one wins.
 * A released endpoint keeps its lease_until (when it was let go): who was served least recently goes first (lib/webhooks/due.ts).
 */
async function claim(id: string, now: Date, owner: string): Promise<boolean> {
  const { count } = await getDb().webhookEndpoint.updateMany({
    where: { id, OR: [{ leaseOwner: null }, { leaseUntil: { lt: now } }] },
    data: { leaseOwner: owner, leaseUntil: new Date(now.getTime() + LEASE_MS) },
  });
  return count === 1;
}

function release(id: string, owner: string, now: Date) {
  return getDb().webhookEndpoint.updateMany({ where: { id, leaseOwner: owner }, data: { leaseOwner: null, leaseUntil: now } });
}

/** The endpoint's next `take` events after its cursor, in `seq` order. */
function nextEvents(endpoint: WebhookEndpointRecord, take: number) {
  return getDb().auditEvent.findMany({
    where: { teamId: endpoint.teamId, seq: { gt: endpoint.deliveredSeq }, action: { in: actionsOf(JSON.parse(endpoint.events) as string[]) } },
    orderBy: { seq: "asc" },
    take,
  });
}

/** Where the endpoint stands after a failed attempt at the event after its cursor. */
function afterFailure(endpoint: WebhookEndpointRecord, eventSeq: number, now: Date) {
  const attempts = endpoint.attempts + 1;
  const firstAttemptAt = endpoint.firstAttemptAt ?? now;
  const failingSince = endpoint.failingSince ?? now;
  const disabled = now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS;
  const retry = now.getTime() - firstAttemptAt.getTime() >= GIVE_UP_AFTER_MS
    ? { deliveredSeq: eventSeq, attempts: 0, firstAttemptAt: null, nextAttemptAt: null }
    : { attempts, firstAttemptAt, nextAttemptAt: new Date(now.getTime() + BACKOFF_MS[Math.min(attempts, BACKOFF_MS.length) - 1]) };
  return { ...retry, failingSince, ...(disabled && { disabledAt: now, disabledReason: "Every delivery failed for 5 days." }) };
}

/** What recording an attempt does to the endpoint: a 2xx moves the cursor past the event. */
function changeAfter(endpoint: WebhookEndpointRecord, attempt: WebhookDeliveryRecord, now: Date) {
  return attempt.succeeded
    ? { deliveredSeq: attempt.eventSeq, attempts: 0, firstAttemptAt: null, nextAttemptAt: null, failingSince: null }
    : afterFailure(endpoint, attempt.eventSeq, now);
}

/**
 * Delivers what is due to one held endpoint, in order, until an attempt fails, nothing is left or
 * RUN_MS has passed. Attempts are recorded RECORD_EVERY at a time (at once after a failure, and at
 * the end): one commit per group, where one per event cost more than the delivery itself. A
 * process that dies with a group unrecorded sends its events again, as at least once allows; the
 * cursor still moves only with the log rows of the 2xx it moves past.
 */
async function deliverEndpoint(held: WebhookEndpointRecord, now: Date, options: RunOptions, owner: string, result: RunResult): Promise<void> {
  let endpoint = held;
  let batch: EventRow[] = [];
  let unrecorded: WebhookDeliveryRecord[] = [];
  let change: Partial<WebhookEndpointRecord> = {};
  const record = async (told: NotificationRow[] = []): Promise<boolean> => {
    if (unrecorded.length === 0) return true;
    const [group, data] = [unrecorded, change];
    [unrecorded, change] = [[], {}];
    if (!(await recordAttempts(group, owner, data, told))) return false;
    for (const attempt of group) result[attempt.succeeded ? "delivered" : "failed"]++;
    return true;
  };
  const until = performance.now() + RUN_MS;
  try {
    while (performance.now() < until) {
      if (batch.length === 0) batch = await nextEvents(endpoint, EVENTS_PER_READ);
      const event = batch.shift();
      if (!event) return;
      const attempt = await attemptDelivery({ endpoint, event, attempt: endpoint.attempts + 1, trigger: "automatic", now, timeoutMs: options.timeoutMs });
      const after = changeAfter(endpoint, attempt, now);
      endpoint = { ...endpoint, ...after };
      change = { ...change, ...after };
      unrecorded.push(attempt);
      if (attempt.succeeded) {
        if (unrecorded.length >= RECORD_EVERY && !(await record())) return;
        continue;
      }
      // Disabled by this failure: its owners are told in the transaction that disables it.
      const told = endpoint.disabledAt ? await webhookDisabledNotifications(endpoint, endpoint.disabledReason ?? "", now) : [];
      if (!(await record(told))) return;
      if (endpoint.deliveredSeq === event.seq) logger.warn({ webhook: endpoint.id, event: event.id }, "webhook event given up on after 24 hours of failed deliveries");
      if (endpoint.disabledAt) logger.warn({ webhook: endpoint.id }, "webhook endpoint disabled: every delivery failed for 5 days");
      return;
    }
  } finally {
    await record();
  }
}

/**
 * Claims one due endpoint and delivers it: its new events, then a time range asked for again
 * (lib/webhooks/replay.ts), under the same lease. Answers how many attempts it made.
 */
export async function runEndpoint(due: DueEndpoint, now: Date, options: RunOptions, owner: string, result: RunResult): Promise<number> {
  if (!(await claim(due.id, now, owner))) return 0;
  const before = result.delivered + result.failed;
  try {
    // Read once held: another worker may have moved its cursor since it was found due.
    const endpoint = await getDb().webhookEndpoint.findUnique({ where: { id: due.id } });
    if (endpoint) await deliverEndpoint(endpoint, now, options, owner, result);
    if (endpoint) await deliverReplay(endpoint.id, now, options, owner, result);
  } catch (error) {
    // Deleted by its team while a delivery was in flight: its attempts have no endpoint to be logged under.
    const gone = (await getDb().webhookEndpoint.count({ where: { id: due.id } }).catch(() => 1)) === 0;
    if (gone) logger.info({ webhook: due.id }, "a webhook endpoint was deleted during its delivery; its attempts were dropped");
    else logger.error({ webhook: due.id, err: error }, "webhook delivery failed");
  } finally {
    await release(due.id, owner, now);
  }
  return result.delivered + result.failed - before;
}

/**
 * One pass over the endpoints with work due at `now`, several at once (lib/webhooks/pool.ts), each
 * in its own order; resolves when all are done (tests call it with their clock; the loop runs
 * endpoints as slots free instead, lib/webhooks/loop.ts).
 */
export async function runDueDeliveries(now = new Date(), options: RunOptions = {}): Promise<RunResult> {
  const owner = options.owner ?? PROCESS_OWNER;
  const result: RunResult = { delivered: 0, failed: 0 };
  let waiting = await dueEndpoints(now, ENDPOINTS_PER_PASS);
  const pool = new DeliveryPool(
    (due) => runEndpoint(due, now, options, owner, result),
    () => (waiting = pool.offer(waiting)),
  );
  waiting = pool.offer(waiting);
  await pool.idle();
  return result;
}
