/**
 * The one error type of the API. Every failure a caller can cause becomes an ApiError with a
 * stable machine-readable code, a human message and the parameter at fault; the route wrapper
 * turns it into `{"error": {"code", "message", "param"}}`. Pages catch it too (403/404 pages).
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

export interface ErrorBody {
  error: { code: ErrorCode; message: string; param: string | null };
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly param: string | null;
  /** Response headers that belong to this error (a 429's RateLimit fields, a 429's or 503's Retry-After). */
  headers: Record<string, string> = {};

  constructor(code: ErrorCode, message: string, param: string | null = null) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.status = ERROR_CODES[code];
    this.param = param;
  }

  toBody(): ErrorBody {
    return { error: { code: this.code, message: this.message, param: this.param } };
  }

  static invalid(param: string, message: string) {
    return new ApiError("invalid_parameter", message, param);
  }
  static unknownParameter(param: string) {
    return new ApiError("unknown_parameter", `Unknown query parameter "${param}".`, param);
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
    const error = new ApiError("rate_limited", message);
    error.headers = headers;
    return error;
  }
  static databaseBusy() {
    const error = new ApiError("database_busy", "The database stayed busy with other writes for too long; nothing was written. Try again.");
    // A lock is held for milliseconds, a busy spell passes in seconds.
    error.headers = { "retry-after": "1" };
    return error;
  }
  static databaseUnavailable() {
    const error = new ApiError("database_unavailable", "The database cannot be reached right now. Try again in a few seconds.");
    // A database restart or failover takes seconds; sooner would only add load while it comes back.
    error.headers = { "retry-after": "5" };
    return error;
  }
  static shuttingDown() {
    const error = new ApiError("shutting_down", "This instance is shutting down; nothing was written. Try again: another instance, or this one restarted, will answer.");
    error.headers = { "retry-after": "1" };
    return error;
  }
}
