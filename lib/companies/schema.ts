import { z } from "zod";
import { LOGO_SIZES } from "../domain/enums";
import { pageFieldsSchema } from "../schema/pagination";
import { booleanParam, listQuery, pageParams, sortParam, textParam } from "../schema/params";

/** GET /companies query parameters. */
export const companyListParamsSchema = listQuery({
  ...pageParams,
  q: textParam("q", 200),
  country: textParam("country", 100),
  region: textParam("region", 100),
  /** Only the companies the caller follows (true) or only the others (false): lib/watchlist/. */
  following: booleanParam("following"),
  sort: sortParam(["name"], { field: "name", direction: "asc" }),
});
export type CompanyListQuery = z.output<typeof companyListParamsSchema>;

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

export const companyListSchema = z.object({ companies: z.array(companySummarySchema), ...pageFieldsSchema });
