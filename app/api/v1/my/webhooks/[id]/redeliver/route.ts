import { ApiResult, otherMethods } from "@/lib/http/handler";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { queueRedelivery } from "@/lib/webhooks/replay";

// 202: the events are queued; the worker sends them within seconds.
export const POST = operationRoute(OPERATIONS.redeliverWebhookRange, async ({ caller, params, input }) => new ApiResult(await queueRedelivery(caller, params.id, input), 202));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
