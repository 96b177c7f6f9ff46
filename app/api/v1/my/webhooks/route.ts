import { ApiResult, otherMethods } from "@/lib/http/handler";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { createWebhook } from "@/lib/webhooks/commands";
import { listWebhooks } from "@/lib/webhooks/queries";

export const GET = operationRoute(OPERATIONS.listWebhooks, async ({ caller }) => listWebhooks(caller));

export const POST = operationRoute(OPERATIONS.createWebhook, async ({ caller, input }) => {
  const created = await createWebhook(caller, input);
  return new ApiResult(created, 201, { location: `/api/v1/my/webhooks/${created.id}` });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
