import { REQUIRES } from "@/lib/auth/requirements";
import { apiRoute, readOnly } from "@/lib/http/handler";
import { listResponse } from "@/lib/http/list-response";
import { parseQuery } from "@/lib/schema/params";
import { opsTradeList } from "@/lib/trades/queries";
import { opsTradeListParamsSchema } from "@/lib/trades/schema";

export const GET = apiRoute(
  {
    requires: REQUIRES.listEveryTeamsTrades,
    input: ({ url }) => {
      const query = parseQuery(opsTradeListParamsSchema, url.searchParams);
      if (!query.ok) throw query.error;
      return query.value;
    },
  },
  async ({ request, caller, input }) => listResponse(request, "trades", opsTradeList(caller, input), input, caller),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
