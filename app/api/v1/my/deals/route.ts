import { dealList } from "@/lib/deals/queries";
import { readOnly } from "@/lib/http/handler";
import { listResponse } from "@/lib/http/list-response";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";

export const GET = operationRoute(OPERATIONS.listDeals, async ({ request, caller, input }) => listResponse(request, "deals", dealList(caller, input), input, { keepAnswers: true }));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
