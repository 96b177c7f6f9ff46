import { readOnly } from "@/lib/http/handler";
import { listResponse } from "@/lib/http/list-response";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS } from "@/lib/http/operations";
import { companyList, requireDetailsAllowed } from "@/lib/companies/queries";
import { followedCompanyIds } from "@/lib/watchlist/watchlist";

export const GET = operationRoute(OPERATIONS.listCompanies, async ({ request, caller, input }) => {
  requireDetailsAllowed(caller, input);
  const followed = input.following === undefined ? [] : await followedCompanyIds(caller);
  // The directory reads alike for every caller and changes rarely: a page answered is kept (a
  // `following` page under the followed ids it was read with, which are part of its key).
  return listResponse(request, "companies", companyList(input, followed), input, { keepAnswers: true });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = readOnly;
