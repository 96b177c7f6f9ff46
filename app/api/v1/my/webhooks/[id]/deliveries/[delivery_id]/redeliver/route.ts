import { REQUIRES } from "@/lib/auth/requirements";
import { apiRoute, otherMethods } from "@/lib/http/handler";
import { noBody } from "@/lib/schema/body";
import { redeliverDelivery } from "@/lib/webhooks/commands";

export const POST = apiRoute<{ id: string; delivery_id: string }, void>(
  { requires: REQUIRES.manageWebhooks, input: noBody },
  async ({ caller, params }) => redeliverDelivery(caller, params.id, params.delivery_id),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
