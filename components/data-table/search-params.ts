/**
 * URL <-> table state, shared by server pages and the client kit (no React here).
 *
 * A table's URL is the API's query string: `page`, `per_page`, `sort` and the filters have exactly
 * the names and formats of GET /api/v1/my/... . UI-only state (hidden columns) has its own
 * parameters, removed before the query is parsed (the parsers reject unknown parameters). Several
 * tables on one page keep apart by a prefix ("ind_page", "trd_page").
 */

import type { SortOrder } from "@/lib/schema/params";

export type SearchParamsRecord = Record<string, string | string[] | undefined>;

/** Hidden columns, comma-separated column ids. Absent: the table's defaults; empty: show all. */
export const HIDE_PARAM = "hide";
/** Row density: absent is comfortable, `compact` packs more rows on a screen. */
export const DENSITY_PARAM = "density";
const UI_PARAMS: readonly string[] = [HIDE_PARAM, DENSITY_PARAM];

export const PAGE_SIZES = [10, 25, 50, 100] as const;

export function toUrlSearchParams(record: SearchParamsRecord): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, v);
    else params.append(key, value);
  }
  return params;
}

/**
 * One table's share of the page's URL: its parameters (prefix removed), split into the API query
 * and the UI-only parameters. With a prefix, parameters without it belong to someone else.
 */
export function tableParams(all: URLSearchParams, prefix = ""): { query: URLSearchParams; ui: URLSearchParams } {
  const query = new URLSearchParams();
  const ui = new URLSearchParams();
  for (const [fullKey, value] of all) {
    if (prefix && !fullKey.startsWith(prefix)) continue;
    const key = fullKey.slice(prefix.length);
    (UI_PARAMS.includes(key) ? ui : query).append(key, value);
  }
  return { query, ui };
}

/** Parameters a page handles itself (e.g. the company page's fixed issuer), removed from the query. */
export function withoutParams(params: URLSearchParams, keys: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of keys) next.delete(key);
  return next;
}

export function parseHidden(value: string | null, defaults: readonly string[]): string[] {
  if (value === null) return [...defaults];
  return value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The address of a list's CSV export for a table's query: the parameters the export takes (its
 * schema's keys, so `page` and `per_page` drop out: the export is the whole set), in order.
 */
export function exportHref(path: string, query: URLSearchParams, accepted: readonly string[]): string {
  const kept = new URLSearchParams();
  for (const [key, value] of query) if (accepted.includes(key)) kept.append(key, value);
  const text = kept.toString().replace(/%2C/gi, ",");
  return text ? `${path}?${text}` : path;
}

/**
 * The sort a table's controls show. Under a refused link nothing is sorted: they show what the
 * link's own `sort` asks for, as written ("bogus" sorts no column; the phone's select shows it as a
 * select filter shows a refused value), not the default the page fell back to.
 */
export function shownSort(sort: SortOrder<string>, refused: boolean, asked: string | null): SortOrder<string> {
  if (!refused || asked === null) return sort;
  return asked.startsWith("-") ? { field: asked.slice(1), direction: "desc" } : { field: asked, direction: "asc" };
}
