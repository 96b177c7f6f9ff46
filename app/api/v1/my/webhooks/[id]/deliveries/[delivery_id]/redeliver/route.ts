import { otherMethods } from "@/lib/http/handler";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { redeliverDelivery } from "@/lib/webhooks/commands";

export const POST = operationRoute(OPERATIONS.redeliverWebhookDelivery, async ({ caller, params }) => redeliverDelivery(caller, params.id, params.delivery_id));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
