import { readOnly } from "@/lib/http/handler";
import { etagResponse } from "@/lib/http/list-response";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { companyMarks } from "@/lib/marks/queries";

export const GET = operationRoute(OPERATIONS.listCompanyMarks, async ({ request, caller, params, input }) => etagResponse(request, await companyMarks(caller, params.company_id, input)));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
