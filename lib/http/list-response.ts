import "server-only";
import { hash } from "node:crypto";
import { getEngine } from "../db/client";
import type { ListQuery, OrderBy, PageKey } from "../db/list-query";
import { listVersion, pageKey } from "../db/page";
import { createCache } from "../cache/registry";
import { sharedRead } from "../cache/shared-read";
import { etagMatches } from "../schema/etag";
import { ApiResult } from "./handler";
import { JsonText, jsonBodyText } from "../schema/json-text";
import { buildJsonPage, pageWindow, toListBody, type PageRequest } from "../schema/pagination";
import { readPage, type ListExtra } from "../schema/read-page";
import { nextCursor, openCursor } from "./cursor";
import { pageLinks } from "./links";

/**
 * A list page as the API answers it: with an ETag, and 304 when the caller's If-None-Match still
 * holds. The ETag is the body's hash, so every process gives one page the same validator. A list
 * that keeps its answers (the market's tape, the directory: read alike by every caller) is
 * answered from the kept body while the change counters it was read at are current: one small
 * statement instead of the page's (docs/performance-decisions.md, "Answered pages and ETags"). A page read
 * from a cursor starts after its row (docs/api/lists.md, "Cursors"); every page says where the next
 * starts (`next_cursor`, `Link`).
 */

interface Answered {
  etag: string;
  /** The change counters the page was read at. */
  version: string;
  body: JsonText;
  /** What its links are made of (pageLinks). */
  nav: { page: number; next_cursor: string | null };
}

// Per page (its rows, order and window): a tape page is up to ~25 KB (100 items).
const kept = createCache<string, Answered>("answeredPages.bodies");

export interface ListResponseOptions<T> {
  extra?: ListExtra<T>;
  /** Keep the answered body, to answer the same page again while its counters stand. */
  keepAnswers?: boolean;
}

export async function listResponse<T>(
  request: Request,
  resource: string,
  list: ListQuery<T>,
  window: PageRequest,
  { extra, keepAnswers = false }: ListResponseOptions<T> = {},
): Promise<ApiResult> {
  const ifNoneMatch = request.headers.get("if-none-match");
  const url = new URL(request.url);
  if (window.cursor !== undefined) list = { ...list, after: openCursor(window.cursor, url.pathname, list.order) };
  const engine = getEngine();
  const key = keepAnswers ? `${url.pathname}\u0000${pageKey(engine.dialect, list)}${extra ? `\u0000${extra.key}` : ""}` : undefined;
  const known = key === undefined ? undefined : kept.get(key);
  const version = known ? await listVersion(engine, list) : undefined;
  if (known && version === known.version) {
    return conditionalResponse(ifNoneMatch, known.body, known.etag, pageLinks(url, known.nav));
  }
  const read = async () => {
    const page = await readPage(list, window);
    const nav = { page: page.page, next_cursor: nextCursor(url.pathname, list.order, page.next) };
    const body = toListBody(resource, page, nav.next_cursor, extra ? await extra.read(page) : undefined);
    const answer = { etag: bodyEtag(body), version: page.version ?? "", body, nav };
    if (key !== undefined && page.version !== undefined) kept.set(key, answer);
    return answer;
  };
  const { body, etag, nav } = key !== undefined && version !== undefined ? await sharedRead(`page\u0000${key}\u0000${version}`, read) : await read();
  return conditionalResponse(ifNoneMatch, body, etag, pageLinks(url, nav));
}

/** What a list read outside the page engine answers for its window: the page's items, the count, and the page's last row's key when a row follows. */
export interface KeysetPage<T> {
  items: T[];
  total: number;
  next?: PageKey;
}

/**
 * A list read outside the page engine (GET /marks: a table without `id` or trigger-kept counter)
 * with the page fields, cursor and links of every list: `read` is given the page's window, by
 * number (`offset`) or after a cursor's row (`after`). The body and its Link header, for keptResponse.
 */
export async function keysetListAnswer<T>(
  url: URL,
  resource: string,
  order: OrderBy,
  window: PageRequest,
  read: (at: { limit: number; offset: number; after?: PageKey }) => Promise<KeysetPage<T>>,
): Promise<{ body: unknown; headers: Record<string, string> }> {
  const after = window.cursor === undefined ? undefined : openCursor(window.cursor, url.pathname, order);
  const { limit, offset } = pageWindow(window);
  const found = await read(after ? { limit, offset: 0, after } : { limit, offset });
  const page = buildJsonPage<T>(JSON.stringify(found.items), window, found.total, { next: found.next });
  const nav = { page: page.page, next_cursor: nextCursor(url.pathname, order, found.next) };
  return { body: toListBody(resource, page, nav.next_cursor), headers: pageLinks(url, nav) };
}

/** A read kept between requests: its body's text, ETag and headers, and the counters it was read at. */
interface KeptAnswer {
  version: string;
  body: JsonText;
  etag: string;
  headers: Record<string, string>;
}

// Per read (its key names the resource, the caller's view of it, and the window): a 365-day series is ~30 KB.
const keptReads = createCache<string, KeptAnswer>("answeredPages.reads");

/** A read that may be answered again: `key` names what it reads, `version` the counters it depends on (read before `read` runs). */
export interface KeptRead {
  key: string;
  version: string;
  read: () => Promise<{ body: unknown; headers?: Record<string, string> }>;
}

/**
 * A read answered from the kept body while its counters stand, else by `read` and kept; with the
 * body's hash as ETag and 304 as etagResponse. A write between the counters' read and `read`
 * keeps a newer body under the older counters: the next request reads it again.
 */
export async function keptResponse(request: Request, { key, version, read }: KeptRead): Promise<ApiResult> {
  let kept = keptReads.get(key);
  if (kept?.version !== version) {
    kept = await sharedRead(`read\u0000${key}\u0000${version}`, async () => {
      const { body, headers = {} } = await read();
      const text = new JsonText(jsonBodyText(body));
      const answer = { version, body: text, etag: bodyEtag(text), headers };
      keptReads.set(key, answer);
      return answer;
    });
  }
  return conditionalResponse(request.headers.get("if-none-match"), kept.body, kept.etag, kept.headers);
}

/**
 * A read answered with its body's hash as ETag, and 304 when the caller's If-None-Match still
 * holds: a list read outside the page engine (a history, the event feed) as listResponse answers a
 * page it reads.
 */
export function etagResponse(request: Request, body: unknown, headers: Record<string, string> = {}): ApiResult {
  const text = new JsonText(jsonBodyText(body));
  return conditionalResponse(request.headers.get("if-none-match"), text, bodyEtag(text), headers);
}

function bodyEtag(body: JsonText): string {
  return `"${hash("sha1", body.text, "base64url")}"`;
}

/** `headers`: the 200's others (its Link); a 304 has only its ETag. */
function conditionalResponse(ifNoneMatch: string | null, body: JsonText, etag: string, headers: Record<string, string> = {}): ApiResult {
  if (ifNoneMatch && etagMatches(ifNoneMatch, etag)) return new ApiResult(undefined, 304, { etag });
  return new ApiResult(body, 200, { etag, ...headers });
}
