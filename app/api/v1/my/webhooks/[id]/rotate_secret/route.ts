import { REQUIRES } from "@/lib/auth/requirements";
import { apiRoute, otherMethods } from "@/lib/http/handler";
import { noBody } from "@/lib/schema/body";
import { rotateWebhookSecret } from "@/lib/webhooks/commands";

export const POST = apiRoute<{ id: string }, void>(
  { requires: REQUIRES.manageWebhooks, input: noBody },
  async ({ caller, params }) => rotateWebhookSecret(caller, params.id),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
