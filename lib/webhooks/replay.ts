import "server-only";
import type { AuditAction, EventRow } from "../audit/events";
import type { Caller } from "../auth/caller";
import { getDb } from "../db/client";
import type { WebhookEndpointRecord } from "../db/models";
import { logger } from "../log/logger";
import { ApiError } from "../schema/errors";
import { attemptDelivery, recordAttempts } from "./deliver";
import { ownEndpoint } from "./queries";
import { actionsOf, type WebhookRedeliver, type WebhookRedeliveryQueued } from "./schema";

/**
 * A redelivery of a time range (POST /my/webhooks/{id}/redeliver; docs/api/live.md, "Webhooks"): the
 * endpoint's row holds the range and the replay's own cursor, so it survives restarts like the
 * endpoint's cursor does, which it never moves. The worker (lib/webhooks/worker.ts) sends the
 * range's events in `seq` order, each with its own id as `webhook-id`, after the endpoint's new
 * events, under the same lease. One range at a time per endpoint.
 */

const SECOND = 1000;
/** A replayed event that fails is tried again after these waits, then skipped (logged): a receiver that refuses repeats must not stall the range. */
const RETRY_AFTER_MS = [5 * SECOND, 30 * SECOND];
/**
 * At most this many replayed events per endpoint per run (new events are time-boxed instead), so a
 * range does not keep the worker from the other endpoints.
 */
const EVENTS_PER_RUN = 20;

type Range = Pick<WebhookEndpointRecord, "teamId" | "events"> & { since: Date; until: Date; afterSeq: number; throughSeq: number };

/** The range's events (matching the endpoint's types) after `afterSeq`, up to `throughSeq`. */
function rangeWhere(range: Range) {
  return {
    teamId: range.teamId,
    seq: { gt: range.afterSeq, lte: range.throughSeq },
    occurredAt: { gte: range.since, lt: range.until },
    action: { in: actionsOf(JSON.parse(range.events) as string[]) },
  };
}

const shownEvent = (event: EventRow | null) => event && { id: event.id, type: event.action as AuditAction, occurred_at: event.occurredAt.toISOString() };

/** Whether an endpoint has a redelivery to go on with at `now` (not waiting out a failed attempt). */
function replayDue(endpoint: WebhookEndpointRecord, now: Date): boolean {
  return endpoint.replayThroughSeq !== null && (endpoint.replayNextAttemptAt === null || endpoint.replayNextAttemptAt <= now);
}

/**
 * Queues the endpoint's events of [since, until) that its cursor has passed, to be sent again; the
 * events after the cursor are on their way anyway. Nothing is stored when none matches.
 */
export async function queueRedelivery(caller: Caller, id: string, input: WebhookRedeliver): Promise<WebhookRedeliveryQueued> {
  const endpoint = await ownEndpoint(caller, id);
  const where = rangeWhere({ ...endpoint, ...input, afterSeq: 0, throughSeq: endpoint.deliveredSeq });
  const [count, first, last] = await Promise.all([
    getDb().auditEvent.count({ where }),
    getDb().auditEvent.findFirst({ where, orderBy: { seq: "asc" } }),
    getDb().auditEvent.findFirst({ where, orderBy: { seq: "desc" } }),
  ]);
  const answer = { since: input.since.toISOString(), until: input.until.toISOString(), count, first_event: shownEvent(first), last_event: shownEvent(last) };
  if (!first || !last) return answer;
  // Conditional, so of two requests at once one queues and the other is told.
  const { count: queued } = await getDb().webhookEndpoint.updateMany({
    where: { id: endpoint.id, replayThroughSeq: null },
    data: { replaySince: input.since, replayUntil: input.until, replayAfterSeq: first.seq - 1, replayThroughSeq: last.seq, replayAttempts: 0, replayNextAttemptAt: null },
  });
  if (queued === 0) throw await pending(endpoint.id);
  return answer;
}

async function pending(id: string): Promise<ApiError> {
  const row = await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id } });
  // It may have ended since the update found it under way.
  if (row.replayThroughSeq === null) return new ApiError("redelivery_pending", `The redelivery under way for webhook endpoint ${id} has just ended: ask again.`);
  const left = await getDb().auditEvent.count({ where: rangeWhere(rangeOf(row)) });
  return new ApiError(
    "redelivery_pending",
    `A redelivery of ${row.replaySince!.toISOString()} to ${row.replayUntil!.toISOString()} is still under way for webhook endpoint ${id} (${left} event${left === 1 ? "" : "s"} left): ask again once it is done (GET /my/webhooks/${id}/deliveries shows its attempts).`,
  );
}

function rangeOf(row: WebhookEndpointRecord): Range {
  return { ...row, since: row.replaySince!, until: row.replayUntil!, afterSeq: row.replayAfterSeq!, throughSeq: row.replayThroughSeq! };
}

const NO_REPLAY = { replaySince: null, replayUntil: null, replayAfterSeq: null, replayThroughSeq: null, replayAttempts: 0, replayNextAttemptAt: null };

/**
 * Goes on with the endpoint's redelivery, if one is due, for the worker that holds the endpoint:
 * each event in order, logged as a manual attempt; the replay's cursor moves with the log row, and
 * only while `owner` still holds the endpoint. A failed attempt ends the run's share of it.
 */
export async function deliverReplay(id: string, now: Date, options: { timeoutMs?: number }, owner: string, result: { delivered: number; failed: number }): Promise<void> {
  // Read after the endpoint's new events were sent: one may have failed, and the endpoint wait out its back-off.
  let endpoint = await getDb().webhookEndpoint.findUnique({ where: { id } });
  for (let sent = 0; sent < EVENTS_PER_RUN; sent++) {
    if (!endpoint || endpoint.leaseOwner !== owner || !replayDue(endpoint, now) || (endpoint.nextAttemptAt !== null && endpoint.nextAttemptAt > now)) return;
    const event = await getDb().auditEvent.findFirst({ where: rangeWhere(rangeOf(endpoint)), orderBy: { seq: "asc" } });
    if (!event) {
      await getDb().webhookEndpoint.updateMany({ where: { id, leaseOwner: owner }, data: NO_REPLAY });
      return;
    }
    const earlier = await getDb().webhookDelivery.count({ where: { endpointId: id, eventId: event.id } });
    const attempt = await attemptDelivery({ endpoint, event, attempt: earlier + 1, trigger: "manual", now, timeoutMs: options.timeoutMs });
    const skipped = !attempt.succeeded && endpoint.replayAttempts >= RETRY_AFTER_MS.length;
    const change =
      attempt.succeeded || skipped
        ? { replayAfterSeq: event.seq, replayAttempts: 0, replayNextAttemptAt: null }
        : { replayAttempts: endpoint.replayAttempts + 1, replayNextAttemptAt: new Date(now.getTime() + RETRY_AFTER_MS[endpoint.replayAttempts]) };
    if (!(await recordAttempts([attempt], owner, change))) return;
    endpoint = { ...endpoint, ...change };
    result[attempt.succeeded ? "delivered" : "failed"]++;
    if (attempt.succeeded) continue;
    if (skipped) logger.warn({ webhook: id, event: event.id }, "webhook redelivery skipped an event it failed to send 3 times");
    return;
  }
}
