import { notFound } from "next/navigation";
import { cache } from "react";
import { ApiError } from "@/lib/schema/errors";
import type { Caller } from "@/lib/auth/caller";
import { REQUIRES } from "@/lib/auth/requirements";
import { getCompany } from "@/lib/companies/queries";
import type { Company } from "@/lib/companies/schema";
import { forbid } from "./forbid";

/**
 * The company of /companies/[id], loaded once per request (layout and page both ask). The data
 * function's errors become the pages' answers: 403 without the companies permission, 404 for an
 * unknown id (and for an id that is not even a UUID: there is no such page).
 */
export const loadCompanyForPage = cache(async (caller: Caller, id: string): Promise<Company> => {
  try {
    return await getCompany(caller, id);
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status === 403) forbid({ kind: "permission", name: REQUIRES.viewCompany.permission });
      if (error.status === 404) notFound();
    }
    throw error;
  }
});
