import { z } from "zod";
import { isDeprecatedParam, paramSchemaOf } from "../schema/param-reader";

/** A zod schema as the document's JSON Schema: what it takes (`input`) or what it gives (`output`). */
export function jsonSchema(schema: z.ZodType, io: "input" | "output" = "output") {
  // The document names the dialect once (openapi: 3.1); drop the per-schema "$schema".
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
  delete json.$schema;
  return bounded(json);
}

// The longest text of each string format we write or take (a timestamp with nanoseconds and an offset).
const FORMAT_LENGTH: Record<string, number> = { uuid: 36, date: 10, "date-time": 35, email: 254 };
const INT32 = 2 ** 31 - 1;

/**
 * What zod leaves implicit, said in the document: the length a string format allows and the width
 * of an integer (int32 when its bounds fit, else int64), so generated clients and the OWASP lint
 * see the bounds the parsers hold to.
 */
function bounded(node: unknown): Record<string, unknown> {
  if (Array.isArray(node)) {
    node.forEach(bounded);
  } else if (node && typeof node === "object") {
    const schema = node as Record<string, unknown>;
    if (schema.type === "string" && typeof schema.format === "string" && schema.maxLength === undefined && FORMAT_LENGTH[schema.format]) {
      schema.maxLength = FORMAT_LENGTH[schema.format];
    }
    if (schema.type === "integer" && schema.format === undefined) {
      const fits = Math.abs(Number(schema.minimum ?? -Infinity)) <= INT32 && Math.abs(Number(schema.maximum ?? Infinity)) <= INT32;
      schema.format = fits ? "int32" : "int64";
    }
    Object.values(schema).forEach(bounded);
  }
  return node as Record<string, unknown>;
}

/** An operation's query parameters, from the schema its route parses them with. */
export function queryParameters(schema: z.ZodObject) {
  return Object.entries(schema.shape).map(([name, field]) => {
    const { description, ...text } = jsonSchema(field as z.ZodType, "input");
    // Every parameter is built by `param` (lib/schema/param-reader.ts), which says what its text stands for and
    // whether it is a deprecated name (an alias kept for old callers), marked where OpenAPI reads it.
    const deprecated = isDeprecatedParam(field as z.ZodType);
    return { name, in: "query", required: false, description, ...(deprecated ? { deprecated } : {}), schema: paramSchemaOf(field as z.ZodType) ?? text };
  });
}
