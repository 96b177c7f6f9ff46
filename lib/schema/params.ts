import "./zod-config";
import { z } from "zod";
import { DECIMAL_PATTERN, FRACTION_DIGITS, INTEGER_DIGITS, toStoredDecimal } from "../domain/decimal";
import { ApiError, type FieldError } from "./errors";
import { sentence, shown } from "./messages";
import { DEFAULT_PER_PAGE, MAX_PAGE, MAX_PER_PAGE } from "./pagination";

/**
 * Building blocks for the query-parameter schemas of every list. Each resource composes its
 * schema from these (lib/<resource>/schema.ts); `parseQuery` enforces the rules shared by all:
 * no unknown parameter, no parameter given twice, and every problem reported at once, each with
 * its parameter's name.
 */

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: ApiError };

/** Query strings arrive as URLSearchParams (API) or Next's searchParams object (pages). */
export type RawParams = URLSearchParams | Record<string, string | string[] | undefined>;

// A zod object whose input is all strings (the query string) and whose output is the parsed query.
type QuerySchema = z.ZodObject<Record<string, z.ZodType<unknown, string | undefined>>>;

/**
 * A query parsed with its schema, or one 400 that lists every problem (lib/schema/errors.ts): the
 * parameters of the schema in its order (a parameter given twice, a value it refuses; one problem
 * per parameter), then the unknown ones in the order they were sent. The first is the error's
 * code, message and param.
 */
export function parseQuery<S extends QuerySchema>(schema: S, raw: RawParams): ParseResult<z.output<S>> {
  const known = Object.keys(schema.shape);
  const values: Record<string, string> = {};
  const problems = new Map<string, FieldError>();
  const unknown = new Map<string, FieldError>();
  for (const [key, value] of entries(raw)) {
    if (!Object.hasOwn(schema.shape, key)) {
      if (!unknown.has(key)) unknown.set(key, ApiError.unknownParameter(key, known).errors[0]);
    } else if (key in values) {
      problems.set(key, {
        param: key,
        code: "invalid_parameter",
        message: `${key} was given more than once; pass several values as one comma-separated list, like ${key}=a,b.`,
      });
    } else values[key] = value;
  }
  const parsed = schema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const param = String(issue.path[0] ?? "");
      // The parameter readers below word whole sentences; a plain zod schema words the predicate.
      const message = issue.message.startsWith(`${param} `) ? issue.message : sentence(param || "The query", issue.message);
      if (!problems.has(param)) problems.set(param, { param, code: "invalid_parameter", message });
    }
  }
  const ordered = [
    ...known.filter((name) => problems.has(name)).map((name) => problems.get(name)!),
    // A problem of the whole query (a rule between parameters without one at fault).
    ...[...problems.keys()].filter((name) => !known.includes(name)).map((name) => problems.get(name)!),
    ...unknown.values(),
  ];
  if (ordered.length > 0) return { ok: false, error: ApiError.fields(ordered) };
  return { ok: true, value: parsed.data as z.output<S> };
}

function* entries(raw: RawParams): Iterable<[string, string]> {
  if (raw instanceof URLSearchParams) {
    yield* raw.entries();
    return;
  }
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) yield [key, v];
    else yield [key, value];
  }
}

/** Shown back to the caller inside messages: short, and without control characters. */
const quote = shown;

/** What a parameter reader answers for a value it refuses: the 400's message. */
class Invalid {
  constructor(readonly message: string) {}
}

/**
 * One query parameter: absent, it is `absent`; present, `read` turns its text into the value or
 * refuses it, and the refusal becomes the 400 that names the parameter (parseQuery).
 */
function param<T, A = undefined>(description: string, read: (value: string) => T | Invalid, absent?: A) {
  return z
    .string()
    .describe(description)
    .optional()
    .transform((value, ctx): T | A => {
      if (value === undefined) return absent as A;
      const result = read(value);
      if (!(result instanceof Invalid)) return result;
      ctx.addIssue({ code: "custom", message: result.message });
      return z.NEVER;
    });
}

export function integer(name: string, min: number, max: number, fallback: number) {
  return param(
    `Integer from ${min} to ${max}; default ${fallback}.`,
    (value) => {
      const n = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
      return Number.isInteger(n) && n >= min && n <= max ? n : new Invalid(`${name} must be an integer from ${min} to ${max}; got ${quote(value)}.`);
    },
    fallback,
  );
}

export const pageParams = {
  page: integer("page", 1, MAX_PAGE, 1),
  per_page: integer("per_page", 1, MAX_PER_PAGE, DEFAULT_PER_PAGE),
};

/** One enum value or a comma-separated list of them; duplicates collapse. */
export function enumList<const T extends readonly string[]>(name: string, allowed: T) {
  return param(`One or more of ${allowed.join(", ")}, comma-separated (any of).`, (value) => {
    const parts = value.split(",").map((p) => p.trim());
    const bad = parts.find((p) => !allowed.includes(p));
    if (bad !== undefined) return new Invalid(`${name} must be one or more of ${allowed.join(", ")} (comma-separated); got ${quote(bad)}.`);
    return [...new Set(parts)] as T[number][];
  });
}

