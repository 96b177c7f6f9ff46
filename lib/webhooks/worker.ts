import "server-only";
import { randomUUID } from "node:crypto";
import type { EventRow } from "../audit/events";
import { getDb } from "../db/client";
import { envInteger } from "../env-number";
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from "../db/models";
import { logger } from "../log/logger";
import { webhookDisabledNotifications, type NotificationRow } from "../notifications/record";
import { attemptDelivery, recordAttempts } from "./deliver";
import { deliverReplay, replayDue } from "./replay";
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
export const BACKOFF_MS = [5 * SECOND, 30 * SECOND, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE, HOUR, 3 * HOUR];
/** An event that has failed for this long is given up on (logged as failed) and the cursor moves past it. */
export const GIVE_UP_AFTER_MS = 24 * HOUR;
/** An endpoint whose every attempt failed for this long is disabled. */
export const DISABLE_AFTER_MS = 5 * 24 * HOUR;
/**
 * How long a worker holds an endpoint: longer than its deliveries of one run can take. A worker that
 * dies keeps it that long; WEBHOOK_LEASE_MS shortens it (app/api/v1/webhook-crash.test.ts).
 */
const LEASE_MS = envInteger(process.env.WEBHOOK_LEASE_MS, SECOND, HOUR, 2 * MINUTE);
/**
 * An endpoint's run starts no delivery after this long, so one busy endpoint does not starve the
 * others; a quarter of the lease at most, so that a run and one more delivery stay inside it.
 */
const RUN_MS = Math.min(10 * SECOND, LEASE_MS / 4);
/** The endpoint's next events are read this many at a time: one query per batch, not one per event. */
export const EVENTS_PER_READ = 100;
/** Attempts recorded per commit (at most; a failure is recorded at once). */
const RECORD_EVERY = 20;
const ENDPOINTS_PER_RUN = 50;

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

const PROCESS_OWNER = randomUUID();

/** Endpoints with work due at `now`: enabled, not waiting out a back-off, not held by another worker. */
function dueEndpoints(now: Date) {
  return getDb().webhookEndpoint.findMany({
    where: {
      disabledAt: null,
      OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lte: now } }],
      AND: [{ OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] }],
    },
    orderBy: { id: "asc" },
    take: ENDPOINTS_PER_RUN,
  });
}

/** Takes the endpoint's lease: one conditional UPDATE, so of several processes (or runs) one wins. */
async function claim(endpoint: WebhookEndpointRecord, now: Date, owner: string): Promise<boolean> {
  const { count } = await getDb().webhookEndpoint.updateMany({
    where: { id: endpoint.id, OR: [{ leaseUntil: null }, { leaseUntil: { lt: now } }] },
    data: { leaseOwner: owner, leaseUntil: new Date(now.getTime() + LEASE_MS) },
  });
  return count === 1;
}

function release(id: string, owner: string) {
  return getDb().webhookEndpoint.updateMany({ where: { id, leaseOwner: owner }, data: { leaseOwner: null, leaseUntil: null } });
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

/** One pass over every endpoint with work due at `now` (the loop calls it; tests call it with their clock). */
export async function runDueDeliveries(now = new Date(), options: RunOptions = {}): Promise<RunResult> {
  const owner = options.owner ?? PROCESS_OWNER;
  const result: RunResult = { delivered: 0, failed: 0 };
  for (const due of await dueEndpoints(now)) {
    // Nothing to send: no write (most endpoints, most passes).
    if (!((await nextEvents(due, 1)).length > 0 || replayDue(due, now)) || !(await claim(due, now, owner))) continue;
    try {
      // Read again once held: another worker may have moved its cursor since the list was read.
      const endpoint = await getDb().webhookEndpoint.findUnique({ where: { id: due.id } });
      if (endpoint) await deliverEndpoint(endpoint, now, options, owner, result);
      // A time range asked for again (lib/webhooks/replay.ts) goes on after the new events, under the same lease.
      if (endpoint) await deliverReplay(endpoint.id, now, options, owner, result);
    } catch (error) {
      // Deleted by its team while a delivery was in flight: its attempts have no endpoint to be logged under.
      const gone = (await getDb().webhookEndpoint.count({ where: { id: due.id } }).catch(() => 1)) === 0;
      if (gone) logger.info({ webhook: due.id }, "a webhook endpoint was deleted during its delivery; its attempts were dropped");
      else logger.error({ webhook: due.id, err: error }, "webhook delivery failed");
    } finally {
      await release(due.id, owner);
    }
  }
  return result;
}
