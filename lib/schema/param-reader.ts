import "./zod-config";
import { z } from "zod";
import { shown } from "./messages";

/**
 * How a query parameter is read: its text turned into a value or refused with the 400's message,
 * and what the OpenAPI document says it takes. Every parameter of lib/schema/*-params.ts and
 * params.ts is one of these.
 */

/** Shown back to the caller inside messages: short, and without control characters. */
export const quote = shown;

/** What a parameter reader answers for a value it refuses: the 400's message. */
export class Invalid {
  constructor(readonly message: string) {}
}

/** The words of every refused cursor: malformed, forged, or of another list. */
export function cursorMessage(name: string, value: string): string {
  return `${name} must be a next_cursor this API returned for this list; got ${quote(value)}.`;
}

export function cursorRefused(name: string, value: string): Invalid {
  return new Invalid(cursorMessage(name, value));
}

/** A parameter's value as the OpenAPI document types it (JSON Schema). */
export type ParamSchema = Record<string, unknown>;

// What each parameter takes, as the document shows it (lib/openapi/json-schema.ts): the query string is
// text to the parser, but a client generator should see integers, enums, dates and their bounds.
export const paramSchemas = new WeakMap<z.ZodType, ParamSchema>();

/** The value schema of a query parameter built here; undefined for any other zod schema. */
export function paramSchemaOf(field: z.ZodType): ParamSchema | undefined {
  return paramSchemas.get(field);
}

/**
 * One query parameter: absent, it is `absent`; present, `read` turns its text into the value or
 * refuses it, and the refusal becomes the 400 that names the parameter (parseQuery). `schema` is
 * what the document says it takes.
 */
export function param<T, A = undefined>(description: string, schema: ParamSchema, read: (value: string) => T | Invalid, absent?: A) {
  const field = z
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
  paramSchemas.set(field, schema);
  return field;
}

export type QueryParam<V> = z.ZodType<V | undefined, string | undefined>;

// The deprecated parameters, each with the names that replace it: a list refuses both at once (listQuery).
// `does`: what the names do, for the refusal ("filter created_at").
export const ALIASES = new WeakMap<z.ZodType, { does: string; names: readonly string[] }>();

/** Whether a query parameter is a deprecated name (the OpenAPI document marks it). */
export function isDeprecatedParam(field: z.ZodType): boolean {
  return ALIASES.has(field);
}
