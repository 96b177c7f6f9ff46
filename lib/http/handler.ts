import { randomUUID } from "node:crypto";
import { requirePermission, resolveCaller, type Caller } from "../auth/caller";
import type { Requirement } from "../auth/requirements";
import { isDatabaseBusy, isDatabaseUnavailable } from "../db/busy";
import { isWritesShut } from "../db/transaction";
import { ClientGoneError, holdsNul, NUL_REFUSED } from "../schema/body";
import { ApiError } from "../schema/errors";
import { sentence } from "../schema/messages";
import { idempotencyKeyProblem, withIdempotencyKey, type Answer } from "./idempotency";
import { consumeRateLimit } from "./rate-limit";
import { jsonBodyText } from "../schema/json-text";
import { noQuery } from "../schema/params";
import { logger, logRequest } from "../log/logger";

/**
 * The one wrapper every API v1 route handler goes through: request id, caller (resolved once),
 * rate limit, the route's declared permission, error shape, and on a POST with `Idempotency-Key`
 * the claim and replay of lib/http/idempotency.ts.
 * A handler only parses its query, calls a data function and returns the body.
 */

/**
 * What a handler returns when 200 with its body is not the answer: a status and headers too. A
 * ReadableStream body is sent as it comes (lib/http/csv.ts), with the headers given.
 */
export class ApiResult {
  constructor(
    readonly body: unknown,
    readonly status = 200,
    readonly headers: Record<string, string> = {},
  ) {}
}

export interface ApiContext<P> {
  request: Request;
  url: URL;
  caller: Caller;
  params: P;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

function requestIdOf(request: Request): string {
  const sent = request.headers.get("x-request-id");
  return sent && REQUEST_ID.test(sent) ? sent : randomUUID();
}

/** A handler's return value as it is sent: status, JSON text and headers. */
function answerOf(body: unknown): Answer {
  const result = body instanceof ApiResult ? body : new ApiResult(body);
  if (result.body instanceof ReadableStream) return { status: result.status, text: null, stream: result.body, headers: result.headers };
  // 304 Not Modified and 204 No Content carry no body.
  return { status: result.status, text: result.status === 304 || result.status === 204 ? null : jsonBodyText(result.body), headers: result.headers };
}

function send(answer: Answer, requestId: string): Response {
  return new Response(answer.stream ?? answer.text, {
    status: answer.status,
    headers: {
      // A 204 has no body to type.
      ...(answer.status === 204 ? {} : { "content-type": "application/json; charset=utf-8" }),
      "cache-control": "no-store",
      "x-request-id": requestId,
      ...answer.headers,
    },
  });
}

/**
 * The API's answer to a database error that is passing trouble, not a bug: busy (a write waited
 * its time for a lock; nothing was written), unreachable (down, restarting) or shut for the
 * drain. Undefined for any other error. Every way in (API routes, server actions, the sign-in
 * limit, logos) asks here.
 */
export function databaseApiError(error: unknown): ApiError | undefined {
  if (isDatabaseBusy(error)) return ApiError.databaseBusy();
  if (isWritesShut(error)) return ApiError.shuttingDown();
  if (isDatabaseUnavailable(error)) return ApiError.databaseUnavailable();
  return undefined;
}

export function errorResponse(error: ApiError, requestId: string, extra: Record<string, string> = {}): Response {
  extra = { ...error.headers, ...extra };
  if (error.status === 401) extra["www-authenticate"] = 'Bearer realm="api"';
  return send({ status: error.status, text: jsonBodyText(error.toBody()), headers: extra }, requestId);
}

/**
 * For routes outside `apiRoute` (logos, sign-in): runs `respond`, and answers a busy or
 * unreachable database with its 503 in the error shape instead of a 500.
 */
export async function withDatabaseErrors(request: Request, respond: () => Promise<Response>): Promise<Response> {
  try {
    return await respond();
  } catch (error) {
    const trouble = databaseApiError(error);
    if (!trouble) throw error;
    return errorResponse(trouble, requestIdOf(request));
  }
}

/** The answer to an error out of a request: ours in the error shape, anything else a 503 or a 500. */
function failureResponse(error: unknown, requestId: string, limitHeaders: Record<string, string>): Response {
  // nginx's 499: logged at info, not as our failure; the answer reaches nobody.
  if (error instanceof ClientGoneError) return new Response(null, { status: 499, headers: { "x-request-id": requestId } });
  if (error instanceof ApiError) return errorResponse(error, requestId, error.code === "rate_limited" ? {} : { ...limitHeaders });
  // A busy or unreachable database (lib/db/busy.ts): 503 with Retry-After; try again.
  const unavailable = databaseApiError(error);
  if (unavailable) return errorResponse(unavailable, requestId);
  // Unexpected: keep the details in our logs, give the caller only the id to quote.
  logger.error({ id: requestId, err: error }, "request failed");
  return errorResponse(
    new ApiError("internal_error", `Something went wrong on our side. Quote request id ${requestId} when reporting it.`),
    requestId,
  );
}

/**
 * A path value holding U+0000 (lib/schema/body.ts, holdsNul) is refused before any handler sees it.
 * (Query values need no such pass: every query parser refuses control characters.)
 */
function refuseNulInPath(params: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(params)) if (typeof value === "string" && holdsNul(value)) throw ApiError.invalid(name, sentence(name, NUL_REFUSED));
}

