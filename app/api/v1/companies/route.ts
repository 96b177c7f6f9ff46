import { apiRoute, readOnly } from "@/lib/api/handler";
import { toListBody } from "@/lib/api/pagination";
import { listCompanies } from "@/lib/companies/queries";
import { parseCompanyListParams } from "@/lib/companies/schema";

export const GET = apiRoute(async ({ url, caller }) => {
  const query = parseCompanyListParams(url.searchParams);
  if (!query.ok) throw query.error;
  return toListBody("companies", await listCompanies(caller, query.value));
});

export const { POST, PUT, PATCH, DELETE } = readOnly;
