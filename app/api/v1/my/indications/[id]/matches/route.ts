import { listMatches } from "@/lib/deals/matches";
import { readOnly } from "@/lib/http/handler";
import { etagResponse } from "@/lib/http/list-response";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";

export const GET = operationRoute(OPERATIONS.listIndicationMatches, async ({ request, caller, params }) => etagResponse(request, await listMatches(caller, params.id)));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
