import { readOnly } from "@/lib/http/handler";
import { etagResponse } from "@/lib/http/list-response";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { getMarketIndication } from "@/lib/market/order";

export const GET = operationRoute(OPERATIONS.getMarketIndication, async ({ request, caller, params }) => etagResponse(request, await getMarketIndication(caller, params.permalink_id)));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
