import type { ApiError } from "@/lib/schema/errors";
import type { Page } from "@/lib/schema/pagination";
import { toUrlSearchParams, type SearchParamsRecord } from "@/components/data-table/search-params";

export type PageSearchParams = Promise<SearchParamsRecord>;

export async function readSearchParams(searchParams: PageSearchParams): Promise<URLSearchParams> {
  return toUrlSearchParams(await searchParams);
}

/** What a table page renders when its URL does not parse: no rows, and the parser's message. */
export function emptyPage<T>(perPage = 25): Page<T> {
  return { items: [], page: 1, per_page: perPage, total_pages: 0, total_count: 0, has_more: false };
}

export interface InvalidQuery {
  message: string;
  param: string | null;
  /** Every parameter at fault, the first one included (the parser reports them all at once). */
  problems: { param: string; message: string }[];
  /** The parameter is well formed but not for this user (a 403 naming it): a refusal, not a mistake. */
  refused: boolean;
}

export function invalidQuery(error: ApiError): InvalidQuery {
  return { message: error.message, param: error.param, problems: error.errors.map(({ param, message }) => ({ param, message })), refused: error.status === 403 };
}

/** The page numbers only (the rows travel separately to the client table). */
export function pageInfo(page: Page<unknown>) {
  return { page: page.page, per_page: page.per_page, total_pages: page.total_pages, total_count: page.total_count };
}
