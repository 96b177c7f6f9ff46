import { INTEGER_DIGITS } from "../domain/decimal";
import type { Issuer } from "../domain/issuer";
import type { DatabaseKind } from "./url";

/**
 * The API's list items written by the database, as JSON text, from one declaration per resource
 * (lib/<resource>/serializer.ts): each response field names how its column becomes JSON. The
 * lists' rows then never exist as JavaScript objects on the API's path: the page statement
 * returns the items as one JSON array that the route handler writes out unparsed
 * (docs/performance.md, step 12). Pages parse it (lib/api/pagination.ts parsePage).
 *
 * A field is read from column `t.<field name>` (the API's names are the columns' names), except
 * the issuer, which comes from the issuer join `c`.
 */
export type FieldKind =
  /** Text, dates (YYYY-MM-DD) and enumerations, as stored. */
  | "text"
  /** A stored fixed-width decimal (lib/domain/decimal.ts) -> its canonical string: "12.5". */
  | "decimal"
  /** Epoch milliseconds (SQLite) or timestamp(3) holding UTC (PostgreSQL) -> RFC 3339 with ms, "Z". */
  | "timestamp"
  | "boolean"
  /** A JSON array stored as text (lib/domain/json-list.ts) -> the array. */
  | "list"
  /** The issuer join -> {id, name}. */
  | "issuer";

/** The kinds a field of API type V can be written with. */
type KindFor<V> = [V] extends [boolean]
  ? "boolean"
  : [V] extends [readonly string[]]
    ? "list"
    : [V] extends [Issuer]
      ? "issuer"
      : [V] extends [string | null]
        ? "text" | "decimal" | "timestamp"
        : never;

/** Every field of the API type T, in response order, with its kind. */
export type ApiFields<T> = { readonly [K in keyof T]-?: KindFor<T[K]> } & { readonly __item?: T };

/** Declares a resource's fields; the type checks that they are exactly T's, each of a fitting kind. */
export function apiFields<T>(fields: { readonly [K in keyof T]-?: KindFor<T[K]> }): ApiFields<T> {
  return fields as ApiFields<T>;
}

function decimalSql(column: string): string {
  // Same result as fromStoredDecimal: the integer part through a 64-bit integer (18 digits fit),
  // so leading zeros go and one digit stays; trailing fraction zeros and a bare point trimmed.
  // Null stays null. Four cheap calls, identical in both dialects.
  return `CAST(substr(${column}, 1, ${INTEGER_DIGITS}) AS BIGINT) || rtrim(rtrim(substr(${column}, ${INTEGER_DIGITS + 1}), '0'), '.')`;
}

function valueSql(dialect: DatabaseKind, name: string, kind: FieldKind): string {
  const column = `t.${name}`;
  const sqlite = dialect === "sqlite";
  switch (kind) {
    case "text":
      return column;
    case "decimal":
      return decimalSql(column);
    case "timestamp":
      // Both exact to the millisecond (checked against Date#toISOString in json-sql.test.ts).
      return sqlite
        ? `strftime('%Y-%m-%dT%H:%M:%fZ', ${column} / 1000.0, 'unixepoch')`
        : `to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    case "boolean":
      return sqlite ? `CASE WHEN ${column} THEN json('true') ELSE json('false') END` : column;
    case "list":
      return sqlite ? `json(${column})` : `${column}::json`;
    case "issuer":
      return `${sqlite ? "json_object" : "json_build_object"}('id', c.id, 'name', c.name)`;
  }
}

/** One JSON object per row: the fields in declaration order, keyed by their API names. */
export function jsonObjectSql<T>(dialect: DatabaseKind, fields: ApiFields<T>): string {
  const pairs = Object.entries<FieldKind>(fields as Record<string, FieldKind>).map(([name, kind]) => `'${name}', ${valueSql(dialect, name, kind)}`);
  return `${dialect === "sqlite" ? "json_object" : "json_build_object"}(${pairs.join(", ")})`;
}
