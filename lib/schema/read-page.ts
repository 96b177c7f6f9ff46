import "server-only";
import { getEngine } from "../db/client";
import type { ListQuery } from "../db/list-query";
import { runPage } from "../db/page";
import { buildJsonPage, type JsonPage, type PageRequest } from "./pagination";

/**
 * A list's page as the API and the pages take it: one run of the page engine, the page fields, and
 * the change counters it was read at.
 */
export async function readPage<T>(list: ListQuery<T>, request: PageRequest): Promise<JsonPage<T>> {
  const page = await runPage(getEngine(), list);
  return { ...buildJsonPage(page.itemsJson, request, page.total, page), counter: page.counter };
}

/**
 * Fields a list answers beside its page (a summary), read after it, knowing the page (its
 * counters). `key` names everything they depend on other than the list's change counters (say,
 * today's date), so a page answered before is confirmed only while that still holds.
 */
export interface ListExtra<T> {
  key: string;
  read: (page: JsonPage<T>) => Promise<Record<string, unknown>>;
}
