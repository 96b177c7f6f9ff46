import { errorBodyOf } from "./error-body.mjs";
import { shown, unknownNameAdvice } from "./messages";

/**
 * The one error type of the API. Every failure a caller can cause becomes an ApiError with a
 * stable machine-readable code, a message for people and the parameter at fault, and a request
 * with several problems one ApiError listing them all (`ApiError.fields`); the route wrapper turns
 * it into `{"error": {"code", "message", "param", "errors", "doc_url"}}` (lib/schema/error-body.mjs,
 * which the server in front of Next.js writes too). Pages catch it too (403/404 pages).
 */

export const ERROR_CODES = {
  invalid_parameter: 400,
  unknown_parameter: 400,
  invalid_json: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  indication_closed: 409,
  trade_verified: 409,
  idempotency_key_in_use: 409,
  watchlist_full: 409,
  redelivery_pending: 409,
  endpoint_limit: 409,
  own_indication: 409,
  deal_exists: 409,
  invalid_transition: 409,
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  expectation_failed: 417,
  idempotency_key_reuse: 422,
  rate_limited: 429,
  internal_error: 500,
  database_busy: 503,
  database_unavailable: 503,
  shutting_down: 503,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

/** One problem with one parameter (a query parameter, a body field, a path segment, a header). */
export interface FieldError {
  param: string;
  code: ErrorCode;
  message: string;
}

/**
 * The body of every error. `code`, `message` and `param` are the first problem's; `errors` lists
 * every problem about a parameter, the first included, in a stable order (the fields in the
 * order of their schema, then unknown ones), and is always present: empty when the error is not
 * about a parameter (param null). `doc_url` is the code's entry in the API reference.
 */
export interface ErrorBody {
  error: { code: ErrorCode; message: string; param: string | null; errors: FieldError[]; doc_url: string };
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly param: string | null;
  /** Every problem about a parameter, this one first; empty when the error is not about one. */
  readonly errors: readonly FieldError[];
  /** Response headers that belong to this error (a 429's RateLimit fields, a 429's or 503's Retry-After). */
  headers: Record<string, string> = {};

  constructor(code: ErrorCode, message: string, param: string | null = null, errors?: readonly FieldError[]) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = ERROR_CODES[code];
    this.param = param;
    this.errors = errors ?? (param === null ? [] : [{ param, code, message }]);
  }

  toBody(): ErrorBody {
    return errorBodyOf(this.code, this.message, this.param, this.errors.map((e) => ({ ...e })));
  }

  /** Several problems of one request, answered at once: the first one is the error's code, message and param. */
  static fields(problems: readonly FieldError[]): ApiError {
    const [first] = problems;
    if (!first) throw new Error("ApiError.fields needs at least one problem");
    return new ApiError(first.code, first.message, first.param, problems);
  }
  static invalid(param: string, message: string) {
    return new ApiError("invalid_parameter", message, param);
  }
  /** A query parameter the endpoint does not take; `known` are those it takes, for `"per_pag" is not a query parameter of this endpoint: did you mean per_page?` */
  static unknownParameter(param: string, known: readonly string[] = []) {
    const end = known.length === 0 ? ", which takes none: leave it out." : `: ${unknownNameAdvice(param, known)}`;
    return new ApiError("unknown_parameter", `${shown(param)} is not a query parameter of this endpoint${end}`, param);
  }
  static unauthorized(message = "Authentication required: send `Authorization: Bearer <api key>` or sign in.") {
    return new ApiError("unauthorized", message);
  }
  static forbidden(message: string) {
    return new ApiError("forbidden", message);
  }
  static notFound(message: string) {
    return new ApiError("not_found", message);
  }
  static rateLimited(message: string, headers: Record<string, string>) {
    return Object.assign(new ApiError("rate_limited", message), { headers });
  }
  static databaseBusy() {
    // A lock is held for milliseconds, a busy spell passes in seconds.
    return Object.assign(new ApiError("database_busy", "The database stayed busy with other writes for too long; nothing was written. Try again."), { headers: { "retry-after": "1" } });
  }
  static databaseUnavailable() {
    // A database restart or failover takes seconds; sooner would only add load while it comes back.
    return Object.assign(new ApiError("database_unavailable", "The database cannot be reached right now. Try again in a few seconds."), { headers: { "retry-after": "5" } });
  }
  static shuttingDown() {
    return Object.assign(new ApiError("shutting_down", "This instance is shutting down; nothing was written. Try again: another instance, or this one restarted, will answer."), { headers: { "retry-after": "1" } });
  }
}
