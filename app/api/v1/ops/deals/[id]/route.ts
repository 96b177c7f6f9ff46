import { getAnyDeal } from "@/lib/deals/queries";
import { readOnly } from "@/lib/http/handler";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { resourceResponse } from "@/lib/http/resource-response";

export const GET = operationRoute(OPERATIONS.getAnyDeal, async ({ request, caller, params }) =>
  resourceResponse(await getAnyDeal(caller, params.id), { ifNoneMatch: request.headers.get("if-none-match") }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
