import { REQUIRES } from "@/lib/auth/requirements";
import { apiRoute, otherMethods } from "@/lib/http/handler";
import { bodyWithoutQuery, noBody, parseBody, readJsonBody } from "@/lib/schema/body";
import { noQuery } from "@/lib/schema/params";
import { deleteWebhook, updateWebhook } from "@/lib/webhooks/commands";
import { getWebhook } from "@/lib/webhooks/queries";
import { webhookPatchSchema, type WebhookPatch } from "@/lib/webhooks/schema";

type Params = { id: string };

export const GET = apiRoute<Params, void>({ requires: REQUIRES.manageWebhooks, input: ({ url }) => noQuery(url) }, async ({ caller, params }) => getWebhook(caller, params.id));

export const PATCH = apiRoute<Params, WebhookPatch>(
  {
    requires: REQUIRES.manageWebhooks,
    input: ({ request, url }) => bodyWithoutQuery(url, async () => parseBody(webhookPatchSchema, await readJsonBody(request, { mergePatch: true }))),
  },
  async ({ caller, params, input }) => updateWebhook(caller, params.id, input),
);

export const DELETE = apiRoute<Params, void>({ requires: REQUIRES.manageWebhooks, input: noBody }, async ({ caller, params }) => deleteWebhook(caller, params.id));

export const { POST, PUT, OPTIONS } = otherMethods("GET", "PATCH", "DELETE");
