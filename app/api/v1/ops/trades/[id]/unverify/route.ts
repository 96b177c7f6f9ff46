import { otherMethods } from "@/lib/http/handler";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { resourceResponse } from "@/lib/http/resource-response";
import { setTradeVerified } from "@/lib/trades/commands";

export const POST = operationRoute(OPERATIONS.unverifyTrade, async ({ request, caller, params, input }) =>
  resourceResponse(await setTradeVerified(caller, params.id, false, input.reason, request.headers.get("if-match"))),
);

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
