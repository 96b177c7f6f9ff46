import "server-only";
import { newRowId } from "../db/row-id";
import { requirePermission, type Caller } from "../auth/caller";
import { REQUIRES } from "../auth/requirements";
import { getDb, getEngine } from "../db/client";
import { transaction } from "../db/transaction";
import { insertRows, selectRows } from "../db/write-sql";
import { ApiError } from "../schema/errors";
import { isUuid } from "../schema/params";
import { redeliver } from "./deliver";
import { ownEndpoint } from "./queries";
import { WEBHOOKS_PER_TEAM, type Webhook, type WebhookCreate, type WebhookDelivery, type WebhookPatch, type WebhookWithSecret } from "./schema";
import { newSecret, SECRET_OVERLAP_MS, sealSecret, secretOpens } from "./secrets";
import { deliveryOf, webhookOf } from "./serializer";

/** The team's endpoints' writes (docs/api/live.md, "Webhooks"). */

/**
 * A new endpoint, answered with its secret (the only time it is shown). It starts at the team's
 * latest event: it receives what happens from now on, not the team's past (GET /my/events has it).
 */
export async function createWebhook(caller: Caller, input: WebhookCreate): Promise<WebhookWithSecret> {
  requirePermission(caller, REQUIRES.manageWebhooks);
  const secret = newSecret();
  const now = new Date();
  const id = newRowId();
  await transaction(async ({ tx, lock }) => {
    const { db } = getEngine().dialect;
    // The team's lock (as its audit events take it): two creates at once cannot both pass the count.
    await lock("teams", caller.teamId);
    const [{ n }] = await selectRows<{ n: number | bigint | string }>(tx, db.selectFrom("webhook_endpoints").select((eb) => eb.fn.countAll().as("n")).where("team_id", "=", caller.teamId));
    const endpoints = Number(n);
    if (endpoints >= WEBHOOKS_PER_TEAM) {
      throw new ApiError("endpoint_limit", `Your team has ${endpoints} webhook endpoints, the most a team may (${WEBHOOKS_PER_TEAM}): delete one first (DELETE /my/webhooks/{id}), or send several event types to one.`);
    }
    const [latest] = await selectRows<{ seq: number | bigint }>(tx, db.selectFrom("audit_events").select("seq").where("team_id", "=", caller.teamId).orderBy("seq", "desc").limit(1));
    await insertRows(tx, "webhook_endpoints", [
      {
        id,
        teamId: caller.teamId,
        url: input.url,
        events: JSON.stringify(input.events),
        description: input.description ?? null,
        secretSealed: sealSecret(secret),
        deliveredSeq: latest ? Number(latest.seq) : 0,
        createdAt: now,
        updatedAt: now,
      },
    ]);
  });
  const row = await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id } });
  return { ...webhookOf(row, now), secret };
}

export async function updateWebhook(caller: Caller, id: string, patch: WebhookPatch): Promise<Webhook> {
  const endpoint = await ownEndpoint(caller, id);
  // Re-enabled: its failures so far no longer count towards giving up or disabling it again.
  const enabled = patch.disabled === false ? { disabledAt: null, disabledReason: null, failingSince: null, attempts: 0, firstAttemptAt: null, nextAttemptAt: null } : {};
  const row = await getDb().webhookEndpoint.update({
    where: { id: endpoint.id },
    data: {
      ...(patch.url !== undefined && { url: patch.url }),
      ...(patch.events !== undefined && { events: JSON.stringify(patch.events) }),
      ...(patch.description !== undefined && { description: patch.description }),
      ...enabled,
      updatedAt: new Date(),
    },
  });
  return webhookOf(row);
}

/** Deletes the endpoint and its delivery log; answers it as it was. */
export async function deleteWebhook(caller: Caller, id: string): Promise<Webhook> {
  const endpoint = await ownEndpoint(caller, id);
  await getDb().webhookEndpoint.delete({ where: { id: endpoint.id } });
  return webhookOf(endpoint);
}

/** A new secret, shown once; the one it replaces keeps signing beside it for 24 hours. */
export async function rotateWebhookSecret(caller: Caller, id: string): Promise<WebhookWithSecret> {
  const endpoint = await ownEndpoint(caller, id);
  const secret = newSecret();
  const now = new Date();
  const row = await getDb().webhookEndpoint.update({
    where: { id: endpoint.id },
    // A secret that no longer opens (NEXTAUTH_SECRET changed) cannot sign through an overlap: dropped.
    data: secretOpens(endpoint.secretSealed)
      ? { secretSealed: sealSecret(secret), previousSecretSealed: endpoint.secretSealed, previousSecretUntil: new Date(now.getTime() + SECRET_OVERLAP_MS), updatedAt: now }
      : { secretSealed: sealSecret(secret), previousSecretSealed: null, previousSecretUntil: null, updatedAt: now },
  });
  return { ...webhookOf(row, now), secret };
}

/** Sends a logged delivery's event again now (same webhook-id), outside the endpoint's order; its attempt is logged. */
export async function redeliverDelivery(caller: Caller, id: string, deliveryId: string): Promise<WebhookDelivery> {
  const endpoint = await ownEndpoint(caller, id);
  const delivery = isUuid(deliveryId) ? await getDb().webhookDelivery.findFirst({ where: { id: deliveryId.toLowerCase(), endpointId: endpoint.id } }) : null;
  if (!delivery) throw ApiError.notFound(`No delivery with id ${deliveryId} of webhook endpoint ${endpoint.id}.`);
  const event = await getDb().auditEvent.findFirst({ where: { id: delivery.eventId, teamId: endpoint.teamId } });
  if (!event) throw ApiError.notFound(`The event of delivery ${deliveryId} is gone.`);
  const attempts = await getDb().webhookDelivery.count({ where: { endpointId: endpoint.id, eventId: event.id } });
  return deliveryOf(await redeliver(endpoint, event, attempts + 1));
}
