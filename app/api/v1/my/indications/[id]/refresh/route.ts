import { otherMethods } from "@/lib/http/handler";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { resourceResponse } from "@/lib/http/resource-response";
import { refreshIndication } from "@/lib/indications/commands";

export const POST = operationRoute(OPERATIONS.refreshIndication, async ({ request, caller, params }) => resourceResponse(await refreshIndication(caller, params.id, request.headers.get("if-match"))));

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
