import "server-only";
import { newRowId } from "../db/row-id";
import { Webhook as Signer } from "standardwebhooks";
import { auditEventOf, type EventRow } from "../audit/events";
import { getDb } from "../db/client";
import { transaction } from "../db/transaction";
import { insertRows, updateWhere } from "../db/write-sql";
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from "../db/models";
import { postSafely } from "./outbound";
import type { NotificationRow } from "../notifications/record";
import { openSecret } from "./secrets";

/**
 * One delivery of one audit event to one endpoint, by the Standard Webhooks spec: `webhook-id` is
 * the event's id (a redelivery carries the same one, so a receiver can drop what it has seen),
 * `webhook-timestamp` the attempt's time, `webhook-signature` one signature per secret in use
 * (two while a rotated-out secret still signs). Every attempt is logged, whatever came of it.
 */

/** How much of a receiver's answer the log keeps. */
const SNIPPET_BYTES = 1024;

/** The secrets that sign at `now`: the current one, and the previous one within its overlap. */
function signingSecrets(endpoint: WebhookEndpointRecord, now: Date): string[] {
  const previous = endpoint.previousSecretSealed && endpoint.previousSecretUntil && endpoint.previousSecretUntil > now ? [endpoint.previousSecretSealed] : [];
  return [endpoint.secretSealed, ...previous].map(openSecret);
}

function signedHeaders(id: string, at: Date, body: string, secrets: readonly string[]): Record<string, string> {
  return {
    "webhook-id": id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": secrets.map((secret) => new Signer(secret).sign(id, at, body)).join(" "),
  };
}

export interface Attempt {
  endpoint: WebhookEndpointRecord;
  event: EventRow;
  attempt: number;
  trigger: "automatic" | "manual";
  now: Date;
  timeoutMs?: number;
}

/** Sends the event and returns the attempt's log row (not yet stored: the caller stores it with what follows from it). */
export async function attemptDelivery({ endpoint, event, attempt, trigger, now, timeoutMs }: Attempt): Promise<WebhookDeliveryRecord> {
  const data = auditEventOf(event);
  const body = JSON.stringify({ type: data.action, timestamp: data.occurred_at, data });
  const started = performance.now();
  const outcome = await postSafely(endpoint.url, signedHeaders(event.id, now, body, signingSecrets(endpoint, now)), body, timeoutMs);
  const snippet = outcome.body.subarray(0, SNIPPET_BYTES).toString("utf8").replaceAll("\0", "");
  const succeeded = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  return {
    id: newRowId(),
    endpointId: endpoint.id,
    eventId: event.id,
    eventSeq: event.seq,
    attempt,
    trigger,
    statusCode: outcome.statusCode,
    error: outcome.error ?? (outcome.statusCode !== null && !succeeded ? `answered ${outcome.statusCode}` : null),
    durationMs: Math.round(performance.now() - started),
    responseSnippet: snippet === "" ? null : snippet,
    succeeded,
    attemptedAt: now,
  };
}

/**
 * Stores the log rows of one endpoint's attempts and, in the same transaction, what follows from
 * them for the endpoint (a cursor moved, a retry planned, the endpoint disabled and its owners
 * told), the latter only while `owner` still holds the endpoint: false when it no longer does (a
 * run that outlived its lease), and only the log rows were written.
 */
export async function recordAttempts(rows: WebhookDeliveryRecord[], owner: string, change: Partial<WebhookEndpointRecord>, told: NotificationRow[] = []): Promise<boolean> {
  const held = { id: rows[0].endpointId, leaseOwner: owner };
  return transaction(async ({ tx }) => {
    await insertRows(tx, "webhook_deliveries", rows);
    const count = await updateWhere(tx, "webhook_endpoints", held, change);
    // Rare (an endpoint disabled): its owners are told only if this worker's change is the one made.
    if (count === 1 && told.length > 0) await insertRows(tx, "notifications", told);
    return count === 1;
  });
}

/** A manual redelivery: stored at once, the endpoint's cursor untouched. */
export async function redeliver(endpoint: WebhookEndpointRecord, event: EventRow, attempt: number): Promise<WebhookDeliveryRecord> {
  const row = await attemptDelivery({ endpoint, event, attempt, trigger: "manual", now: new Date() });
  return getDb().webhookDelivery.create({ data: row });
}
