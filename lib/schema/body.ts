import "./zod-config";
import { z } from "zod";
import { DECIMAL_JSON_SCHEMA, DECIMAL_PATTERN, FRACTION_DIGITS, INTEGER_DIGITS, toStoredDecimal } from "../domain/decimal";
import { ApiError, type FieldError } from "./errors";
import { jsonKindOf, LONE_SURROGATE, sentence, shown, unknownNameAdvice } from "./messages";
import { noQuery } from "./params";

/** The client hung up before its body arrived: nobody is left to answer (lib/http/handler.ts logs it as 499). */
export class ClientGoneError extends Error {
  constructor(cause: unknown) {
    super("The client closed the connection before sending its whole body.", { cause });
    this.name = "ClientGoneError";
  }
}

/** The largest request body we read (issue 12: 64 KB). */
const MAX_BODY_BYTES = 64 * 1024;

// One read per request: the idempotency fingerprint (lib/http/idempotency.ts) and readJsonBody
// share it, and a handler run again for a stale caller (lib/http/handler.ts) finds it too.
const bodies = new WeakMap<Request, Promise<Buffer>>();

/**
 * A request's raw body, at most MAX_BODY_BYTES (413, counted while reading, so a lying or missing
 * Content-Length cannot make us buffer more). Read once; later calls get the same bytes.
 */
export function readBodyBytes(request: Request): Promise<Buffer> {
  let body = bodies.get(request);
  if (!body) bodies.set(request, (body = readLimited(request)));
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
  // Bodies are taken as sent: a compressed one would be read as the JSON it is not.
  const encoding = request.headers.get("content-encoding")?.trim().toLowerCase();
  if (size > 0 && encoding && encoding !== "identity") {
    throw new ApiError("unsupported_media_type", `Send the body uncompressed, without Content-Encoding; got ${shown(encoding)}.`);
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
  // says, as none: `{}`, as an operation that takes no body does (refuseBody).
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
 * The one rule of the operations that take no body (refresh, close, follow, …): no parameters,
 * said as nothing (an empty body, whatever its Content-Type) or as `{}` in JSON (what many HTTP
 * clients send by default), is taken; a JSON object with members is a 400 naming each, since the
 * operation would ignore them; any other bytes are a 415 rather than guessed at.
 */
async function refuseBody(request: Request): Promise<void> {
  const bytes = await readBodyBytes(request);
  if (bytes.length === 0) return;
  const sent = JSON_TYPE.test(request.headers.get("content-type") ?? "") ? jsonObjectOf(bytes) : undefined;
  if (!sent) throw new ApiError("unsupported_media_type", "This operation takes no body: send none, or {} as JSON.");
  const members = Object.keys(sent);
  if (members.length > 0) {
    throw ApiError.fields(members.map((name) => ({ param: name, code: "unknown_parameter", message: `${shown(name)} is not a parameter of this operation, which takes none: send no body, or {}.` })));
  }
}

/** The input of every operation that takes neither a body (refuseBody) nor a query parameter. */
export const noBody = ({ request, url }: { request: Request; url: URL }): Promise<void> => bodyWithoutQuery(url, () => refuseBody(request));

/** The JSON object `bytes` hold, or undefined when they hold anything else (not JSON, an array, a number). */
function jsonObjectOf(bytes: Buffer): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The input of a write, which takes no query parameters: its body as `read` takes it. Every
 * problem of both is answered at once, the query's first (docs/api.md, "Errors"); a refusal that
 * is not about a field (a 415, malformed JSON) is answered after the query's problems, not beside.
 */
export async function bodyWithoutQuery<T>(url: URL, read: () => Promise<T>): Promise<T> {
  let query: ApiError | undefined;
  try {
    noQuery(url);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    query = error;
  }
  if (query === undefined) return read();
  try {
    await read();
  } catch (error) {
    if (error instanceof ApiError && error.errors.length > 0) throw ApiError.fields([...query.errors, ...error.errors]);
  }
  throw query;
}

/** zod's issue path as the API names a field: `acceptable_structures[1]`, `a.b`. */
export function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>((name, key) => (typeof key === "number" ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key)), "");
}

// The rules between fields --------------------------------------------------------------------

/** A problem between fields, at the field that should change. */
export interface RuleIssue {
  path: (string | number)[];
  /** The predicate, as every field message (lib/schema/messages.ts): "must not exceed volume (1000)". */
  message: string;
  /**
   * The fields the rule judged (default: the one at fault). While one of them is itself invalid
   * the rule cannot judge, and the early check (earlyRuleIssues) says nothing of it.
   */
  reads?: readonly string[];
}

