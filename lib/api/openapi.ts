import { z } from "zod";
import { companyListParamsSchema, companyListSchema, companySchema } from "../companies/schema";
import { auditEventSchema } from "../audit/events";
import { indicationListParamsSchema, indicationListSchema, indicationSchema } from "../indications/schema";
import { indicationCreateSchema, indicationPatchSchema } from "../indications/write-schema";
import { tradeListParamsSchema, tradeListSchema } from "../trades/schema";
import { ERROR_CODES } from "./errors";
import { pageFieldsSchema } from "./pagination";
import { historyParamsSchema } from "./params";

/**
 * The OpenAPI 3.1 description of API v1, derived from the same zod schemas that parse the
 * queries and type the responses, so it cannot drift from what the handlers do.
 */

function jsonSchema(schema: z.ZodType, io: "input" | "output" = "output") {
  // The document names the dialect once (openapi: 3.1); drop the per-schema "$schema".
  const json = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

function queryParameters(schema: z.ZodObject) {
  return Object.entries(schema.shape).map(([name, field]) => {
    const { description, ...fieldSchema } = jsonSchema(field as z.ZodType, "input");
    return { name, in: "query", required: false, description, schema: fieldSchema };
  });
}

const errorSchema = z.object({
  error: z.object({
    code: z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES, ...(keyof typeof ERROR_CODES)[]]),
    message: z.string(),
    param: z.string().nullable(),
  }),
});

function errorResponses(...statuses: number[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      String(status),
      {
        description: `Error (${status})`,
        // 503 database_busy: the write waited 5 s for a lock and wrote nothing.
        ...(status === 503 ? { headers: { "Retry-After": { description: "Seconds to wait before trying again", schema: { type: "integer" } } } } : {}),
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    ]),
  );
}

function ok(description: string, schema: z.ZodType) {
  return { description, content: { "application/json": { schema: jsonSchema(schema) } } };
}

function body(schema: z.ZodType) {
  return { required: true, content: { "application/json": { schema: jsonSchema(schema, "input") } } };
}

const header = (description: string) => ({ description, schema: { type: "string" } });
const withEtag = (description: string) => ({ ...ok(description, indicationSchema), headers: { ETag: header("The indication's validator (If-Match, If-None-Match)") } });
const idParameter = { name: "id", in: "path", required: true, schema: { type: "string", format: "uuid" } };
const ifMatch = { name: "If-Match", in: "header", required: false, description: "Apply only if the indication still has this ETag (412 otherwise)", schema: { type: "string" } };

export function openApiDocument(serverUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Marketplace desk API",
      version: "1",
      description:
        "Read-only access to companies and the caller's team's indications and trades. " +
        "`has_more` is true exactly when a later page exists. See docs/api.md for every rule.",
    },
    servers: [{ url: serverUrl }],
    security: [{ bearer: [] }],
    paths: {
      "/companies": {
        get: {
          summary: "List companies (id and name), ordered by name",
          parameters: queryParameters(companyListParamsSchema),
          responses: { "200": ok("A page of companies", companyListSchema), ...errorResponses(400, 401) },
        },
      },
      "/companies/{company_id}": {
        get: {
          summary: "One company in full (needs the companies permission)",
          parameters: [{ name: "company_id", in: "path", required: true, schema: { type: "string", format: "uuid" } }],
          responses: { "200": ok("The company", companySchema), ...errorResponses(400, 401, 403, 404) },
        },
      },
      "/my/indications": {
        get: {
          summary: "The caller's team's indications",
          parameters: queryParameters(indicationListParamsSchema),
          responses: { "200": ok("A page of indications", indicationListSchema), ...errorResponses(400, 401) },
        },
        post: {
          operationId: "createIndication",
          summary: "Create an indication (needs indications_manage)",
          requestBody: body(indicationCreateSchema),
          responses: {
            "201": { ...ok("The new indication", indicationSchema), headers: { Location: header("Its address"), ETag: header("Its validator") } },
            ...errorResponses(400, 401, 403, 405, 413, 415, 500, 503),
          },
        },
      },
      "/my/indications/{id}": {
        parameters: [idParameter],
        get: {
          operationId: "getIndication",
          summary: "One of the team's indications",
          parameters: [{ name: "If-None-Match", in: "header", required: false, schema: { type: "string" } }],
          responses: { "200": withEtag("The indication"), "304": { description: "Unchanged since the ETag sent" }, ...errorResponses(401, 404, 405, 500) },
        },
        patch: {
          operationId: "updateIndication",
          summary: "Change an open indication's fields (JSON merge patch; needs indications_manage)",
          parameters: [ifMatch],
          requestBody: body(indicationPatchSchema),
          responses: { "200": withEtag("The changed indication"), ...errorResponses(400, 401, 403, 404, 405, 409, 412, 413, 415, 500, 503) },
        },
      },
      "/my/indications/{id}/refresh": {
        parameters: [idParameter],
        post: {
          operationId: "refreshIndication",
          summary: "Confirm an open indication is still live (needs indications_manage)",
          parameters: [ifMatch],
          responses: { "200": withEtag("The refreshed indication"), ...errorResponses(401, 403, 404, 405, 409, 412, 500, 503) },
        },
      },
      "/my/indications/{id}/close": {
        parameters: [idParameter],
        post: {
          operationId: "closeIndication",
          summary: "Close an indication (open -> closed_lost; a closed one is answered unchanged; needs indications_manage)",
          parameters: [ifMatch],
          responses: { "200": withEtag("The closed indication"), ...errorResponses(401, 403, 404, 405, 412, 500, 503) },
        },
      },
      "/my/indications/{id}/history": {
        parameters: [idParameter],
        get: {
          operationId: "indicationHistory",
          summary: "The indication's audit events, oldest first",
          parameters: queryParameters(historyParamsSchema),
          responses: { "200": ok("A page of events", z.object({ events: z.array(auditEventSchema), ...pageFieldsSchema })), ...errorResponses(400, 401, 404, 405, 500) },
        },
      },
      "/my/trades": {
        get: {
          summary: "The caller's team's trades",
          parameters: queryParameters(tradeListParamsSchema),
          responses: { "200": ok("A page of trades", tradeListSchema), ...errorResponses(400, 401) },
        },
      },
    },
    components: {
      securitySchemes: { bearer: { type: "http", scheme: "bearer", description: "API key (mkd_…)" } },
      schemas: { Error: jsonSchema(errorSchema) },
    },
  };
}
