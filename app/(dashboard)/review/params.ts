/**
 * The review's own view parameters: each breakdown's sort (`company_sort=-count`), kept in the URL
 * for reload and shared links, and taken out before the trades' query is parsed.
 */
export const BREAKDOWN_SORT_PARAMS = ["company_sort", "broker_sort"] as const;
export type BreakdownSortParam = (typeof BREAKDOWN_SORT_PARAMS)[number];