type Rules = (input: never) => RuleIssue[];
const RULES = new WeakMap<z.ZodType, { rules: Rules; shape: Record<string, z.ZodType> }>();

/**
 * Registers the rules a body schema checks once its fields are valid (lib/records/write-fields.ts
 * createSchema), with the fields' own schemas: `earlyRuleIssues` runs them while some fields are
 * still invalid, so the API and the dashboard's forms name every problem at once.
 */
export function registerRules<S extends z.ZodType>(schema: S, shape: Record<string, z.ZodType>, rules: Rules): S {
  RULES.set(schema, { rules, shape });
  return schema;
}

/**
 * The rules a body breaks while some of its fields are still invalid, which the schema leaves for
 * later (the rules assume valid fields). The valid fields are read as the schema reads them
 * (defaults included); the invalid ones as left out (null, or an empty list); a rule that read an
 * invalid field says nothing (RuleIssue.reads), and the server decides once the fields are valid.
 */
export function earlyRuleIssues(schema: z.ZodType, body: Record<string, unknown>, invalid: readonly string[]): RuleIssue[] {
  const registered = RULES.get(schema);
  if (!registered) return [];
  const judged: Record<string, unknown> = {};
  const unjudged = new Set(invalid);
  for (const [field, fieldSchema] of Object.entries(registered.shape)) {
    const parsed = unjudged.has(field) ? undefined : fieldSchema.safeParse(body[field]);
    if (parsed?.success) judged[field] = parsed.data;
    else {
      unjudged.add(field);
      judged[field] = Array.isArray(body[field]) ? [] : null;
    }
  }
  try {
    return (registered.rules as (input: unknown) => RuleIssue[])(judged).filter((issue) => !(issue.reads ?? [String(issue.path[0])]).some((field) => unjudged.has(field)));
  } catch {
    return [];
  }
}

/** The fields of a body schema in their order (an object, or an object piped into a transform). */
function fieldsOf(schema: z.ZodType): string[] {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return fieldsOf(schema.in as z.ZodType);
  return Object.keys(RULES.get(schema)?.shape ?? {});
}

// Parsing a body ------------------------------------------------------------------------------

/**
 * Every problem of a body that a write schema refused, as the API words them: one per parameter,
 * the fields in the schema's order (their own problems, then the rules between fields that can
 * already be judged, earlyRuleIssues), then the fields it does not take in the order sent.
 * `refused` explains why a field the schema does not take is refused (assigned by the service,
 * fixed after creation); any other is unknown.
 */
function bodyProblems(schema: z.ZodType, body: Record<string, unknown>, issues: readonly z.core.$ZodIssue[], refused: Record<string, string> = {}): FieldError[] {
  const fields = fieldsOf(schema);
  const found = new Map<string, { field: string; error: FieldError }>();
  const unknown: FieldError[] = [];
  const add = (path: readonly PropertyKey[], predicate: string) => {
    const param = fieldName(path) || "body";
    if (!found.has(param)) found.set(param, { field: String(path[0] ?? ""), error: { param, code: "invalid_parameter", message: sentence(param === "body" ? "The body" : param, predicate) } });
  };
  for (const issue of issues) {
    if (issue.code !== "unrecognized_keys") {
      add(issue.path, issue.message);
      continue;
    }
    for (const key of issue.keys) {
      const param = fieldName([...issue.path, key]);
      // Own keys only: `constructor` or `__proto__` must not find Object.prototype's.
      const why = Object.hasOwn(refused, key) ? refused[key] : undefined;
      const message = why
        ? sentence(param, why)
        : `${shown(param)} is not a field of this body: ${unknownNameAdvice(key, issue.path.length === 0 ? fields : [])}`;
      unknown.push({ param, code: "invalid_parameter", message });
    }
  }
  const invalid = [...new Set([...found.values()].map((problem) => problem.field))];
  for (const issue of earlyRuleIssues(schema, body, invalid)) add(issue.path, issue.message);
  const rank = (field: string) => (fields.includes(field) ? fields.indexOf(field) : fields.length);
  const ordered = [...found.values()].sort((a, b) => rank(a.field) - rank(b.field)).map((problem) => problem.error);
  return [...ordered, ...unknown];
}

