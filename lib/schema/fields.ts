import "./zod-config";
import { z } from "zod";
import type { ApiFields, FieldKind } from "../db/json-sql";
import { toStoredDecimal } from "../domain/decimal";

/**
 * The field types of the API's responses that are stored in another form than they are shown,
 * each marked with how the database writes it as JSON (lib/db/json-sql.ts). A resource's response
 * schema (lib/<resource>/schema.ts) is built from these, and its serializer is derived from that
 * schema (apiFieldsOf): the schema is the one place that says what a response holds.
 */
const kinds = new WeakMap<z.ZodType, FieldKind>();

function stored<S extends z.ZodType>(schema: S, kind: FieldKind): S {
  kinds.set(schema, kind);
  return schema;
}

/** A big decimal, exact, as a string ("12.5"); stored fixed-width (lib/domain/decimal.ts). */
export const decimalField = stored(z.string().describe("big decimal string"), "decimal");
/** A point in time, RFC 3339 in UTC with milliseconds. */
export const timestampField = stored(z.iso.datetime().describe("RFC 3339 UTC timestamp with milliseconds"), "timestamp");
/** A calendar date, stored as shown. */
export const dateField = z.iso.date().describe("ISO 8601 date YYYY-MM-DD");

function kindOf(field: z.ZodType): FieldKind {
  const inner = field instanceof z.ZodNullable ? (field.unwrap() as z.ZodType) : field;
  const marked = kinds.get(inner);
  if (marked) return marked;
  if (inner instanceof z.ZodBoolean) return "boolean";
  if (inner instanceof z.ZodArray) return "list";
  // An embedded object is the joined row's {id, name} (the issuer).
  if (inner instanceof z.ZodObject) return "ref";
  return "text";
}

/** How the database writes each field of a response schema, in the schema's order. */
export function apiFieldsOf<T>(schema: z.ZodObject): ApiFields<T> {
  return Object.fromEntries(Object.entries(schema.shape).map(([name, field]) => [name, kindOf(field as z.ZodType)])) as ApiFields<T>;
}

/** A Prisma row's property for an API field: `created_at` -> `createdAt` (the schema's @map rule). */
function propertyOf(field: string): string {
  return field.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** API values of some fields (`price_per_share: "12.5"`) -> the columns Prisma writes (`pricePerShare`, stored form). */
export function apiToRow<T>(fields: ApiFields<T>, values: Partial<Record<keyof T & string, unknown>>): Record<string, unknown> {
  const kinds = fields as Record<string, FieldKind>;
  const row: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    const kind = kinds[field];
    if (kind === undefined || kind === "ref") continue;
    if (value === null) row[propertyOf(field)] = null;
    else if (kind === "decimal") row[propertyOf(field)] = toStoredDecimal(String(value));
    else if (kind === "list") row[propertyOf(field)] = JSON.stringify(value);
    else if (kind === "timestamp") row[propertyOf(field)] = new Date(String(value));
    else row[propertyOf(field)] = value;
  }
  return row;
}
