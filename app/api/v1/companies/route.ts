import { apiRoute, readOnly } from "@/lib/http/handler";
import { listResponse } from "@/lib/http/list-response";
import { companyList } from "@/lib/companies/queries";
import { parseCompanyListParams } from "@/lib/companies/schema";
import { followedCompanyIds } from "@/lib/watchlist/watchlist";

export const GET = apiRoute(async ({ request, url, caller }) => {
  const query = parseCompanyListParams(url.searchParams);
  if (!query.ok) throw query.error;
  const followed = query.value.following === undefined ? [] : await followedCompanyIds(caller);
  // The directory reads alike for every caller and changes rarely: a page answered is kept (a
  // `following` page under the followed ids it was read with, which are part of its key).
  return listResponse(request, "companies", companyList(query.value, followed), query.value, caller, { keepAnswers: true });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
