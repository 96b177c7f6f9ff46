import { otherMethods } from "@/lib/http/handler";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { rotateWebhookSecret } from "@/lib/webhooks/commands";

export const POST = operationRoute(OPERATIONS.rotateWebhookSecret, async ({ caller, params }) => rotateWebhookSecret(caller, params.id));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
