import { opsDealList } from "@/lib/deals/queries";
import { readOnly } from "@/lib/http/handler";
import { listResponse } from "@/lib/http/list-response";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";

export const GET = operationRoute(OPERATIONS.listAllDeals, async ({ request, caller, input }) => listResponse(request, "deals", opsDealList(caller, input), input));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
