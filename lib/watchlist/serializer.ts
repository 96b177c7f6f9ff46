import { companySummarySchema, type CompanySummary } from "../companies/schema";
import type { WatchlistEntry } from "./schema";

/** The directory's list fields (companySummarySchema), so both lists show a company alike. */
export const SUMMARY_KEYS = Object.keys(companySummarySchema.shape) as (keyof CompanySummary)[];

/** A stored entry with its company, as the API answers it. */
export function entryOf(company: CompanySummary, followedAt: Date): WatchlistEntry {
  const summary = Object.fromEntries(SUMMARY_KEYS.map((key) => [key, company[key]])) as CompanySummary;
  return { ...summary, followed_at: followedAt.toISOString() };
}
