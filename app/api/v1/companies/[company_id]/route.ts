import { REQUIRES } from "@/lib/auth/requirements";
import { apiRoute, readOnly } from "@/lib/http/handler";
import { noQuery } from "@/lib/schema/params";
import { publicOrigin } from "@/lib/http/origin";
import { getCompany } from "@/lib/companies/queries";

export const GET = apiRoute<{ company_id: string }>({ requires: REQUIRES.viewCompany }, async ({ request, url, caller, params }) => {
  noQuery(url);
  return getCompany(caller, params.company_id, publicOrigin(request));
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
