import { hash } from "node:crypto";
import type { Caller } from "../auth/caller";
import { getEngine } from "../db/client";
import { listVersion, pageKey, type ListQuery } from "../db/page";
import { LruCache } from "../lru";
import { etagMatches } from "./etag";
import { ApiResult } from "./handler";
import { readPage, toListBody, type JsonPage, type PageRequest } from "./pagination";

/**
 * A list page as the API answers it: with an ETag, and 304 when the caller's If-None-Match still
 * holds. The ETag is the body's hash, so every process gives one page the same validator. When
 * this process has answered the same page before, at change counters that are still current,
 * the counters alone confirm the caller's copy: one small statement instead of the page's.
 */

// Per page (its rows, order and window): the ETag it was answered with and the counters it was read at.
const answered = new LruCache<string, { etag: string; version: string }>(10_000);

/**
 * Fields a list answers beside its page (a summary), read after it, knowing the page (its
 * counters). `key` names everything they depend on other than the list's change counters (say,
 * today's date), so a page answered before is confirmed only while that still holds.
 */
export interface ListExtra<T> {
  key: string;
  read: (page: JsonPage<T>) => Promise<Record<string, unknown>>;
}

export async function listResponse<T>(request: Request, resource: string, list: ListQuery<T>, window: PageRequest, caller: Caller, extra?: ListExtra<T>): Promise<ApiResult> {
  const ifNoneMatch = request.headers.get("if-none-match");
  const engine = getEngine();
  const key = `${pageKey(engine.dialect, list)}${extra ? `\u0000${extra.key}` : ""}`;
  const known = answered.get(key);
  if (ifNoneMatch && known && etagMatches(ifNoneMatch, known.etag) && (await listVersion(engine, list)) === known.version) {
    return new ApiResult(undefined, 304, { etag: known.etag });
  }
  const page = await readPage(list, window, caller);
  const body = toListBody(resource, page, extra ? await extra.read(page) : undefined);
  const etag = `"${hash("sha1", body.text, "base64url")}"`;
  if (page.version !== undefined) answered.set(key, { etag, version: page.version });
  if (ifNoneMatch && etagMatches(ifNoneMatch, etag)) return new ApiResult(undefined, 304, { etag });
  return new ApiResult(body, 200, { etag });
}
