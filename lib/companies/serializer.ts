import { apiFieldsOf } from "../schema/fields";
import { LOGO_SIZES } from "../domain/enums";
import { parseStringList } from "../domain/json-list";
import { companySummarySchema, type Company, type CompanySummary, type LogoKey } from "./schema";
import type { CompanyRecord } from "../db/models";

export type CompanyRow = Omit<CompanyRecord, "searchText" | "logoColor">;

/** The columns a company's detail is made from (a Prisma select, and companyRow's list). */
export const COMPANY_ROW_COLUMNS = {
  id: true,
  name: true,
  legalName: true,
  country: true,
  region: true,
  url: true,
  platformUrl: true,
  description: true,
  leadInvestors: true,
} as const satisfies Record<keyof CompanyRow, true>;

/** A company in the list (companySummarySchema), written by the database as JSON (lib/db/json-sql.ts). */
export const COMPANY_SUMMARY_FIELDS = apiFieldsOf<CompanySummary>(companySummarySchema);

/** Our own logo route; `origin` is "" for same-site links in pages, absolute for the API. */
export function logoUrl(origin: string, companyId: string, size: number): string {
  return `${origin}/logos/${companyId}/${size}x${size}.svg`;
}

export function serializeCompany(row: CompanyRow, origin: string): Company {
  return {
    id: row.id,
    name: row.name,
    legal_name: row.legalName,
    country: row.country,
    region: row.region,
    url: row.url,
    platform_url: row.platformUrl,
    description: row.description,
    logos: Object.fromEntries(LOGO_SIZES.map((n) => [`logo_${n}x${n}`, logoUrl(origin, row.id, n)])) as Record<LogoKey, string>,
    lead_investors: parseStringList(row.leadInvestors),
  };
}
