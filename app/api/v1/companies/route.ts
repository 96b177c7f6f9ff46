import { apiRoute, readOnly } from "@/lib/http/handler";
import { listResponse } from "@/lib/http/list-response";
import { companyList } from "@/lib/companies/queries";
import { parseCompanyListParams } from "@/lib/companies/schema";

export const GET = apiRoute(async ({ request, url, caller }) => {
  const query = parseCompanyListParams(url.searchParams);
  if (!query.ok) throw query.error;
  // The directory reads alike for every caller and changes rarely: a page answered is kept.
  return listResponse(request, "companies", companyList(query.value), query.value, caller, { keepAnswers: true });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
