"use server";

import { revalidatePath } from "next/cache";
import { parseBody } from "@/lib/schema/body";
import { createWebhook, deleteWebhook, rotateWebhookSecret } from "@/lib/webhooks/commands";
import { queueRedelivery } from "@/lib/webhooks/replay";
import { REDELIVER_MAX_DAYS, webhookCreateSchema, webhookRedeliverSchema } from "@/lib/webhooks/schema";
import { runAction } from "../../_actions/result";

/**
 * Server actions of /settings/webhooks: the API's own commands (permission, team scope, the URL
 * rules), through runAction. A secret goes back to this browser once, in the action's answer.
 */

export type SecretState = { status: "idle" } | { status: "error"; message: string } | { status: "shown"; url: string; secret: string; nonce: string };

export async function createWebhookAction(_previous: SecretState, form: FormData): Promise<SecretState> {
  const description = form.get("description");
  const body = { url: form.get("url"), events: form.getAll("events"), ...(typeof description === "string" && description.trim() !== "" && { description: description.trim() }) };
  const result = await runAction((caller) => createWebhook(caller, parseBody(webhookCreateSchema, body)));
  if (!result.ok) return { status: "error", message: result.error.message };
  revalidatePath("/settings/webhooks");
  return { status: "shown", url: result.value.url, secret: result.value.secret, nonce: `${result.value.id} ${result.value.updated_at}` };
}

export async function rotateWebhookAction(_previous: SecretState, form: FormData): Promise<SecretState> {
  const result = await runAction((caller) => rotateWebhookSecret(caller, String(form.get("id"))));
  if (!result.ok) return { status: "error", message: result.error.message };
  revalidatePath("/settings/webhooks");
  return { status: "shown", url: result.value.url, secret: result.value.secret, nonce: `${result.value.id} ${result.value.updated_at}` };
}

export type DeleteState = { status: "idle" } | { status: "error"; message: string };

export async function deleteWebhookAction(_previous: DeleteState, form: FormData): Promise<DeleteState> {
  const result = await runAction((caller) => deleteWebhook(caller, String(form.get("id"))));
  if (!result.ok) return { status: "error", message: result.error.message };
  revalidatePath("/settings/webhooks");
  return { status: "idle" };
}

export type RedeliverState = { status: "idle" } | { status: "error" | "queued"; message: string };

/** The endpoint's events of the last `hours` (the control's spans, at most the week the API allows) sent again. */
export async function redeliverRangeAction(_previous: RedeliverState, form: FormData): Promise<RedeliverState> {
  const hours = Number(form.get("hours"));
  if (!Number.isInteger(hours) || hours < 1 || hours > REDELIVER_MAX_DAYS * 24) return { status: "error", message: `Choose a span of 1 hour to ${REDELIVER_MAX_DAYS} days.` };
  // Both ends from one clock reading, so "the last 7 days" is exactly the week the API allows.
  const until = new Date();
  const body = { since: new Date(until.getTime() - hours * 3_600_000).toISOString(), until: until.toISOString() };
  const result = await runAction((caller) => queueRedelivery(caller, String(form.get("id")), parseBody(webhookRedeliverSchema, body)));
  if (!result.ok) return { status: "error", message: result.error.message };
  revalidatePath("/settings/webhooks");
  const { count } = result.value;
  return { status: "queued", message: count === 0 ? "Nothing to send again in that span." : `${count} event${count === 1 ? "" : "s"} queued to be sent again, in order.` };
}
