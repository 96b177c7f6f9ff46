import { readOnly } from "@/lib/http/handler";
import { etagResponse } from "@/lib/http/list-response";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { deskMembers } from "@/lib/marks/desk50-queries";

export const GET = operationRoute(OPERATIONS.listDeskMembers, async ({ request }) => etagResponse(request, await deskMembers()));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
