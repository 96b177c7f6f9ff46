import path from "node:path";
import { openApiDocument } from "@/lib/openapi/openapi";
import type { RouteHandler } from "./http";

/**
 * The API's operations as its OpenAPI document lists them, each with the route handler that
 * answers it: for tests that must walk every operation (every body's strings, every bodiless
 * write) and so cannot fall behind a new one as a typed list would.
 */

type JsonSchema = Record<string, unknown>;

export interface ApiOperation {
  method: string;
  /** The document's path, `/my/indications/{id}`. */
  path: string;
  operationId: string;
  /** The request body's JSON schema; undefined for an operation that takes none. */
  body?: JsonSchema;
  /** Whether the body must be sent (verify's is optional). */
  bodyRequired: boolean;
  /** The names of its query parameters. */
  query: string[];
  responses: string[];
  /** The route file's handler of the method, imported on first use. */
  handler: () => Promise<RouteHandler>;
}

export function apiOperations(): ApiOperation[] {
  const doc = openApiDocument("/api/v1") as unknown as { paths: Record<string, Record<string, { operationId: string; parameters?: { in: string; name: string }[]; requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> }; responses: object }>> };
  return Object.entries(doc.paths).flatMap(([route, item]) =>
    Object.entries(item)
      .filter(([method]) => method !== "parameters")
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path: route,
        operationId: operation.operationId,
        body: operation.requestBody?.content["application/json"]?.schema,
        bodyRequired: operation.requestBody?.required === true,
        query: (operation.parameters ?? []).filter((parameter) => parameter.in === "query").map((parameter) => parameter.name),
        responses: Object.keys(operation.responses),
        handler: async () => {
          const file = path.join(process.cwd(), "app/api/v1", route.replace(/\{(\w+)\}/g, "[$1]"), "route.ts");
          const routes = (await import(/* @vite-ignore */ file)) as Record<string, RouteHandler>;
          return routes[method.toUpperCase()];
        },
      })),
  );
}

/** A path of the document with its `{name}` segments filled in. */
export function filledPath(route: string, values: Record<string, string>): string {
  return `/api/v1${route.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? name)}`;
}

const takesString = (schema: JsonSchema): boolean =>
  schema.type === "string" || (Array.isArray(schema.type) && schema.type.includes("string")) || ((schema.anyOf ?? schema.oneOf ?? []) as JsonSchema[]).some(takesString);

const itemsOf = (schema: JsonSchema): JsonSchema | undefined =>
  schema.type === "array" ? (schema.items as JsonSchema) : ((schema.anyOf ?? schema.oneOf ?? []) as JsonSchema[]).map(itemsOf).find(Boolean);

interface StringInput {
  field: string;
  param: string;
  value: (text: string) => unknown;
}

/**
 * Every place a body's schema takes a string: a field (`details`), or an item of a list
 * (`private_recipients[0]`), with how to put a string there.
 */
export function stringInputs(schema: JsonSchema): StringInput[] {
  return Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).flatMap(([field, property]): StringInput[] => {
    if (takesString(property)) return [{ field, param: field, value: (text: string) => text }];
    const items = itemsOf(property);
    return items && takesString(items) ? [{ field, param: `${field}[0]`, value: (text: string) => [text] }] : [];
  });
}