export function booleanParam(name: string) {
  return param("true or false.", (value) =>
    value === "true" ? true : value === "false" ? false : new Invalid(`${name} must be true or false; got ${quote(value)}.`),
  );
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** A `{company_id}` path segment: a UUID, or a 400 naming it (before anything is read). */
export function companyIdOf(value: string): string {
  if (!isUuid(value)) throw ApiError.invalid("company_id", `company_id must be the id of a company, as GET /companies lists it; got ${quote(value)}.`);
  return value;
}

/** Where a caller finds the ids of each kind, for the messages that ask for one. */
const ID_SOURCES: Record<string, string> = {
  company: ", as GET /companies lists it",
  user: ", as an audit event's actor.user_id shows it",
  team: ", as a trade's team.id in GET /ops/trades shows it",
};

export function uuidParam(name: string, of = "company") {
  const where = ID_SOURCES[of] ?? "";
  return param(`A ${of} UUID.`, (value) => (isUuid(value) ? value.toLowerCase() : new Invalid(`${name} must be the id of a ${of}${where}; got ${quote(value)}.`)));
}

// RFC 3339 date-time with a mandatory offset: a timestamp without one is ambiguous.
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

export function timestampParam(name: string) {
  return param("RFC 3339 timestamp with an offset, e.g. 2026-01-31T09:30:00Z.", (value) => {
    const m = RFC3339.exec(value);
    const date = m && isCalendarDate(m[1], m[2], m[3]) && Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6]) < 60
      ? new Date(value.replace(" ", "T"))
      : null;
    if (date && !Number.isNaN(date.getTime())) return date;
    return new Invalid(`${name} must be an RFC 3339 timestamp with an offset, e.g. 2026-01-31T09:30:00Z; got ${quote(value)}.`);
  });
}

function isCalendarDate(y: string, m: string, d: string): boolean {
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
}

/** A calendar date YYYY-MM-DD, kept as the string (dates are stored as such text). */
export function dateParam(name: string) {
  return param("Date YYYY-MM-DD, inclusive.", (value) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    return m && isCalendarDate(m[1], m[2], m[3]) ? value : new Invalid(`${name} must be a date YYYY-MM-DD; got ${quote(value)}.`);
  });
}

/** A non-negative decimal bound, returned in the stored fixed-width form for comparison. */
export function decimalParam(name: string) {
  return param("Non-negative decimal string, inclusive bound.", (value) =>
    DECIMAL_PATTERN.test(value)
      ? toStoredDecimal(value)
      : new Invalid(
          `${name} must be a number like 12.50: digits with at most one point, up to ${INTEGER_DIGITS} digits before it and ${FRACTION_DIGITS} after; got ${quote(value)}.`,
        ),
  );
}

/** The price and volume range filters of the indication and trade lists. */
export const priceVolumeParams = {
  price_min: decimalParam("price_min"),
  price_max: decimalParam("price_max"),
  volume_min: decimalParam("volume_min"),
  volume_max: decimalParam("volume_max"),
};

/** Free text: bounded, and no control characters (they never belong in a search). */
export function textParam(name: string, maxLength: number) {
  return param(`Text, at most ${maxLength} characters.`, (value) => {
    if (value.length > maxLength) return new Invalid(`${name} must be at most ${maxLength} characters; got ${value.length}.`);
    if (/[\u0000-\u001f\u007f-\u009f]/.test(value)) return new Invalid(`${name} must not contain control characters.`);
    return value;
  });
}

export interface SortOrder<F extends string> {
  field: F;
  direction: "asc" | "desc";
}

/** `sort=field` ascending or `sort=-field` descending, among the given fields. */
export function sortParam<const F extends readonly string[]>(fields: F, fallback: SortOrder<F[number]>) {
  const parse = (value: string): SortOrder<F[number]> | Invalid => {
    const descending = value.startsWith("-");
    const field = descending ? value.slice(1) : value;
    if (fields.includes(field)) return { field, direction: descending ? "desc" : "asc" };
    return new Invalid(`sort must be one of ${fields.join(", ")}, optionally prefixed with "-" for descending; got ${quote(value)}.`);
  };
  const written = `${fallback.direction === "desc" ? "-" : ""}${fallback.field}`;
  return param(`One of ${fields.join(", ")}; prefix "-" for descending; default ${written}.`, parse, fallback);
}

/** A route that takes no query parameters refuses any, each by name. */
export function noQuery(url: URL): void {
  const names = [...new Set(url.searchParams.keys())];
  if (names.length > 0) throw ApiError.fields(names.map((name) => ApiError.unknownParameter(name).errors[0]));
}

/** Lists that take only a page: a resource's history. */
export const historyParamsSchema = z.object({ ...pageParams });

/**
 * A position in a feed written as `<prefix>.<n>` (n a non-negative integer): opaque to callers,
 * stable forever, so a client can resume from it days later.
 */
export function cursorParam(name: string, prefix: string) {
  const pattern = new RegExp(`^${prefix}\\.(\\d{1,15})$`);
  return param(`A cursor returned as next_cursor; absent: from the beginning.`, (value) => {
    const match = pattern.exec(value);
    return match ? Number(match[1]) : new Invalid(`${name} must be a cursor this API returned as next_cursor; got ${quote(value)}.`);
  }, 0);
}
