import { z } from "zod";
import { LOGO_SIZES } from "../domain/enums";
import { pageFieldsSchema } from "../schema/pagination";
import { booleanParam, changeParam, listQuery, optionalDecimalParam, pageParams, sortParam, textParam } from "../schema/params";
import { ratioBound } from "./mark-columns";

/** The directory's sorts: by name, or by a company's current mark or its 30-day change (those without last, either way). */
const COMPANY_SORT_FIELDS = ["name", "mark", "change_30d"] as const;

/**
 * GET /companies query parameters. The mark's bounds and sorts read what only a caller with
 * `companies` may know: lib/companies/queries.ts refuses them to others (403 naming the parameter).
 */
export const companyListParamsSchema = listQuery({
  ...pageParams,
  q: textParam("q", 200),
  country: textParam("country", 100),
  region: textParam("region", 100),
  /** Only the companies the caller follows (true) or only the others (false): lib/watchlist/. */
  following: booleanParam("following"),
  /** The current mark's price per share, inclusive bounds (stored form). */
  mark_min: optionalDecimalParam("mark_min"),
  mark_max: optionalDecimalParam("mark_max"),
  /** The 30-day change of the mark (0.05 is up 5 %), inclusive bounds, as the stored ratio 1 + change. */
  change_30d_min: changeParam("change_30d_min", ratioBound),
  change_30d_max: changeParam("change_30d_max", ratioBound),
  sort: sortParam(COMPANY_SORT_FIELDS, { field: "name", direction: "asc" }),
});
export type CompanyListQuery = z.output<typeof companyListParamsSchema>;

/** The parameters that read a company's mark, in the schema's order (sort: only by a mark). */
export const MARK_PARAMS = ["mark_min", "mark_max", "change_30d_min", "change_30d_max"] as const;

/** The first parameter of `query` that reads the companies' marks, if any: `sort` when it sorts by one. */
export function markParamOf(query: CompanyListQuery): (typeof MARK_PARAMS)[number] | "sort" | undefined {
  return MARK_PARAMS.find((name) => query[name] !== undefined) ?? (query.sort.field === "name" ? undefined : "sort");
}

/** The parameters that read a company's headquarters, a detail as its mark is. */
export const HQ_PARAMS = ["country", "region"] as const;

/**
 * The first parameter of `query` that reads what only `companies` may see (its details: the
 * headquarters, the mark), if any. An empty value (`?country=`) reads nothing.
 */
export function detailParamOf(query: CompanyListQuery): (typeof HQ_PARAMS)[number] | (typeof MARK_PARAMS)[number] | "sort" | undefined {
  return HQ_PARAMS.find((name) => query[name] !== undefined && query[name] !== "") ?? markParamOf(query);
}

export type LogoKey = `logo_${(typeof LOGO_SIZES)[number]}x${(typeof LOGO_SIZES)[number]}`;
const LOGO_KEYS = LOGO_SIZES.map((n) => `logo_${n}x${n}` as LogoKey);

/** Spec 2.1: list items hold id and name only. */
export const companySummarySchema = z.object({ id: z.string(), name: z.string() });
export type CompanySummary = z.infer<typeof companySummarySchema>;

/** Spec 2.2. */
export const companySchema = z.object({
  id: z.string(),
  name: z.string(),
  legal_name: z.string(),
  country: z.string(),
  region: z.string(),
  url: z.string(),
  platform_url: z.string(),
  description: z.string(),
  logos: z.object(Object.fromEntries(LOGO_KEYS.map((k) => [k, z.string()])) as Record<LogoKey, z.ZodString>),
  lead_investors: z.array(z.string()),
});
export type Company = z.infer<typeof companySchema>;

/** A row of the dashboard's directory (lib/companies/serializer.ts DIRECTORY_FIELDS): the mark as a decimal string, its ratio to 30 days before. */
export type CompanyDirectoryItem = Company & { mark: string | null; ratio_30d: string | null };

export const companyListSchema = z.object({ companies: z.array(companySummarySchema), ...pageFieldsSchema });
