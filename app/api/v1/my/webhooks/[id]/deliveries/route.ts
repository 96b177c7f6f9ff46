import { REQUIRES } from "@/lib/auth/requirements";
import { apiRoute, readOnly } from "@/lib/http/handler";
import { parseQuery } from "@/lib/schema/params";
import { listDeliveries } from "@/lib/webhooks/queries";
import { deliveryListParamsSchema, type DeliveryListQuery } from "@/lib/webhooks/schema";

export const GET = apiRoute<{ id: string }, DeliveryListQuery>(
  {
    requires: REQUIRES.manageWebhooks,
    input: ({ url }) => {
      const query = parseQuery(deliveryListParamsSchema, url.searchParams);
      if (!query.ok) throw query.error;
      return query.value;
    },
  },
  async ({ caller, params, input }) => listDeliveries(caller, params.id, input),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
