import { cache } from "react";
import type { Caller } from "@/lib/auth/caller";
import { listCompanies } from "@/lib/companies/queries";
import { parseCompanyListParams } from "@/lib/companies/schema";
import { MAX_PER_PAGE } from "@/lib/api/pagination";

/** Upper bound on the company picker's list (it is a datalist, not a search). */
const MAX_PICKER_PAGES = 50;

/**
 * Every company's id and name, for the tables' company filter (a datalist resolving a name to
 * issuer_id). Uses the same listCompanies function as GET /api/v1/companies, page by page.
 */
export const companyOptions = cache(async (caller: Caller): Promise<{ id: string; name: string }[]> => {
  const all: { id: string; name: string }[] = [];
  for (let page = 1; page <= MAX_PICKER_PAGES; page++) {
    const parsed = parseCompanyListParams(new URLSearchParams({ page: String(page), per_page: String(MAX_PER_PAGE) }));
    if (!parsed.ok) throw parsed.error;
    const result = await listCompanies(caller, parsed.value);
    all.push(...result.items);
    if (!result.has_more) break;
  }
  return all;
});
