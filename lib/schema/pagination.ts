import "./zod-config";
import { z } from "zod";
import { JsonText } from "./json-text";
import type { PageKey } from "../db/list-query";

export const DEFAULT_PER_PAGE = 25;
export const MAX_PER_PAGE = 100;
export const MAX_PAGE = 10_000_000;

/** What every list query function returns; the API and the pages both consume it. */
export interface Page<T> {
  items: T[];
  page: number;
  per_page: number;
  total_pages: number;
  total_count: number;
  /** True exactly when a later page exists (we follow the field's name, not the spec's prose). */
  has_more: boolean;
}

export interface PageRequest {
  page: number;
  per_page: number;
  /** The opaque cursor sent (docs/api/lists.md, "Cursors"): the API opens it (lib/http/cursor.ts); pages ignore it. */
  cursor?: string;
}

/**
 * What the list data functions return: a page whose items are still the database's JSON text
 * (lib/db/json-sql.ts). The API writes them out as they are (toListBody); pages parse them
 * (parsePage).
 */
export interface JsonPage<T> extends Omit<Page<T>, "items"> {
  itemsJson: string;
  readonly __item?: T;
  /** The change counters the page was read at, when it came from the page engine (lib/http/list-response.ts). */
  version?: string;
  /** The list's own counter among them (lib/db/page.ts PageResult.counter). */
  counter?: string;
  /** The page's last row when a row follows it, for next_cursor (lib/db/page.ts PageResult.next). */
  next?: PageKey;
}

/** `hasMore` from the reader: a cursor's page has no number to tell it (docs/api/lists.md, "Cursors"). */
function pageFields(request: PageRequest, totalCount: number, hasMore: boolean): Omit<Page<never>, "items"> {
  const totalPages = Math.ceil(totalCount / request.per_page);
  return {
    page: request.page,
    per_page: request.per_page,
    total_pages: totalPages,
    total_count: totalCount,
    has_more: hasMore,
  };
}

/** A page as its reader read it: `next`, the last row's key, exactly when a row follows the page. */
export function buildJsonPage<T>(itemsJson: string, request: PageRequest, totalCount: number, read: { version?: string; next?: PageKey }): JsonPage<T> {
  const { version, next } = read;
  return { itemsJson, ...pageFields(request, totalCount, next !== undefined), ...(version === undefined ? {} : { version }), ...(next && { next }) };
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the counters and the cursor are the API's concern, not the page's
export function parsePage<T>({ itemsJson, version, counter, next, ...fields }: JsonPage<T>): Page<T> {
  return { items: JSON.parse(itemsJson) as T[], ...fields };
}

/** The rows a page covers, as the page engine takes them (lib/db/list-query.ts ListQuery). */
export function pageWindow({ page, per_page }: PageRequest): { limit: number; offset: number } {
  return { limit: per_page, offset: (page - 1) * per_page };
}

/** The four page fields of spec 2.1/2.3/2.5 and the cursor, shared by every list response schema. */
export const pageFieldsSchema = {
  page: z.number().int().min(1),
  total_pages: z.number().int().min(0),
  total_count: z.number().int().min(0),
  has_more: z.boolean(),
  next_cursor: z.string().nullable().describe("Send as `cursor` for the rows after this page, in the same order; null when none follows."),
};

/**
 * The list response: `{<resource>: [...], page, total_pages, total_count, has_more, next_cursor}`,
 * with the items spliced in as the database wrote them, and any `extra` fields after them (a summary).
 */
export function toListBody<T>(resource: string, page: JsonPage<T>, nextCursor: string | null, extra: Record<string, unknown> = {}): JsonText {
  const { page: number, total_pages, total_count, has_more } = page;
  const fields = JSON.stringify({ page: number, total_pages, total_count, has_more, next_cursor: nextCursor, ...extra }).slice(1);
  return new JsonText(`{${JSON.stringify(resource)}:${page.itemsJson},${fields}`);
}
