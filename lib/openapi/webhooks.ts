import { z } from "zod";
import { AUDIT_ACTIONS, auditEventSchema } from "../audit/events";
import { body } from "./responses";

const signedHeader = (name: string, description: string) => ({ name, in: "header", required: true, description, schema: { type: "string" } });

/**
 * What a registered endpoint receives (docs/api/live.md, "Webhooks"), one entry per event type: a POST
 * signed by the Standard Webhooks spec, whose body is the audit event as GET /my/events shows it.
 */
export function webhookDeliveries() {
  return Object.fromEntries(
    AUDIT_ACTIONS.map((action) => [
      action,
      {
        post: {
          operationId: `webhook.${action}`,
          summary: `An ${action} event of the team, delivered to each endpoint whose events name it (or ${action.split(".")[0]}.*, or *)`,
          parameters: [
            signedHeader("webhook-id", "The audit event's id: the same on every attempt and redelivery of the event"),
            signedHeader("webhook-timestamp", "The attempt's time, in seconds since 1970"),
            signedHeader("webhook-signature", "`v1,<base64 HMAC-SHA256>` per secret in use, separated by spaces (two during a rotation's overlap)"),
          ],
          requestBody: body(z.object({ type: z.literal(action), timestamp: auditEventSchema.shape.occurred_at, data: auditEventSchema })),
          responses: { "200": { description: "Any 2xx: received. Anything else, or no answer within 10 s, is retried with back-off" } },
        },
      },
    ]),
  );
}
