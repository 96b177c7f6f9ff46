import { REQUIRES } from "@/lib/auth/requirements";
import { ApiResult, apiRoute, otherMethods } from "@/lib/http/handler";
import { bodyWithoutQuery, parseBody, readJsonBody } from "@/lib/schema/body";
import { queueRedelivery } from "@/lib/webhooks/replay";
import { webhookRedeliverSchema, type WebhookRedeliver } from "@/lib/webhooks/schema";

export const POST = apiRoute<{ id: string }, WebhookRedeliver>(
  {
    requires: REQUIRES.manageWebhooks,
    input: ({ request, url }) => bodyWithoutQuery(url, async () => parseBody(webhookRedeliverSchema, await readJsonBody(request))),
  },
  // 202: the events are queued; the worker sends them within seconds.
  async ({ caller, params, input }) => new ApiResult(await queueRedelivery(caller, params.id, input), 202),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
