import { isIP } from "node:net";
import { z } from "zod";
import { AUDIT_ACTIONS, type AuditAction } from "../audit/events";
import { expecting, textInput } from "../schema/body";
import { timestampField } from "../schema/fields";
import { integer, listQuery } from "../schema/params";
import { isRefusedAddress } from "./address-filter";
import { hostOf, isAllowedUrl } from "./allowed-hosts";
import { DAY_MS } from "../domain/days";

/**
 * Webhook endpoints (docs/api/live.md, "Webhooks"): what a team registers, what the API answers, and
 * the event types, derived from the audit trail's actions: an endpoint receives the team's audit
 * events whose action its types name.
 */

const RESOURCES = [...new Set(AUDIT_ACTIONS.map((action) => action.split(".")[0]))].sort();
export const WEBHOOK_EVENT_TYPES = [...AUDIT_ACTIONS, ...RESOURCES.map((resource) => `${resource}.*`), "*"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The audit actions a list of types (wildcards included) selects, in AUDIT_ACTIONS order. */
export function actionsOf(types: readonly string[]): AuditAction[] {
  return AUDIT_ACTIONS.filter((action) => types.some((type) => type === "*" || type === action || type === `${action.split(".")[0]}.*`));
}

const WEBHOOK_URL_MAX = 2000;

/**
 * The most endpoints one team may have (docs/api/live.md, "Webhooks"; 409 endpoint_limit past it):
 * the worker serves the teams in turns (lib/webhooks/due.ts), and this bounds what one team's turns hold.
 */
export const WEBHOOKS_PER_TEAM = 25;
const MAX_ENDPOINT_TYPES = WEBHOOK_EVENT_TYPES.length;

/** Why a URL cannot be an endpoint's, or undefined when it can (what delivery checks again, after DNS). */
function urlProblem(text: string): string | undefined {
  if (!URL.canParse(text)) return "must be an absolute URL, like https://hooks.example.com/desk";
  const url = new URL(text);
  if (url.protocol !== "https:" && url.protocol !== "http:") return `must be an http(s) URL; got ${url.protocol}`;
  if (url.username || url.password) return "must not carry a user name or password: authenticate the delivery by its signature";
  if (isAllowedUrl(url)) return undefined;
  const host = hostOf(url);
  if (url.protocol !== "https:") return `must use https (http only for a host in the operator's WEBHOOK_ALLOWED_HOSTS; ${url.host} is not)`;
  if (isIP(host) && isRefusedAddress(host)) return `must not point at a private, loopback, link-local or reserved address (${host})`;
  return undefined;
}

const urlInput = textInput(WEBHOOK_URL_MAX, `an absolute https URL of at most ${WEBHOOK_URL_MAX} characters`).superRefine((value, ctx) => {
  const problem = urlProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

const eventTypeWords = `one of ${WEBHOOK_EVENT_TYPES.join(", ")}`;
const eventsInput = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: expecting(eventTypeWords) }), { error: expecting(`a list of event types (${eventTypeWords})`) })
  .min(1, "must name at least one event type")
  .max(MAX_ENDPOINT_TYPES)
  .refine((types) => new Set(types).size === types.length, "must not name an event type twice");

const descriptionInput = textInput(500, "text of at most 500 characters saying what the endpoint is for");

/** POST /my/webhooks. */
export const webhookCreateSchema = z.strictObject({
  url: urlInput,
  events: eventsInput,
  description: descriptionInput.nullable().optional(),
});
export type WebhookCreate = z.output<typeof webhookCreateSchema>;

/** PATCH /my/webhooks/{id}: a merge patch; `disabled: false` re-enables a disabled endpoint. */
export const webhookPatchSchema = z
  .strictObject({
    url: urlInput,
    events: eventsInput,
    description: descriptionInput.nullable(),
    disabled: z.literal(false, { error: expecting("false: re-enables an endpoint (delete one to stop its deliveries)") }),
  })
  .partial();
export type WebhookPatch = z.output<typeof webhookPatchSchema>;

/** An endpoint as the API shows it: never its secret, but after a create or a rotation. */
export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  description: z.string().nullable(),
  disabled_at: timestampField.nullable(),
  disabled_reason: z.string().nullable(),
  previous_secret_expires_at: timestampField.nullable(),
  created_at: timestampField,
  updated_at: timestampField,
});
export type Webhook = z.infer<typeof webhookSchema>;

export const webhookWithSecretSchema = webhookSchema.extend({
  secret: z.string().describe("The signing secret (whsec_…): shown by this answer only; keep it"),
});
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookListSchema = z.object({ webhooks: z.array(webhookSchema) });

/** One attempt to deliver one event. */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  event_id: z.string(),
  attempt: z.number().int(),
  trigger: z.enum(["automatic", "manual"]),
  succeeded: z.boolean(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  duration_ms: z.number().int(),
  response_snippet: z.string().nullable(),
  attempted_at: timestampField,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

/** GET /my/webhooks/{id}/deliveries: the latest attempts, newest first. */
export const deliveryListParamsSchema = listQuery({ limit: integer("limit", 1, 100, 20) });
export type DeliveryListQuery = z.output<typeof deliveryListParamsSchema>;
export const webhookDeliveryListSchema = z.object({ deliveries: z.array(webhookDeliverySchema) });

/** The longest range one redelivery request takes: a week of the team's events. */
export const REDELIVER_MAX_DAYS = 7;

// FORMAT_LENGTH in lib/openapi/json-schema.ts: the longest timestamp the document allows.
const timestampInput = z.iso
  .datetime({ offset: true, error: expecting("an RFC 3339 timestamp with an offset, like 2026-01-31T09:30:00Z") })
  .max(35)
  .transform((text) => new Date(text));

/**
 * POST /my/webhooks/{id}/redeliver: the events with occurred_at in [since, until) to send again
 * (until: now when left out); within one week, and not in the future, which holds no events yet.
 */
export const webhookRedeliverSchema = z.strictObject({ since: timestampInput, until: timestampInput.optional() }).transform(({ since, until }, ctx) => {
  const now = new Date();
  const end = until ?? now;
  const refuse = (field: "since" | "until", message: string) => {
    ctx.addIssue({ code: "custom", path: [field], message, input: field === "since" ? since : until });
    return z.NEVER;
  };
  if (until && until > now) return refuse("until", `must not be in the future (it is ${now.toISOString()}); leave it out for now`);
  if (since >= end) return refuse("since", until ? `must be before until (${until.toISOString()})` : `must be in the past (it is ${now.toISOString()})`);
  if (end.getTime() - since.getTime() > REDELIVER_MAX_DAYS * DAY_MS) {
    return refuse("since", `must be at most ${REDELIVER_MAX_DAYS} days before until (${end.toISOString()}): ask for a longer range in several requests, one after the other`);
  }
  return { since, until: end };
});
export type WebhookRedeliver = z.output<typeof webhookRedeliverSchema>;

const queuedEventSchema = z.object({ id: z.string(), type: z.enum(AUDIT_ACTIONS), occurred_at: timestampField });

/** The answer: what the worker will send again, in this order (none: nothing was queued). */
export const webhookRedeliveryQueuedSchema = z.object({
  since: timestampField,
  until: timestampField,
  count: z.number().int().describe("How many events are queued"),
  first_event: queuedEventSchema.nullable().describe("The first event to be sent again (null when none is)"),
  last_event: queuedEventSchema.nullable().describe("The last event to be sent again (null when none is)"),
});
export type WebhookRedeliveryQueued = z.infer<typeof webhookRedeliveryQueuedSchema>;
