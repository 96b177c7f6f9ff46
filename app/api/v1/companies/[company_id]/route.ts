import { readOnly } from "@/lib/http/handler";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { publicOrigin } from "@/lib/http/origin";
import { getCompany } from "@/lib/companies/queries";

export const GET = operationRoute(OPERATIONS.getCompany, async ({ request, caller, params }) => getCompany(caller, params.company_id, publicOrigin(request)));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
