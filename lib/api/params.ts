import { z } from "zod";
import { DECIMAL_PATTERN, FRACTION_DIGITS, INTEGER_DIGITS, toStoredDecimal } from "../domain/decimal";
import { ApiError } from "./errors";
import { DEFAULT_PER_PAGE, MAX_PAGE, MAX_PER_PAGE } from "./pagination";

/**
 * Building blocks for the query-parameter schemas of every list. Each resource composes its
 * schema from these (lib/<resource>/schema.ts); `parseQuery` enforces the rules shared by all:
 * no unknown parameter, no parameter given twice, the first problem reported with its name.
 */

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: ApiError };

/** Query strings arrive as URLSearchParams (API) or Next's searchParams object (pages). */
export type RawParams = URLSearchParams | Record<string, string | string[] | undefined>;

// A zod object whose input is all strings (the query string) and whose output is the parsed query.
type QuerySchema = z.ZodObject<Record<string, z.ZodType<unknown, string | undefined>>>;

export function parseQuery<S extends QuerySchema>(schema: S, raw: RawParams): ParseResult<z.output<S>> {
  const known = new Set(Object.keys(schema.shape));
  const values: Record<string, string> = {};
  for (const [key, value] of entries(raw)) {
    if (!known.has(key)) return { ok: false, error: ApiError.unknownParameter(key) };
    if (key in values) {
      return {
        ok: false,
        error: ApiError.invalid(key, `"${key}" was given more than once; pass several values as one comma-separated list.`),
      };
    }
    values[key] = value;
  }
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0];
  const param = String(issue.path[0] ?? "");
  return { ok: false, error: ApiError.invalid(param, issue.message) };
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
function quote(value: string): string {
  const clean = value.replace(/[\u0000-\u001f\u007f]/g, "?");
  return JSON.stringify(clean.length > 40 ? `${clean.slice(0, 40)}…` : clean);
}

function integer(name: string, min: number, max: number, fallback: number) {
  return z
    .string()
    .describe(`Integer from ${min} to ${max}; default ${fallback}.`)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return fallback;
      const n = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `${name} must be an integer from ${min} to ${max}; got ${quote(value)}.` });
        return z.NEVER;
      }
      return n;
    });
}

export const pageParams = {
  page: integer("page", 1, MAX_PAGE, 1),
  per_page: integer("per_page", 1, MAX_PER_PAGE, DEFAULT_PER_PAGE),
};

/** One enum value or a comma-separated list of them; duplicates collapse. */
export function enumList<const T extends readonly string[]>(name: string, allowed: T) {
  return z
    .string()
    .describe(`One or more of ${allowed.join(", ")}, comma-separated (any of).`)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const parts = value.split(",").map((p) => p.trim());
      const bad = parts.find((p) => !allowed.includes(p));
      if (bad !== undefined) {
        ctx.addIssue({
          code: "custom",
          message: `${name} must be one or more of ${allowed.join(", ")} (comma-separated); got ${quote(bad)}.`,
        });
        return z.NEVER;
      }
      return [...new Set(parts)] as T[number][];
    });
}

export function booleanParam(name: string) {
  return z
    .string()
    .describe("true or false.")
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (value === "true") return true;
      if (value === "false") return false;
      ctx.addIssue({ code: "custom", message: `${name} must be true or false; got ${quote(value)}.` });
      return z.NEVER;
    });
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

export function uuidParam(name: string) {
  return z
    .string()
    .describe("A company UUID.")
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (!isUuid(value)) {
        ctx.addIssue({ code: "custom", message: `${name} must be a UUID; got ${quote(value)}.` });
        return z.NEVER;
      }
      return value.toLowerCase();
    });
}

// RFC 3339 date-time with a mandatory offset: a timestamp without one is ambiguous.
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

export function timestampParam(name: string) {
  return z
    .string()
    .describe("RFC 3339 timestamp with an offset, e.g. 2026-01-31T09:30:00Z.")
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const m = RFC3339.exec(value);
      const date = m && isCalendarDate(m[1], m[2], m[3]) && Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6]) < 60
        ? new Date(value.replace(" ", "T"))
        : null;
      if (!date || Number.isNaN(date.getTime())) {
        ctx.addIssue({
          code: "custom",
          message: `${name} must be an RFC 3339 timestamp with an offset, e.g. 2026-01-31T09:30:00Z; got ${quote(value)}.`,
        });
        return z.NEVER;
      }
      return date;
    });
}

function isCalendarDate(y: string, m: string, d: string): boolean {
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
}

/** A calendar date YYYY-MM-DD, kept as the string (dates are stored as such text). */
export function dateParam(name: string) {
  return z
    .string()
    .describe("Date YYYY-MM-DD, inclusive.")
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      if (!m || !isCalendarDate(m[1], m[2], m[3])) {
        ctx.addIssue({ code: "custom", message: `${name} must be a date YYYY-MM-DD; got ${quote(value)}.` });
        return z.NEVER;
      }
      return value;
    });
}

/** A non-negative decimal bound, returned in the stored fixed-width form for comparison. */
export function decimalParam(name: string) {
  return z
    .string()
    .describe("Non-negative decimal string, inclusive bound.")
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (!DECIMAL_PATTERN.test(value)) {
        ctx.addIssue({
          code: "custom",
          message: `${name} must be a non-negative decimal with at most ${INTEGER_DIGITS} integer and ${FRACTION_DIGITS} fractional digits, e.g. 12.5; got ${quote(value)}.`,
        });
        return z.NEVER;
      }
      return toStoredDecimal(value);
    });
}

/** Free text: bounded, and no control characters (they never belong in a search). */
export function textParam(name: string, maxLength: number) {
  return z
    .string()
    .describe(`Text, at most ${maxLength} characters.`)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (value.length > maxLength) {
        ctx.addIssue({ code: "custom", message: `${name} must be at most ${maxLength} characters; got ${value.length}.` });
        return z.NEVER;
      }
      if (/[\u0000-\u001f\u007f]/.test(value)) {
        ctx.addIssue({ code: "custom", message: `${name} must not contain control characters.` });
        return z.NEVER;
      }
      return value;
    });
}

export interface SortOrder<F extends string> {
  field: F;
  direction: "asc" | "desc";
}

/** `sort=field` ascending or `sort=-field` descending, among the given fields. */
export function sortParam<const F extends readonly string[]>(fields: F, fallback: `${"" | "-"}${F[number]}`) {
  const parse = (value: string): SortOrder<F[number]> | null => {
    const descending = value.startsWith("-");
    const field = descending ? value.slice(1) : value;
    return fields.includes(field) ? { field, direction: descending ? "desc" : "asc" } : null;
  };
  return z
    .string()
    .describe(`One of ${fields.join(", ")}; prefix "-" for descending; default ${fallback}.`)
    .optional()
    .transform((value, ctx) => {
      const order = parse(value ?? fallback);
      if (!order) {
        ctx.addIssue({
          code: "custom",
          message: `sort must be one of ${fields.join(", ")}, optionally prefixed with "-" for descending; got ${quote(value ?? "")}.`,
        });
        return z.NEVER;
      }
      return order;
    });
}
