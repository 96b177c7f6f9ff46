import { z } from "zod";

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

export function buildPage<T>(items: T[], request: PageRequest, totalCount: number): Page<T> {
  const totalPages = Math.ceil(totalCount / request.per_page);
  return {
    items,
    page: request.page,
    per_page: request.per_page,
    total_pages: totalPages,
    total_count: totalCount,
    has_more: request.page < totalPages,
  };
}

export function pageOffset({ page, per_page }: PageRequest): number {
  return (page - 1) * per_page;
}

/** The four page fields of spec 2.1/2.3/2.5, shared by every list response schema. */
export const pageFieldsSchema = {
  page: z.number().int().min(1),
  total_pages: z.number().int().min(0),
  total_count: z.number().int().min(0),
  has_more: z.boolean(),
};

/** The list response: `{<resource>: [...], page, total_pages, total_count, has_more}`. */
export function toListBody<K extends string, T>(resource: K, page: Page<T>) {
  return {
    [resource]: page.items,
    page: page.page,
    total_pages: page.total_pages,
    total_count: page.total_count,
    has_more: page.has_more,
  } as { [P in K]: T[] } & Omit<Page<T>, "items" | "per_page">;
}
