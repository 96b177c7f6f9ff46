import "server-only";
import { requirePermission, type Caller } from "../auth/caller";
import { REQUIRES } from "../auth/requirements";
import { getDb } from "../db/client";
import type { WebhookEndpointRecord } from "../db/models";
import { ApiError } from "../schema/errors";
import { isUuid } from "../schema/params";
import type { DeliveryListQuery, Webhook, WebhookDelivery } from "./schema";
import { deliveryOf, webhookOf } from "./serializer";

/** The team's endpoints and their delivery logs: another team's id is not found, as an unknown one. */

/** The caller's team's endpoint row, or the 404. */
export async function ownEndpoint(caller: Caller, id: string): Promise<WebhookEndpointRecord> {
  requirePermission(caller, REQUIRES.manageWebhooks);
  const row = isUuid(id) ? await getDb().webhookEndpoint.findFirst({ where: { id: id.toLowerCase(), teamId: caller.teamId } }) : null;
  if (!row) throw ApiError.notFound(`No webhook endpoint with id ${id}.`);
  return row;
}

export async function listWebhooks(caller: Caller): Promise<{ webhooks: Webhook[] }> {
  requirePermission(caller, REQUIRES.manageWebhooks);
  const rows = await getDb().webhookEndpoint.findMany({ where: { teamId: caller.teamId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
  const now = new Date();
  return { webhooks: rows.map((row) => webhookOf(row, now)) };
}

export async function getWebhook(caller: Caller, id: string): Promise<Webhook> {
  return webhookOf(await ownEndpoint(caller, id));
}

/** The endpoint's latest attempts, newest first. */
export async function listDeliveries(caller: Caller, id: string, query: DeliveryListQuery): Promise<{ deliveries: WebhookDelivery[] }> {
  const endpoint = await ownEndpoint(caller, id);
  const rows = await getDb().webhookDelivery.findMany({ where: { endpointId: endpoint.id }, orderBy: [{ attemptedAt: "desc" }, { eventSeq: "desc" }, { attempt: "desc" }, { id: "desc" }], take: query.limit });
  return { deliveries: rows.map(deliveryOf) };
}
