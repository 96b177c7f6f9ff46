import { readOnly } from "@/lib/http/handler";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { listDeliveries } from "@/lib/webhooks/queries";

export const GET = operationRoute(OPERATIONS.listWebhookDeliveries, async ({ caller, params, input }) => listDeliveries(caller, params.id, input));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
