import "./zod-config";
import { z } from "zod";
import { DECIMAL_JSON_SCHEMA, DECIMAL_PATTERN, FRACTION_DIGITS, INTEGER_DIGITS, STORED_WIDTH, toStoredDecimal } from "../domain/decimal";
import { ApiError, type FieldError } from "./errors";
import { sentence } from "./messages";
import { DEFAULT_PER_PAGE, MAX_PAGE, MAX_PER_PAGE } from "./pagination";
import { ALIASES, Invalid, cursorRefused, param, paramSchemas, quote, type QueryParam } from "./param-reader";

/**
 * Building blocks for the query-parameter schemas of every list (and beside them, time-params.ts,
 * feed-params.ts, history-params.ts). Each resource composes its schema from these
 * (lib/<resource>/schema.ts); `parseQuery` enforces the rules shared by all:
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
  // Two ways to say where a page starts: which one counts would be a guess.
  if ("cursor" in values && "page" in values && !problems.has("page")) {
    problems.set("page", { param: "page", code: "invalid_parameter", message: "page and cursor cannot be used together: a cursor already says where the page starts; send one or the other." });
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

export function integer(name: string, min: number, max: number, fallback: number) {
  return param(
    `Integer from ${min} to ${max}; default ${fallback}.`,
    { type: "integer", format: "int32", minimum: min, maximum: max, default: fallback },
    (value) => {
      const n = /^\d{1,9}$/.test(value) ? Number(value) : NaN;
      return Number.isInteger(n) && n >= min && n <= max ? n : new Invalid(`${name} must be an integer from ${min} to ${max}; got ${quote(value)}.`);
    },
    fallback,
  );
}

/** Longer than any cursor this API writes (lib/http/cursor.ts: a sort value is at most a company's name). */
export const MAX_CURSOR_LENGTH = 2048;

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const CURSOR_SCHEMA = { type: "string", pattern: BASE64URL.source, maxLength: MAX_CURSOR_LENGTH };

/**
 * A list's cursor (docs/api/lists.md, "Cursors"): opaque, so only its form is checked here; the API
 * opens it against the list it is sent to (lib/http/cursor.ts). An optional key, so a query built
 * in code (the pages', the tests') may leave it out.
 */
const listCursor = param("A next_cursor of this list, sent with the same sort: the rows after that page. Not with page.", CURSOR_SCHEMA, (value) =>
  BASE64URL.test(value) && value.length <= MAX_CURSOR_LENGTH ? value : cursorRefused("cursor", value),
).optional();
paramSchemas.set(listCursor, CURSOR_SCHEMA);

export const pageParams = {
  page: integer("page", 1, MAX_PAGE, 1),
  per_page: integer("per_page", 1, MAX_PER_PAGE, DEFAULT_PER_PAGE),
  cursor: listCursor,
};

/** One enum value or a comma-separated list of them; duplicates collapse. */
export function enumList<const T extends readonly string[]>(name: string, allowed: T) {
  // Comma-separated values of the enumeration: a pattern, since a query value is one string. Room
  // for each value once with a space around each comma; longer is refused (nothing to gain by it).
  const one = `\\s*(${allowed.join("|")})\\s*`;
  const maxLength = allowed.join(" , ").length;
  const schema = { type: "string", pattern: `^${one}(,${one})*$`, maxLength, examples: [allowed[0]] };
  return param(`One or more of ${allowed.join(", ")}, comma-separated (any of).`, schema, (value) => {
    if (value.length > maxLength) return new Invalid(`${name} may be at most ${maxLength} characters: name each value once.`);
    const parts = value.split(",").map((p) => p.trim());
    const bad = parts.find((p) => !allowed.includes(p));
    if (bad !== undefined) return new Invalid(`${name} must be one or more of ${allowed.join(", ")} (comma-separated); got ${quote(bad)}.`);
    return [...new Set(parts)] as T[number][];
  });
}

