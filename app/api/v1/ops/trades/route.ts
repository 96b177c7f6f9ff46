import { readOnly } from "@/lib/http/handler";
import { listResponse } from "@/lib/http/list-response";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { opsTradeList } from "@/lib/trades/queries";

export const GET = operationRoute(OPERATIONS.listAllTrades, async ({ request, caller, input }) => listResponse(request, "trades", opsTradeList(caller, input), input));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
