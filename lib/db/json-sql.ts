import { INTEGER_DIGITS } from "../domain/decimal";
import { sql } from "kysely";
import type { Dialect } from "./dialect";
import { col, compiled, type Fragment } from "./sql";

/**
 * The API's items written by the database, as JSON text, from one declaration per resource
 * (lib/<resource>/serializer.ts, derived from the response schema by lib/schema/fields.ts): each
 * response field names how its column becomes JSON. A list's
 * rows then never exist as JavaScript objects on the API's path: the page statement returns the
 * items as one JSON array that the route handler writes out unparsed (docs/performance.md,
 * "JSON written by the database"); pages parse it (lib/schema/pagination.ts parsePage).
 *
 * A field is read from column `t.<field name>` (the API's names are the columns' names), except a
 * reference, which comes from the row joined under the field's name (`issuer`, `team`).
 */
export type FieldKind =
  /** Text, dates (YYYY-MM-DD) and enumerations, as stored. */
  | "text"
  /** A stored fixed-width decimal (lib/domain/decimal.ts) -> its canonical string: "12.5". */
  | "decimal"
  /** A stored timestamp -> RFC 3339 with milliseconds, "Z". */
  | "timestamp"
  | "boolean"
  /** A JSON array stored as text (SQLite has no arrays) -> the array. */
  | "list"
  /** The row joined under the field's name -> {id, name}. */
  | "ref";

/** The kinds a field of API type V can be written with. */
type KindFor<V> = [V] extends [boolean]
  ? "boolean"
  : [V] extends [readonly string[]]
    ? "list"
    : [V] extends [{ id: string; name: string } | null]
      ? "ref"
      : [V] extends [string | null]
        ? "text" | "decimal" | "timestamp"
        : never;

/** Every field of the API type T, in response order, with its kind. */
export type ApiFields<T> = { readonly [K in keyof T]-?: KindFor<T[K]> } & { readonly __item?: T };

function decimalSql(column: Fragment): Fragment {
  // Same result as fromStoredDecimal: the integer part through a 64-bit integer (18 digits fit),
  // so leading zeros go and one digit stays; trailing fraction zeros and a bare point trimmed.
  // Null stays null. The same text on both databases.
  return sql`CAST(substr(${column}, 1, ${sql.lit(INTEGER_DIGITS)}) AS BIGINT) || rtrim(rtrim(substr(${column}, ${sql.lit(INTEGER_DIGITS + 1)}), '0'), '.')`;
}

function valueSql(dialect: Dialect, name: string, kind: FieldKind): Fragment {
  return kind === "ref"
    ? dialect.jsonObject([
        ["id", sql.ref(`${name}.id`)],
        ["name", sql.ref(`${name}.name`)],
      ])
    : columnJson(dialect, col(name), kind);
}

/** Any column as the API writes a field of its kind (a computed field reading a joined row's column). */
export function columnJson(dialect: Dialect, column: Fragment, kind: Exclude<FieldKind, "ref">): Fragment {
  switch (kind) {
    case "text":
      return column;
    case "decimal":
      return decimalSql(column);
    case "timestamp":
      // Exact to the millisecond on both (checked against Date#toISOString in json-sql.test.ts).
      return dialect.timestampJson(column);
    case "boolean":
      return dialect.booleanJson(column);
    case "list":
      return dialect.listJson(column);
  }
}

/**
 * Field values the database computes per row instead of reading them as their kind says: JSON-ready
 * expressions by field name (say, what only the caller's own team may see: lib/market/queries.ts).
 */
export type ComputedFields = Readonly<Record<string, Fragment>>;

/**
 * How a resource computes such fields: one function per resource, its inputs (who asks, the
 * site's origin) named values that it reads with `value` (a statement's parameters), so a
 * statement can be compiled once and given the values per call (lib/db/sql.ts template), or a
 * column holding them (several viewers read at once, lib/db/item.ts).
 */
export type Computed = (dialect: Dialect, value: (name: string) => string | Fragment) => ComputedFields;

