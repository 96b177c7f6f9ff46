import "./zod-config";
import { z } from "zod";
import { DECIMAL_JSON_SCHEMA, DECIMAL_PATTERN, FRACTION_DIGITS, INTEGER_DIGITS, toStoredDecimal } from "../domain/decimal";
import { ApiError } from "./errors";

/** The client hung up before its body arrived: nobody is left to answer (lib/http/handler.ts logs it as 499). */
export class ClientGoneError extends Error {
  constructor(cause: unknown) {
    super("The client closed the connection before sending its whole body.", { cause });
    this.name = "ClientGoneError";
  }
}

/** The largest request body we read (issue 12: 64 KB). */
export const MAX_BODY_BYTES = 64 * 1024;

// One read per request: the idempotency fingerprint (lib/http/idempotency.ts) and readJsonBody
// share it, and a handler run again for a stale caller (lib/http/handler.ts) finds it too.
const bodies = new WeakMap<Request, Promise<Buffer>>();

/**
 * A request's raw body, at most MAX_BODY_BYTES (413, counted while reading, so a lying or missing
 * Content-Length cannot make us buffer more). Read once; later calls get the same bytes.
 */
export function readBodyBytes(request: Request): Promise<Buffer> {
  let body = bodies.get(request);
  if (!body) {
    body = readLimited(request);
    bodies.set(request, body);
  }
  return body;
}

async function readLimited(request: Request): Promise<Buffer> {
  const tooLarge = () => new ApiError("payload_too_large", `The body may be at most ${MAX_BODY_BYTES} bytes.`);
  if (Number(request.headers.get("content-length") ?? 0) > MAX_BODY_BYTES) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read().catch((error: unknown) => {
        throw new ClientGoneError(error);
      });
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}

const JSON_TYPE = /^application\/json\s*(;|$)/i;
/** JSON, or RFC 7396's merge patch, which is JSON too. */
const JSON_OR_MERGE_PATCH_TYPE = /^application\/(merge-patch\+)?json\s*(;|$)/i;

/**
 * A request's JSON body: `application/json` (415 otherwise; a PATCH, `mergePatch`, takes
 * `application/merge-patch+json` too), at most MAX_BODY_BYTES (413), valid JSON (400
 * `invalid_json`).
 */
export async function readJsonBody(request: Request, options: { optional?: boolean; mergePatch?: boolean } = {}): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  // An operation whose body is optional (verify) takes an empty body, whatever its Content-Type
  // says, as none: `{}`, as a route that takes no body takes it (refuseBody).
  if (options.optional && (await readBodyBytes(request)).length === 0) return {};
  if (!(options.mergePatch ? JSON_OR_MERGE_PATCH_TYPE : JSON_TYPE).test(type)) {
    throw new ApiError(
      "unsupported_media_type",
      options.mergePatch
        ? "Send the body as JSON with `Content-Type: application/json` or `application/merge-patch+json`."
        : "Send the body as JSON with `Content-Type: application/json`.",
    );
  }
  const text = new TextDecoder("utf-8", { fatal: false }).decode(await readBodyBytes(request));
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError("invalid_json", "The body is not valid JSON.");
  }
}

/**
 * The one rule of the operations that take no body (refresh, close): an empty body is taken, with
 * or without a Content-Type; any bytes are a 415, whatever their type, rather than ignored.
 */
export async function refuseBody(request: Request): Promise<void> {
  if ((await readBodyBytes(request)).length > 0) throw new ApiError("unsupported_media_type", "This operation takes no body; send the request without one.");
}

/** zod's issue path as the API names a field: `acceptable_structures[1]`, `a.b`. */
export function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>((name, key) => (typeof key === "number" ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key)), "");
}

/**
 * Parses a JSON body with a write schema; the first problem is a 400 whose `param` names the
 * field. `refused` explains why a field the schema does not take is refused (assigned by the
 * service, fixed after creation); any other is unknown.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, refused: Record<string, string> = {}): z.output<S> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new ApiError("invalid_json", "The body must be a JSON object.");
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (issue.code === "unrecognized_keys") {
    const key = issue.keys[0];
    const param = fieldName([...issue.path, key]);
    // Own keys only: `constructor` or `__proto__` must not find Object.prototype's.
    const why = Object.hasOwn(refused, key) ? refused[key] : undefined;
    throw ApiError.invalid(param, why ? `"${param}" ${why}.` : `Unknown field "${param}".`);
  }
  const param = fieldName(issue.path);
  throw ApiError.invalid(param || "body", param ? `${param}: ${issue.message}` : issue.message);
}

// Field types of request bodies.

/** A big decimal as a JSON string (a JSON number has already lost digits), within the stored width. */
export function decimalInput(options: { positive?: boolean; max?: string } = {}) {
  return z
    .string({ error: 'must be a decimal written as a JSON string, e.g. "12.5" (a JSON number may already have lost digits)' })
    .describe("big decimal string")
    .superRefine((value, ctx) => {
      if (!DECIMAL_PATTERN.test(value)) {
        const shown = JSON.stringify(value.slice(0, 40));
        ctx.addIssue({ code: "custom", message: `must be a non-negative decimal with at most ${INTEGER_DIGITS} integer and ${FRACTION_DIGITS} fractional digits; got ${shown}` });
      } else if (options.positive && toStoredDecimal(value) === toStoredDecimal("0")) {
        ctx.addIssue({ code: "custom", message: "must be greater than 0" });
      } else if (options.max !== undefined && toStoredDecimal(value) > toStoredDecimal(options.max)) {
        ctx.addIssue({ code: "custom", message: `must be at most ${options.max}` });
      }
    })
    .meta(DECIMAL_JSON_SCHEMA);
}

/**
 * Whether a string holds U+0000. PostgreSQL's text cannot store it and SQLite's can, so every
 * string we take from a caller (bodies, paths, queries, forms, sign-in) refuses it with a 400:
 * both databases answer alike, and none gets a statement it fails on.
 */
export function holdsNul(value: string): boolean {
  return value.includes("\0");
}
export const NUL_REFUSED = "must not contain the NUL character (U+0000)";

/** Free text of at most `max` characters. */
export const textInput = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((value) => !holdsNul(value), NUL_REFUSED);

/** An e-mail address, compared case-insensitively (stored as sent). */
export const emailInput = z.email({ message: "must be a valid e-mail address" }).max(254);