/**
 * Parses a JSON body with a write schema; any problem is a 400 that lists them all (bodyProblems),
 * the first one's `param` naming its field.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown, refused: Record<string, string> = {}): z.output<S> {
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw new ApiError("invalid_json", "The body must be a JSON object, {…}, holding the fields the endpoint takes.");
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  throw ApiError.fields(bodyProblems(schema, body as Record<string, unknown>, parsed.error.issues, refused));
}

// Field types of request bodies.

/**
 * A field's own words for its problems of kind (left out, the wrong JSON type, a malformed value):
 * `is required: <what>` and `must be <what>; got "…"`. Its other checks word their own; what none
 * words falls to lib/schema/messages.ts zodMessage.
 */
export function expecting(what: string) {
  return (issue: z.core.$ZodRawIssue): string | undefined => {
    if (issue.code !== "invalid_type" && issue.code !== "invalid_value" && issue.code !== "invalid_format") return undefined;
    if (issue.input === undefined) return `is required: ${what}`;
    return `must be ${what}${typeof issue.input === "string" ? `; got ${shown(issue.input)}` : `, not ${jsonKindOf(issue.input)}`}`;
  };
}

const DECIMAL_WORDS = `a decimal number like "1250.50": digits with at most one point (no commas or spaces), at most ${INTEGER_DIGITS} digits before the point and ${FRACTION_DIGITS} after`;

/** A big decimal as a JSON string (a JSON number has already lost digits), within the stored width. */
export function decimalInput(options: { positive?: boolean; max?: string } = {}) {
  const asString = 'a decimal number written as a JSON string, like "12.50"';
  return z
    .string({
      error: (issue) => {
        if (issue.code !== "invalid_type") return undefined;
        if (issue.input === undefined) return `is required: ${asString}`;
        const lost = typeof issue.input === "number" ? " (a JSON number may already have lost digits)" : "";
        return `must be ${asString}, not ${jsonKindOf(issue.input)}${lost}`;
      },
    })
    .describe("big decimal string")
    .superRefine((value, ctx) => {
      const got = `; got ${shown(value)}`;
      if (!DECIMAL_PATTERN.test(value)) {
        ctx.addIssue({ code: "custom", message: `must be ${DECIMAL_WORDS}${got}` });
      } else if (options.positive && toStoredDecimal(value) === toStoredDecimal("0")) {
        ctx.addIssue({ code: "custom", message: `must be greater than 0${got}` });
      } else if (options.max !== undefined && toStoredDecimal(value) > toStoredDecimal(options.max)) {
        ctx.addIssue({ code: "custom", message: `must be at most ${options.max}${got}` });
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

/**
 * Why a string holding half of a UTF-16 surrogate pair alone (`"\ud800"` in JSON text) is refused:
 * it is no Unicode text, and neither database's driver can pass it on (a 500 on both), so it is a 400.
 */
const LONE_SURROGATE_REFUSED = "must be Unicode text: it holds half of a UTF-16 surrogate pair (a \\uD800–\\uDFFF escape) without the other half";

/** Why neither database can take a string (NUL_REFUSED, LONE_SURROGATE_REFUSED); undefined when both can. */
export function unstorable(value: string): string | undefined {
  if (holdsNul(value)) return NUL_REFUSED;
  return LONE_SURROGATE.test(value) ? LONE_SURROGATE_REFUSED : undefined;
}

/**
 * Free text of at most `max` characters; `what` says what it holds, for the messages of a missing
 * or non-text value. Every string a body or a form sends is one (or a narrower type): what neither
 * database can store is refused here, once.
 */
export const textInput = (max: number, what = `text of at most ${max.toLocaleString("en-US")} characters`) =>
  z
    .string({ error: expecting(what) })
    .max(max)
    .superRefine((value, ctx) => {
      const why = unstorable(value);
      if (why) ctx.addIssue({ code: "custom", message: why });
    });

/** An e-mail address, compared case-insensitively (stored as sent). */
/** The first date a trade or a deal takes: one before it is a typo (0026 for 2026), not history. */
const FIRST_DATE = "1900-01-01";

/** A calendar date, as trades and deals take one. */
export const dateInput = z.iso
  .date({ error: expecting("a calendar date written YYYY-MM-DD, like 2026-03-09") })
  .refine((date) => date >= FIRST_DATE, { message: `must not be before ${FIRST_DATE}` });

export const emailInput = z.email({ error: expecting("an e-mail address, like name@example.com") }).max(254);
