import type { CompanyOption } from "@/components/data-table/types";
import type { Caller } from "@/lib/auth/caller";
import { getCompany } from "@/lib/companies/queries";

/** Where the company filter looks names up as the user types (accepts the browser session). */
export const COMPANY_SEARCH_URL = "/api/v1/companies";

/**
 * The company named by `issuer_id`, for the filter's text: from the rows when one of them is in
 * that company (the common case), else from the company itself when the caller may view it.
 */
export async function selectedIssuer(
  caller: Caller,
  issuerId: string | undefined,
  rows: readonly { issuer: CompanyOption }[],
): Promise<CompanyOption | null> {
  if (!issuerId) return null;
  const fromRows = rows.find((row) => row.issuer.id === issuerId)?.issuer;
  if (fromRows) return { id: fromRows.id, name: fromRows.name };
  if (!caller.permissions.includes("companies")) return null;
  try {
    const company = await getCompany(caller, issuerId);
    return { id: company.id, name: company.name };
  } catch {
    return null;
  }
}
