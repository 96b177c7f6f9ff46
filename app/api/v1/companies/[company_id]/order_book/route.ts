import { readOnly } from "@/lib/http/handler";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { orderBookJson } from "@/lib/market/queries";

export const GET = operationRoute(OPERATIONS.getOrderBook, async ({ caller, params, input }) => orderBookJson(caller, params.company_id, input));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
