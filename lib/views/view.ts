/**
 * Saved views (docs/ui.md "Saved views"): a user names the table state they are looking at
 * (filters, sort, hidden columns, density: all of it in the table's URL) and opens it again later
 * from the table's toolbar. What a view is, without zod: the toolbar imports it in the browser.
 */

/** The tables a view can be saved for: the dashboard's full-page tables, by their page. */
export const SAVED_VIEW_TABLES = ["indications", "trades", "verification"] as const;
export type SavedViewTable = (typeof SAVED_VIEW_TABLES)[number];

/** A user keeps this many views per table: a menu, not a store. */
export const MAX_VIEWS_PER_TABLE = 30;
export const VIEW_NAME_MAX = 60;
export const VIEW_QUERY_MAX = 2000;

/** Parameters a view never keeps: the page number belongs to a moment, not to a view. */
const MOMENTARY_PARAMS = ["page"];

/** The query string as a view keeps it: without the page, with commas readable, in a stable order. */
export function viewQuery(query: string): string {
  const params = new URLSearchParams(query);
  for (const name of MOMENTARY_PARAMS) params.delete(name);
  params.sort();
  return params.toString().replace(/%2C/gi, ",");
}

export interface SavedView {
  id: string;
  name: string;
  /** The table's query string, without `?` (empty: the table as it opens). */
  query: string;
}