/** The fields' JSON: each value's SQL, and the whole object's, compiled once (no parameters in either). */
interface CompiledFields {
  values: Readonly<Record<string, Fragment>>;
  object: Fragment;
}

// Built and compiled once per declaration and database: the items' JSON is most of a page
// statement, and building it with Kysely cost ~50 µs a statement (docs/performance.md,
// "Typed statements"). Keyed by the declaration object, a module constant of its resource.
const compiledFields = new WeakMap<object, Map<Dialect, CompiledFields>>();

function fieldsOf<T>(dialect: Dialect, fields: ApiFields<T>): CompiledFields {
  let byDialect = compiledFields.get(fields);
  if (byDialect === undefined) compiledFields.set(fields, (byDialect = new Map()));
  let found = byDialect.get(dialect);
  if (found === undefined) {
    const raw = (fragment: Fragment) => {
      const { text, values } = compiled(dialect, fragment);
      if (values.length > 0) throw new Error("a field's SQL takes no parameters");
      return sql.raw(text);
    };
    const entries = Object.entries<FieldKind>(fields as Record<string, FieldKind>);
    const values = Object.fromEntries(entries.map(([name, kind]) => [name, raw(valueSql(dialect, name, kind))]));
    found = { values, object: raw(dialect.jsonObject(entries.map(([name]) => [name, values[name]] as const))) };
    byDialect.set(dialect, found);
  }
  return found;
}

/** One JSON object per row: the fields in declaration order, keyed by their API names. */
export function jsonObjectSql<T>(dialect: Dialect, fields: ApiFields<T>, computed: ComputedFields = {}): Fragment {
  const { values, object } = fieldsOf(dialect, fields);
  const names = Object.keys(values);
  if (!names.some((name) => computed[name] !== undefined)) return object;
  return dialect.jsonObject(names.map((name) => [name, computed[name] ?? values[name]] as const));
}

/**
 * A column of an export (lib/db/export.ts): one per field, a reference as two (`issuer.id`,
 * `issuer.name`). `kind` says how its value is written: `refId` and `refName` are the reference's
 * id and name; a `list` is read as its stored JSON text.
 */
export interface ExportColumn {
  name: string;
  /** The field it comes from. */
  field: string;
  kind: Exclude<FieldKind, "ref"> | "refId" | "refName";
}

/** The fields as an export's columns, in declaration order (a reference as its id and name). */
export function exportColumnsOf<T>(fields: ApiFields<T>): ExportColumn[] {
  return Object.entries<FieldKind>(fields as Record<string, FieldKind>).flatMap(([field, kind]): ExportColumn[] =>
    kind === "ref"
      ? [
          { name: `${field}.id`, field, kind: "refId" },
          { name: `${field}.name`, field, kind: "refName" },
        ]
      : [{ name: field, field, kind }],
  );
}

/**
 * The export's columns as plain SQL values, in order (exportColumnsOf), each written as the API
 * writes it (the same expressions as jsonObjectSql's, without the JSON object around them):
 * decimals and timestamps as the API's text, booleans as true / false, a list as its stored text.
 * A column with `text` is turned into the API's text by that function once read (a timestamp on
 * SQLite: Dialect.exportTimestamp).
 */
export function exportColumnsSql<T>(dialect: Dialect, fields: ApiFields<T>, computed: ComputedFields = {}): { sql: Fragment; text?: (value: unknown) => string }[] {
  return exportColumnsOf(fields).map(({ field, kind }) => {
    if (kind === "refId" || kind === "refName" || kind === "list") {
      if (computed[field] !== undefined) throw new Error(`an export cannot write the computed ${kind === "list" ? "list" : "reference"} ${field}`);
      return { sql: kind === "list" ? col(field) : sql.ref(`${field}.${kind === "refId" ? "id" : "name"}`) };
    }
    if (computed[field] !== undefined) return { sql: computed[field] };
    return kind === "timestamp" ? dialect.exportTimestamp(col(field)) : { sql: valueSql(dialect, field, kind) };
  });
}