export function booleanParam(name: string) {
  return param("true or false.", { type: "boolean" }, (value) =>
    value === "true" ? true : value === "false" ? false : new Invalid(`${name} must be true or false; got ${quote(value)}.`),
  );
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/** The 404 of a company id that names no company. */
export function noSuchCompany(id: string): ApiError {
  return ApiError.notFound(`No company with id ${id}.`);
}

/**
 * A `{company_id}` path segment: a UUID, or the 404 of an unknown company, answered without a
 * statement. A path id that is not a UUID names nothing, as an unknown one does, and is answered
 * alike (docs/api/requests.md, "Path ids"): checked where the company is looked up, after the permission.
 */
export function companyIdOf(value: string): string {
  if (!isUuid(value)) throw noSuchCompany(value);
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
  return param(`A ${of} UUID.`, { type: "string", format: "uuid", maxLength: 36 }, (value) =>
    isUuid(value) ? value.toLowerCase() : new Invalid(`${name} must be the id of a ${of}${where}; got ${quote(value)}.`),
  );
}

type Shape = Record<string, QueryParam<unknown>>;

/**
 * A list's query schema from its parameters: as z.object, and refusing a deprecated time filter
 * beside a new name of the same column (timeRange), which would leave unclear which one counts.
 */
export function listQuery<S extends Shape>(shape: S) {
  const aliases = Object.entries(shape).flatMap(([name, schema]) => {
    const alias = ALIASES.get(schema);
    return alias ? [{ name, ...alias }] : [];
  });
  return z.object(shape).superRefine((query, ctx) => {
    for (const { name, does, names } of aliases) {
      const given = names.find((other) => (query as Record<string, unknown>)[other] !== undefined);
      if (given === undefined || (query as Record<string, unknown>)[name] === undefined) continue;
      ctx.addIssue({
        code: "custom",
        path: [name],
        message: `${name} and ${given} both ${does}; ${name} is the deprecated name: use ${names.join(" and ")} alone.`,
      });
    }
  });
}

/** A list's parameters without its page (its CSV export reads the whole set). */
export function withoutPage<S extends Shape>(shape: S): Omit<S, keyof typeof pageParams> {
  return Object.fromEntries(Object.entries(shape).filter(([name]) => !(name in pageParams))) as Omit<S, keyof typeof pageParams>;
}

/** A non-negative decimal bound, returned in the stored fixed-width form for comparison. */
function decimalParam(name: string) {
  return param("Non-negative decimal string, inclusive bound.", DECIMAL_JSON_SCHEMA, (value) =>
    DECIMAL_PATTERN.test(value)
      ? toStoredDecimal(value)
      : new Invalid(
          `${name} must be a number like 12.50: digits with at most one point, up to ${INTEGER_DIGITS} digits before it and ${FRACTION_DIGITS} after; got ${quote(value)}.`,
        ),
  );
}

/**
 * A non-negative decimal bound, as decimalParam, that an empty value leaves out (`?mark_min=` is
 * no filter, as `?country=` is none).
 */
export function optionalDecimalParam(name: string) {
  const read = decimalParam(name);
  return param("Non-negative decimal string, inclusive bound; empty: no bound.", DECIMAL_JSON_SCHEMA, (value) => {
    if (value === "") return undefined;
    const parsed = read.safeParse(value);
    return parsed.success ? parsed.data : new Invalid(parsed.error.issues[0].message);
  });
}

const SIGNED_DECIMAL_PATTERN = new RegExp(`^-?\\d{1,${INTEGER_DIGITS}}(\\.\\d{1,${FRACTION_DIGITS}})?$`);

/**
 * A signed decimal bound of at least -1 (a relative change: 0.05 is up 5 %, -1 all gone), given
 * to `read` as typed, without a sign of zero ("-0" is "0"); empty: no bound.
 */
export function changeParam<T>(name: string, read: (value: string) => T) {
  const schema = { type: "string", pattern: SIGNED_DECIMAL_PATTERN.source, maxLength: STORED_WIDTH + 1, examples: ["-0.05"] };
  return param("Signed decimal string, a relative change (0.05 is up 5 %), -1 or more; inclusive bound; empty: no bound.", schema, (value) => {
    if (value === "") return undefined;
    const valid = SIGNED_DECIMAL_PATTERN.test(value) && !(value.startsWith("-") && /[1-9]/.test(value) && decimalAbove(value.slice(1), "1"));
    if (!valid) {
      return new Invalid(
        `${name} must be a relative change like 0.05 (up 5 %) or -0.1 (down 10 %): -1 or more, digits with at most one point and ${FRACTION_DIGITS} digits after it; got ${quote(value)}.`,
      );
    }
    return read(value.replace(/^-(?=[0.]*$)/, ""));
  });
}

/** Whether the decimal `a` is above `b` (both plain, non-negative, storable). */
function decimalAbove(a: string, b: string): boolean {
  return toStoredDecimal(a) > toStoredDecimal(b);
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
  return param(`Text, at most ${maxLength} characters.`, { type: "string", maxLength }, (value) => {
    if (value.length > maxLength) return new Invalid(`${name} must be at most ${maxLength} characters; got ${value.length}.`);
    if (/[\u0000-\u001f\u007f-\u009f]/.test(value)) return new Invalid(`${name} must not contain control characters.`);
    return value;
  });
}

export interface SortOrder<F extends string> {
  field: F;
  direction: "asc" | "desc";
}

/**
 * `sort=field` ascending or `sort=-field` descending, among the given fields; the list breaks ties
 * by its row id, ascending. `ascendingOnly`: a list whose cursor only moves forward (GET /my/events)
 * takes no descending order.
 */
export function sortParam<const F extends readonly string[]>(fields: F, fallback: SortOrder<F[number]>, { ascendingOnly = false } = {}) {
  const parse = (value: string): SortOrder<F[number]> | Invalid => {
    const descending = value.startsWith("-") && !ascendingOnly;
    const field = descending ? value.slice(1) : value;
    if (fields.includes(field)) return { field, direction: descending ? "desc" : "asc" };
    if (ascendingOnly) return new Invalid(`sort must be one of ${fields.join(", ")} (ascending only: the feed's cursor moves forward); got ${quote(value)}.`);
    return new Invalid(`sort must be one of ${fields.join(", ")}, optionally prefixed with "-" for descending; got ${quote(value)}.`);
  };
  const written = `${fallback.direction === "desc" ? "-" : ""}${fallback.field}`;
  const orders = ascendingOnly ? [...fields] : fields.flatMap((f) => [f, `-${f}`]);
  const directions = ascendingOnly ? "ascending only" : 'prefix "-" for descending';
  return param(`One of ${fields.join(", ")}; ${directions}; ties by id, ascending; default ${written}.`, { type: "string", enum: orders, default: written }, parse, fallback);
}

/** A route that takes no query parameters refuses any, each by name. */
export function noQuery(url: URL): void {
  const names = [...new Set(url.searchParams.keys())];
  if (names.length > 0) throw ApiError.fields(names.map((name) => ApiError.unknownParameter(name).errors[0]));
}
