import { apiFieldsOf } from "../schema/fields";
import { LOGO_SIZES } from "../domain/enums";
import type { Computed } from "../db/json-sql";
import { sql } from "kysely";
import { companySchema, companySummarySchema, type Company, type CompanySummary } from "./schema";

/** A company in the list (companySummarySchema), written by the database as JSON (lib/db/json-sql.ts). */
export const COMPANY_SUMMARY_FIELDS = apiFieldsOf<CompanySummary>(companySummarySchema);

/** A company's detail (companySchema), written by the database the same way, its logos computed. */
export const COMPANY_FIELDS = apiFieldsOf<Company>(companySchema);

/** Our own logo route; `origin` is "" for same-site links in pages, absolute for the API. */
export function logoUrl(origin: string, companyId: string, size: number): string {
  return `${origin}/logos/${companyId}/${size}x${size}.svg`;
}

/**
 * The `logos` field as the database writes it: logoUrl's URL for every size, in LOGO_SIZES order,
 * under the value `origin`.
 */
export const COMPANY_LOGOS: Computed = (dialect, value) => ({
  logos: dialect.jsonObject(LOGO_SIZES.map((n) => [`logo_${n}x${n}`, sql`CAST(${value("origin")} AS TEXT) || '/logos/' || t.id || ${sql.lit(`/${n}x${n}.svg`)}`] as const)),
});
