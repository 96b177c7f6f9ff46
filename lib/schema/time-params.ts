import { ALIASES, Invalid, param, quote, type QueryParam } from "./param-reader";

/** The time filters of the lists: `<field>_from` and `<field>_to`, and their deprecated names. */

// RFC 3339 date-time with a mandatory offset: a timestamp without one is ambiguous.
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$/;

function readTimestamp(value: string): Date | null {
  const m = RFC3339.exec(value);
  const date = m && isCalendarDate(m[1], m[2], m[3]) && Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6]) < 60 ? new Date(value.replace(" ", "T")) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

const TIMESTAMP_SCHEMA = { type: "string", format: "date-time", maxLength: 35 };
const DATE_SCHEMA = { type: "string", format: "date", maxLength: 10 };

function isCalendarDate(y: string, m: string, d: string): boolean {
  // setUTCFullYear, not Date.UTC, which reads years 0-99 as 1900-1999 (a body's dates take them).
  const date = new Date(0);
  date.setUTCFullYear(Number(y), Number(m) - 1, Number(d));
  return date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isDate(value: string): boolean {
  const m = DATE.exec(value);
  return m !== null && isCalendarDate(m[1], m[2], m[3]);
}

/** A calendar date YYYY-MM-DD, kept as the string (dates are stored as such text). */
export function dateParam(name: string) {
  return param("Date YYYY-MM-DD, inclusive.", DATE_SCHEMA, (value) => (isDate(value) ? value : new Invalid(`${name} must be a date YYYY-MM-DD; got ${quote(value)}.`)));
}

/** How a time filter compares its column with its point in time. */
export type TimeOperator = ">" | ">=" | "<" | "<=";

/** One end of a time filter: the rows whose column compares so with `at`. */
export interface TimeBound {
  operator: TimeOperator;
  at: Date;
}

/**
 * `<field>_from` (`end` "from") or `<field>_to` ("to") of a timestamp column, inclusive: an RFC 3339
 * timestamp with an offset, or a date YYYY-MM-DD meaning that whole UTC day (from its start; to its
 * end, that is before the next day starts).
 */
function timeBoundParam(name: string, end: "from" | "to") {
  const description = `RFC 3339 timestamp with an offset, e.g. 2026-01-31T09:30:00Z, or a date YYYY-MM-DD (the UTC day ${end === "from" ? "from its start" : "to its end"}); inclusive.`;
  // Either form: a client generator offers both (OpenAPI's anyOf).
  return param(description, { type: "string", maxLength: TIMESTAMP_SCHEMA.maxLength, anyOf: [{ format: "date-time" }, { format: "date" }] }, (value): TimeBound | Invalid => {
    if (isDate(value)) {
      const day = new Date(`${value}T00:00:00Z`);
      if (end === "from") return { operator: ">=", at: day };
      day.setUTCDate(day.getUTCDate() + 1);
      return { operator: "<", at: day };
    }
    const at = readTimestamp(value);
    if (at) return { operator: end === "from" ? ">=" : "<=", at };
    return new Invalid(`${name} must be an RFC 3339 timestamp with an offset, e.g. 2026-01-31T09:30:00Z, or a date YYYY-MM-DD; got ${quote(value)}.`);
  });
}

/** The deprecated name of one end of a time filter: a timestamp, compared as it always was. */
function timeAliasParam(name: string, operator: TimeOperator, instead: string) {
  const comparison = { ">": "after it", ">=": "at or after it", "<": "before it", "<=": "at or before it" }[operator];
  return param(`Deprecated: use ${instead}. RFC 3339 timestamp with an offset; ${comparison}.`, TIMESTAMP_SCHEMA, (value): TimeBound | Invalid => {
    const at = readTimestamp(value);
    return at ? { operator, at } : new Invalid(`${name} must be an RFC 3339 timestamp with an offset, e.g. 2026-01-31T09:30:00Z; got ${quote(value)}.`);
  });
}

/** What a time filter adds its conditions to (lib/db/sql.ts Filters over the list's rows). */
export interface TimeFilters<C extends string> {
  compare(column: C, operator: TimeOperator, value: Date | undefined): void;
  between(column: C, min: string | undefined, max: string | undefined): void;
}

type FieldOf<C extends string> = C extends `${infer F}_at` ? F : C;

/**
 * The time filter of one column, written once for every list: `<field>_from` and `<field>_to` (the
 * column's name without `_at`), both inclusive, plus deprecated aliases (each with the comparison it
 * always made), which `listQuery` refuses beside the new names. A date column (`date`: stored as
 * YYYY-MM-DD text) takes dates; a timestamp column takes timestamps or whole UTC days. `where`
 * adds the conditions of the parameters a query gives.
 */
export function timeRange<const C extends string, const A extends string = never, const D extends boolean = false>(
  column: C,
  options: { date?: D; aliases?: Record<A, TimeOperator> } = {},
) {
  type Value = D extends true ? string : TimeBound;
  const field = column.replace(/_at$/, "") as FieldOf<C>;
  const from = `${field}_from` as const;
  const to = `${field}_to` as const;
  const aliases = Object.entries(options.aliases ?? {}) as [A, TimeOperator][];
  const params: Record<string, QueryParam<unknown>> = options.date
    ? { [from]: dateParam(from), [to]: dateParam(to) }
    : { [from]: timeBoundParam(from, "from"), [to]: timeBoundParam(to, "to") };
  for (const [alias, operator] of aliases) {
    params[alias] = timeAliasParam(alias, operator, operator.startsWith(">") ? from : to);
    ALIASES.set(params[alias], { does: `filter ${column}`, names: [from, to] });
  }
  type Query = Partial<Record<string, unknown>>;
  /** The ends the query sets, for a statement not built on Filters (lib/audit/events.ts). */
  const bounds = (query: Query): TimeBound[] =>
    [from, to, ...aliases.map(([alias]) => alias)].flatMap((name) => (query[name] === undefined ? [] : [query[name] as TimeBound]));
  return {
    params: params as Record<typeof from | typeof to, QueryParam<Value>> & Record<A, QueryParam<TimeBound>>,
    bounds,
    where(w: TimeFilters<C>, query: Query): void {
      if (options.date) w.between(column, query[from] as string | undefined, query[to] as string | undefined);
      else for (const bound of bounds(query)) w.compare(column, bound.operator, bound.at);
    },
  };
}
