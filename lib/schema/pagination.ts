import "./zod-config";
import { z } from "zod";
import { JsonText } from "./json-text";

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
}

function pageFields(request: PageRequest, totalCount: number): Omit<Page<never>, "items"> {
  const totalPages = Math.ceil(totalCount / request.per_page);
  return {
    page: request.page,
    per_page: request.per_page,
    total_pages: totalPages,
    total_count: totalCount,
    has_more: request.page < totalPages,
  };
}

export function buildJsonPage<T>(itemsJson: string, request: PageRequest, totalCount: number, version?: string): JsonPage<T> {
  return { itemsJson, ...pageFields(request, totalCount), ...(version === undefined ? {} : { version }) };
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the counters are the API's concern, not the page's
export function parsePage<T>({ itemsJson, version, counter, ...fields }: JsonPage<T>): Page<T> {
  return { items: JSON.parse(itemsJson) as T[], ...fields };
}

/** The rows a page covers, as the page engine takes them (lib/db/page.ts ListQuery). */
export function pageWindow({ page, per_page }: PageRequest): { limit: number; offset: number } {
  return { limit: per_page, offset: (page - 1) * per_page };
}

/** The four page fields of spec 2.1/2.3/2.5, shared by every list response schema. */
export const pageFieldsSchema = {
  page: z.number().int().min(1),
  total_pages: z.number().int().min(0),
  total_count: z.number().int().min(0),
  has_more: z.boolean(),
};

/**
 * The list response: `{<resource>: [...], page, total_pages, total_count, has_more}`, with the
 * items spliced in as the database wrote them, and any `extra` fields after them (a summary).
 */
export function toListBody<T>(resource: string, page: JsonPage<T>, extra: Record<string, unknown> = {}): JsonText {
  const { page: number, total_pages, total_count, has_more } = page;
  const fields = JSON.stringify({ page: number, total_pages, total_count, has_more, ...extra }).slice(1);
  return new JsonText(`{${JSON.stringify(resource)}:${page.itemsJson},${fields}`);
}
