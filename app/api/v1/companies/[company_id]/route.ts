import { apiRoute, readOnly } from "@/lib/api/handler";
import { ApiError } from "@/lib/api/errors";
import { publicOrigin } from "@/lib/api/origin";
import { getCompany } from "@/lib/companies/queries";

export const GET = apiRoute<{ company_id: string }>(async ({ request, url, caller, params }) => {
  if ([...url.searchParams.keys()].length > 0) throw ApiError.unknownParameter([...url.searchParams.keys()][0]);
  return getCompany(caller, params.company_id, publicOrigin(request));
});

export const { POST, PUT, PATCH, DELETE } = readOnly;
