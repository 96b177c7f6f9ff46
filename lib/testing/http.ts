import { encode } from "next-auth/jwt";
import { NextRequest } from "next/server";
import { ERROR_CODES } from "@/lib/schema/errors";
import type { Page } from "@/lib/schema/pagination";
import { authOptions, authorizeCredentials } from "@/lib/auth/options";
import { authSecret } from "@/lib/auth/secret";
import { expect } from "vitest";

/**
 * Calls a real route handler in-process, the way Next.js does: a NextRequest (a Request subclass)
 * for `http://localhost<path>`, and for dynamic segments a `params` promise.
 */

export const ORIGIN = "http://localhost";

export type RouteHandler = (request: Request, ctx: { params: Promise<Record<string, string>> }) => Response | Promise<Response>;

export interface CallOptions {
  /** API key secret, sent as `Authorization: Bearer <key>`. */
  key?: string;
  /** Raw Authorization header (overrides `key`). */
  authorization?: string;
  headers?: Record<string, string>;
  method?: string;
  /** Route params; by default derived from the path for `/companies/{company_id}`. */
  params?: Record<string, string>;
  /** A request body: an object is sent as JSON (with its Content-Type unless `headers` set one), a string as is. */
  body?: unknown;
  /**
   * Send a plain Request, not a NextRequest: in a production build the request a handler gets is
   * an instance of Next's own bundled class, so `instanceof NextRequest` in our code is false there.
   */
  plain?: boolean;
  /** Read the status and headers only, then hang up: for a stream that stays open (GET /my/stream). */
  headersOnly?: boolean;
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON body (undefined if the body is not JSON). */
  body: unknown;
}

