import { readOnly } from "@/lib/http/handler";
import { etagResponse } from "@/lib/http/list-response";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { companyMark } from "@/lib/marks/queries";

export const GET = operationRoute(OPERATIONS.getCompanyMark, async ({ request, caller, params }) => etagResponse(request, await companyMark(caller, params.company_id)));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