/** What a guarded route declares beside its handler. */
export interface RouteOptions<P, I> {
  /** The operation's permission (lib/auth/requirements.ts), checked once the input is read. */
  requires: Requirement;
  /**
   * Reads and checks the request's input (query, body, path ids) before the permission: a caller
   * without it still hears about malformed input first, as from the data functions, which check
   * the same requirement after parsing. A POST checks all of its input here: what this refuses is
   * never recorded under an Idempotency-Key.
   */
  input?: (ctx: ApiContext<P>) => I | Promise<I>;
}

type Handler<P, I> = (ctx: ApiContext<P> & { input: I }) => Promise<unknown>;
type Route<P> = (request: Request, context?: { params?: Promise<P> }) => Promise<Response>;

/** `apiRoute(handler)`, or `apiRoute({ requires: REQUIRES.…, input }, handler)` for a guarded operation. */
export function apiRoute<P = Record<string, never>>(handler: Handler<P, undefined>): Route<P>;
export function apiRoute<P = Record<string, never>, I = undefined>(options: RouteOptions<P, I>, handler: Handler<P, I>): Route<P>;
export function apiRoute<P, I>(first: RouteOptions<P, I> | Handler<P, I>, second?: Handler<P, I>): Route<P> {
  const [options, handler] = typeof first === "function" ? [undefined, first] : [first, second!];
  return async (request, context) => {
    const started = performance.now();
    const requestId = requestIdOf(request);
    const url = new URL(request.url);
    let known: Caller | undefined;
    // The caller's rate-limit fields (lib/http/rate-limit.ts), sent with every answer to them.
    let limitHeaders: Record<string, string> = {};
    let response: Response;
    try {
      const caller = (known = await resolveCaller(request));
      const counted = await consumeRateLimit(caller);
      if (counted) limitHeaders = counted.headers;
      const params = ((await context?.params) ?? {}) as P;
      refuseNulInPath(params as Record<string, unknown>);
      const ctx = { request, url, caller, params };
      const input = await withKeyProblem(request, async () => (await options?.input?.(ctx)) as I);
      // Validated before the Idempotency-Key is claimed: a request refused for its own form is not
      // recorded, so the key can be sent again with the request corrected (docs/api/writing.md, "Idempotency").
      const answer = await withIdempotencyKey(request, caller, async () => {
        if (options) requirePermission(caller, options.requires);
        return answerOf(await handler({ ...ctx, input }));
      });
      // A 304 costs no unit of the quota (docs/api/requests.md, "Limits"). Counted on the way in and given
      // back once the answer is known, not counted only then: the count on the way in is what
      // keeps concurrent requests within the quota, as a check with nothing counted yet would not.
      if (answer.status === 304 && counted) limitHeaders = await counted.refund();
      response = send({ ...answer, headers: { ...limitHeaders, ...answer.headers } }, requestId);
    } catch (error) {
      response = failureResponse(error, requestId, limitHeaders);
    }
    logRequest({
      id: requestId,
      method: request.method,
      route: url.pathname,
      status: response.status,
      duration_ms: Math.round((performance.now() - started) * 10) / 10,
      caller: known?.userId,
      via: known?.via,
    });
    return response;
  };
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

type Handlers = Record<Method | "OPTIONS", (request: Request) => Promise<Response>>;

/**
 * A route that needs no caller (the API's own description): apiRoute's request id, `no-store`,
 * error shape and request log, and its rule that a parameter the operation does not take is a 400.
 */
export function publicApiRoute(respond: () => unknown): (request: Request) => Promise<Response> {
  return async (request) => {
    const started = performance.now();
    const requestId = requestIdOf(request);
    let response: Response;
    try {
      noQuery(new URL(request.url));
      response = send(answerOf(respond()), requestId);
    } catch (error) {
      response = failureResponse(error, requestId, {});
    }
    logRequest({ id: requestId, method: request.method, route: new URL(request.url).pathname, status: response.status, duration_ms: Math.round((performance.now() - started) * 10) / 10 });
    return response;
  };
}

/**
 * Handlers for every method a route does not serve: 405 in our error shape, with `Allow`; and
 * `OPTIONS`, whose `Allow` lists only what the route serves (Next's own lists every export).
 * Spread the ones the route does not export itself:
 * `export const { PUT, DELETE, OPTIONS } = otherMethods("GET", "POST", "PATCH")`.
 */
export function otherMethods(...allowed: Method[]): Handlers {
  const allow = [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  const refuse = async (request: Request) =>
    errorResponse(new ApiError("method_not_allowed", `${request.method} is not supported here; allowed: ${allow}.`), requestIdOf(request), {
      allow,
    });
  const options = async (request: Request) =>
    new Response(null, { status: 204, headers: { allow, "cache-control": "no-store", "x-request-id": requestIdOf(request) } });
  return { ...(Object.fromEntries(METHODS.map((method) => [method, refuse])) as Record<Method, typeof refuse>), OPTIONS: options };
}

/** Spread into a read-only route module so every other method answers 405. */
export const readOnly = otherMethods("GET");

/**
 * Reads the request's input, and answers a malformed Idempotency-Key with the input's own problems,
 * in one answer (docs/api.md, "Errors": a request with several problems hears of all of them).
 */
async function withKeyProblem<I>(request: Request, read: () => Promise<I>): Promise<I> {
  const problem = idempotencyKeyProblem(request);
  let input: I;
  try {
    input = await read();
  } catch (error) {
    if (problem && error instanceof ApiError && error.errors.length > 0) throw ApiError.fields([...error.errors, problem]);
    throw error;
  }
  if (problem) throw ApiError.fields([problem]);
  return input;
}
