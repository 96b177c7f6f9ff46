import type { WebhookDeliveryRecord as DeliveryRow, WebhookEndpointRecord as EndpointRow } from "../db/models";
import type { Webhook, WebhookDelivery, WebhookEventType } from "./schema";

/** The API's view of the rows: the sealed secrets and the worker's state stay in the database. */

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function webhookOf(row: EndpointRow, now = new Date()): Webhook {
  const overlap = row.previousSecretUntil && row.previousSecretUntil > now ? row.previousSecretUntil : null;
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEventType[],
    description: row.description,
    disabled_at: iso(row.disabledAt),
    disabled_reason: row.disabledReason,
    previous_secret_expires_at: iso(overlap),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function deliveryOf(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.eventId,
    attempt: row.attempt,
    trigger: row.trigger as WebhookDelivery["trigger"],
    succeeded: row.succeeded,
    status_code: row.statusCode,
    error: row.error,
    duration_ms: row.durationMs,
    response_snippet: row.responseSnippet,
    attempted_at: row.attemptedAt.toISOString(),
  };
}
