import { apiFieldsOf } from "../schema/fields";
import { LOGO_SIZES } from "../domain/enums";
import { columnJson, type ApiFields, type Computed } from "../db/json-sql";
import { col } from "../db/sql";
import { sql } from "kysely";
import { companySchema, companySummarySchema, type Company, type CompanyDirectoryItem, type CompanySummary } from "./schema";

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

/**
 * A directory row of the dashboard: the company's detail and its current mark, as the columns it
 * sorts and filters by hold it (`mark`: the price; `ratio_30d`: over the mark 30 days before), so
 * the row shows what it is sorted by. Not the API's: GET /companies lists names.
 */
export const DIRECTORY_FIELDS = { ...COMPANY_FIELDS, mark: "decimal", ratio_30d: "decimal" } as ApiFields<CompanyDirectoryItem>;

/** The logos, and the mark fields read from their columns (their names are not the columns'). */
export const DIRECTORY_COMPUTED: Computed = (dialect, value) => ({
  ...COMPANY_LOGOS(dialect, value),
  mark: columnJson(dialect, col("mark_price"), "decimal"),
  ratio_30d: columnJson(dialect, col("mark_ratio_30d"), "decimal"),
});