/** Next.js decodes dynamic segments; a segment that does not decode is passed on as is. */
function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function derivedParams(path: string): Record<string, string> {
  const company = /^\/api\/v1\/(?:companies|my\/watchlist)\/([^/?#]+)/.exec(path);
  if (company) return { company_id: safeDecode(company[1]) };
  const webhook = /^\/api\/v1\/my\/webhooks\/([^/?#]+)(?:\/deliveries\/([^/?#]+))?/.exec(path);
  if (webhook) return { id: safeDecode(webhook[1]), ...(webhook[2] !== undefined && { delivery_id: safeDecode(webhook[2]) }) };
  const resource = /^\/api\/v1\/(?:my|ops)\/(?:indications|trades|deals)\/([^/?#]+)/.exec(path);
  return resource ? { id: safeDecode(resource[1]) } : {};
}

export async function callRoute(handler: unknown, path: string, options: CallOptions = {}): Promise<CallResult> {
  const headers = new Headers(options.headers);
  if (options.authorization !== undefined) headers.set("authorization", options.authorization);
  else if (options.key !== undefined) headers.set("authorization", `Bearer ${options.key}`);
  let body: string | undefined;
  if (typeof options.body === "string") body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const init = { method: options.method ?? (body === undefined ? "GET" : "POST"), headers, body };
  const request = options.plain ? new Request(`${ORIGIN}${path}`, init) : new NextRequest(`${ORIGIN}${path}`, init);
  const params = options.params ?? derivedParams(path);
  const response = await (handler as RouteHandler)(request, { params: Promise.resolve(params) });
  if (options.headersOnly && response.ok) {
    await response.body?.cancel();
    return { status: response.status, headers: response.headers, text: "", body: undefined };
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text === "" ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, text, body: parsed };
}

/** The dashboard's session cookie, as next-auth would set it after sign-in. */
export async function sessionCookie(userId: string, secret = authSecret()): Promise<string> {
  return `next-auth.session-token=${await encode({ token: { sub: userId }, secret })}`;
}

/**
 * Signs in through the credentials check and next-auth's jwt callback, as the sign-in endpoint
 * does, and returns the session cookie it would set (with the user's session version), or null
 * when the sign-in is refused.
 */
export async function signInCookie(email: string, password: string): Promise<string | null> {
  const user = await authorizeCredentials({ email, password });
  if (!user) return null;
  const token = await authOptions.callbacks!.jwt!({
    token: { sub: user.id, email: user.email, name: user.name },
    user,
    account: { provider: "credentials", type: "credentials", providerAccountId: user.id },
    trigger: "signIn",
  });
  return `next-auth.session-token=${await encode({ token, secret: authSecret() })}`;
}

/** Keys of an object, sorted (for exact field-set assertions). */
export function keysOf(value: unknown): string[] {
  return Object.keys(value as object).sort();
}

/** No stack trace, file path or exception name ever leaks into a response. */
export function expectNoLeak(text: string): void {
  expect(text).not.toMatch(/\n\s+at\s|\bat [\w.<>]+ \(|node_modules|\.ts:\d+|PrismaClient|SqliteError|Traceback|TypeError|ReferenceError/);
}

/**
 * zod's own English (issue 30): no message of the API may say any of this. "UUID" is for
 * programmers; people are asked for an id.
 */
export const VALIDATOR_PHRASES = /Invalid input|expected string|received|Invalid option|Too (big|small)|UUID/;

/**
 * The error body's rules, whatever the status: exactly `{"error": {"code", "message", "param",
 * "errors", "doc_url"}}`; `errors` lists every problem about a parameter with the first one equal
 * to `code`/`message`/`param`, and is empty when `param` is null; `doc_url` is the code's entry in
 * the reference; no message is worded by the validator.
 */
export function expectErrorBody(body: unknown, context = JSON.stringify(body).slice(0, 300)): void {
  expect(keysOf(body), context).toEqual(["error"]);
  const error = (body as { error: Record<string, unknown> }).error;
  expect(keysOf(error), context).toEqual(["code", "doc_url", "errors", "message", "param"]);
  expect(typeof error.message, context).toBe("string");
  expect((error.message as string).length, context).toBeGreaterThan(0);
  expect(error.param === null || typeof error.param === "string", context).toBe(true);
  expect(error.doc_url, context).toBe(`/docs/api.md#${String(error.code)}`);
  expect(Array.isArray(error.errors), context).toBe(true);
  const errors = error.errors as Record<string, unknown>[];
  if (error.param === null) expect(errors, context).toEqual([]);
  else expect(errors[0], context).toEqual({ param: error.param, code: error.code, message: error.message });
  for (const item of errors) {
    expect(keysOf(item), context).toEqual(["code", "message", "param"]);
    expect(typeof item.param === "string" && typeof item.message === "string" && (item.message as string).length > 0, context).toBe(true);
    expect(Object.hasOwn(ERROR_CODES, String(item.code)), context).toBe(true);
  }
  expect(new Set(errors.map((item) => item.param)).size, `one problem per parameter: ${context}`).toBe(errors.length);
  for (const message of [error.message, ...errors.map((item) => item.message)]) expect(message, context).not.toMatch(VALIDATOR_PHRASES);
}

/**
 * Asserts the exact error shape: status, JSON content type, the error body (expectErrorBody), an
 * X-Request-Id, and no leak.
 */
export function expectError(result: CallResult, code: string, param: string | null | undefined = undefined): void {
  const context = `${result.status} ${result.text.slice(0, 300)}`;
  expect(result.status, context).toBe((ERROR_CODES as Record<string, number>)[code]);
  expect(result.headers.get("content-type") ?? "", context).toMatch(/^application\/json\b/);
  expect(result.headers.get("x-request-id"), context).toBeTruthy();
  expectErrorBody(result.body, context);
  const error = (result.body as { error: Record<string, unknown> }).error;
  expect(error.code, context).toBe(code);
  if (param !== undefined) expect(error.param, context).toBe(param);
  expectNoLeak(result.text);
}

/** A 200 JSON list response with exactly `{<resource>, page, total_pages, total_count, has_more, next_cursor}`, the resource's list as `items`. */
export type ListBody<T> = Omit<Page<T>, "per_page"> & { next_cursor: string | null };

export function expectList<T>(result: CallResult, resource: string): ListBody<T> {
  const context = `${result.status} ${result.text.slice(0, 300)}`;
  expect(result.status, context).toBe(200);
  expect(result.headers.get("content-type") ?? "", context).toMatch(/^application\/json\b/);
  expect(result.headers.get("x-request-id"), context).toBeTruthy();
  expect(keysOf(result.body), context).toEqual([resource, "has_more", "next_cursor", "page", "total_count", "total_pages"].sort());
  const body = result.body as Record<string, unknown>;
  expect(Array.isArray(body[resource]), context).toBe(true);
  for (const field of ["page", "total_pages", "total_count"]) {
    expect(Number.isInteger(body[field]), `${field}: ${context}`).toBe(true);
  }
  expect(typeof body.has_more, context).toBe("boolean");
  // A cursor exactly while rows follow the page (docs/api/lists.md, "Cursors").
  expect(typeof body.next_cursor, context).toBe(body.has_more ? "string" : "object");
  const { [resource]: items, ...fields } = body;
  return { items, ...fields } as ListBody<T>;
}

/** Checks the page arithmetic of one list response against the contract. */
export function expectPageArithmetic(list: ListBody<unknown>, page: number, perPage: number, expectedTotal: number): void {
  const totalPages = Math.ceil(expectedTotal / perPage);
  expect(list.page).toBe(page);
  expect(list.total_count).toBe(expectedTotal);
  expect(list.total_pages).toBe(totalPages);
  expect(list.has_more).toBe(page < totalPages);
  const expectedLength = page > totalPages ? 0 : page < totalPages ? perPage : expectedTotal - (totalPages - 1) * perPage;
  expect(list.items.length).toBe(expectedLength);
}

function withParam(path: string, name: string, value: string | number): string {
  return `${path}${path.includes("?") ? "&" : "?"}${name}=${value}`;
}

/**
 * Walks every page of a list (per_page as given) and returns all items in order, checking the
 * page fields of each response along the way.
 */
export async function fetchAll<T>(
  handler: unknown,
  path: string,
  resource: string,
  key: string,
  perPage = 100,
): Promise<{ items: T[]; total: number; pages: number }> {
  const items: T[] = [];
  let first: ListBody<T> | undefined;
  for (let page = 1; ; page++) {
    const list = expectList<T>(await callRoute(handler, withParam(withParam(path, "per_page", perPage), "page", page), { key }), resource);
    first ??= list;
    expect(list.page).toBe(page);
    expect(list.total_count).toBe(first.total_count);
    expect(list.total_pages).toBe(Math.ceil(first.total_count / perPage));
    expect(list.has_more).toBe(page < list.total_pages);
    items.push(...list.items);
    if (!list.has_more) break;
    if (page > 1000) throw new Error("runaway pagination");
  }
  return { items, total: first!.total_count, pages: first!.total_pages };
}

/** ids of a list of API objects. */
export const idsOf = (items: readonly unknown[]) => items.map((i) => (i as { id: string }).id);

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
