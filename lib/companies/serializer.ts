import { apiFieldsOf } from "../schema/fields";
import { LOGO_SIZES } from "../domain/enums";
import type { Computed } from "../db/json-sql";
import { sql } from "kysely";
import { companySchema, companySummarySchema, type Company, type CompanySummary } from "./schema";

/** A company in the list (companySummarySchema), written by the database as JSON (lib/db/json-sql.ts). */
export const COMPANY_SUMMARY_FIELDS = apiFieldsOf<CompanySummary>(companySummarySchema);

/** A company's detail (companySchema), written by the database the same way, its logos computed. */
export const COMPANY_FIELDS = apiFieldsOf<Company>(companySchema);

/**
 * The `logos` field as the database writes it: our own logo route, `<origin>/logos/<id>/<n>x<n>.svg`,
 * for every size, in LOGO_SIZES order, under the value `origin` ("" for same-site links in pages,
 * absolute for the API).
 */
export const COMPANY_LOGOS: Computed = (dialect, value) => ({
  logos: dialect.jsonObject(LOGO_SIZES.map((n) => [`logo_${n}x${n}`, sql`CAST(${value("origin")} AS TEXT) || '/logos/' || t.id || ${sql.lit(`/${n}x${n}.svg`)}`] as const)),
});
