import { readOnly } from "@/lib/http/handler";
import { keptResponse } from "@/lib/http/list-response";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { companyMarksRead } from "@/lib/marks/queries";

export const GET = operationRoute(OPERATIONS.listCompanyMarks, async ({ request, caller, params, input }) => keptResponse(request, await companyMarksRead(caller, params.company_id, input)));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
