import { REQUIRES } from "@/lib/auth/requirements";
import { ApiResult, apiRoute, otherMethods } from "@/lib/http/handler";
import { bodyWithoutQuery, parseBody, readJsonBody } from "@/lib/schema/body";
import { noQuery } from "@/lib/schema/params";
import { createWebhook } from "@/lib/webhooks/commands";
import { listWebhooks } from "@/lib/webhooks/queries";
import { webhookCreateSchema, type WebhookCreate } from "@/lib/webhooks/schema";

export const GET = apiRoute({ requires: REQUIRES.manageWebhooks, input: ({ url }) => noQuery(url) }, async ({ caller }) => listWebhooks(caller));

export const POST = apiRoute<Record<string, never>, WebhookCreate>(
  {
    requires: REQUIRES.manageWebhooks,
    input: ({ request, url }) => bodyWithoutQuery(url, async () => parseBody(webhookCreateSchema, await readJsonBody(request))),
  },
  async ({ caller, input }) => {
    const created = await createWebhook(caller, input);
    return new ApiResult(created, 201, { location: `/api/v1/my/webhooks/${created.id}` });
  },
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
