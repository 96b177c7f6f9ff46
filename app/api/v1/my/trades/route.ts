import { REQUIRES } from "@/lib/auth/requirements";
import { readJsonBody, parseBody } from "@/lib/schema/body";
import { apiRoute, otherMethods } from "@/lib/http/handler";
import { resourceResponse } from "@/lib/http/resource-response";
import { createTrade } from "@/lib/trades/commands";
import { tradeList } from "@/lib/trades/queries";
import { listResponse } from "@/lib/http/list-response";
import { parseTradeListParams } from "@/lib/trades/schema";
import { TRADE_REFUSED, tradeCreateSchema } from "@/lib/trades/write-schema";

export const GET = apiRoute(async ({ request, url, caller }) => {
  const query = parseTradeListParams(url.searchParams);
  if (!query.ok) throw query.error;
  return listResponse(request, "trades", tradeList(caller.teamId, query.value), query.value, caller);
});

export const POST = apiRoute(
  {
    requires: REQUIRES.recordTrade,
    input: async ({ request }) => parseBody(tradeCreateSchema, await readJsonBody(request), TRADE_REFUSED.onCreate),
  },
  async ({ caller, input }) => resourceResponse(await createTrade(caller, input), { createdIn: "/api/v1/my/trades" }),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
