import { otherMethods } from "@/lib/http/handler";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { deleteWebhook, updateWebhook } from "@/lib/webhooks/commands";
import { getWebhook } from "@/lib/webhooks/queries";

export const GET = operationRoute(OPERATIONS.getWebhook, async ({ caller, params }) => getWebhook(caller, params.id));

export const PATCH = operationRoute(OPERATIONS.updateWebhook, async ({ caller, params, input }) => updateWebhook(caller, params.id, input));

export const DELETE = operationRoute(OPERATIONS.deleteWebhook, async ({ caller, params }) => deleteWebhook(caller, params.id));

export const { POST, PUT, OPTIONS } = otherMethods("GET", "PATCH", "DELETE");
