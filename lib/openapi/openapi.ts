import { z } from "zod";
import { companyListParamsSchema, companyListSchema, companySchema } from "../companies/schema";
import { MAX_FOLLOWED, watchlistEntrySchema, watchlistSchema } from "../watchlist/schema";
import { auditEventSchema, eventFeedParamsSchema, eventFeedSchema } from "../audit/events";
import { LAST_EVENT_ID_PATTERN, streamParamsSchema } from "../live/stream";
import { markReadAnswerSchema, markReadSchema, notificationListParamsSchema, notificationListSchema } from "../notifications/schema";
import { indicationExportParamsSchema, indicationListParamsSchema, indicationListSchema, indicationSchema } from "../indications/schema";
import { indicationCreateSchema, indicationPatchSchema } from "../indications/write-schema";
import {
  opsTradeListParamsSchema,
  opsTradeListSchema,
  tradeExportParamsSchema,
  tradeExportSchema,
  tradeListParamsSchema,
  tradeListSchema,
  tradeSchema,
  tradeWithTeamSchema,
} from "../trades/schema";
import { tradeCreateSchema, tradePatchSchema, unverifySchema, verifySchema } from "../trades/write-schema";
import { companyTradeListParamsSchema, companyTradeListSchema, orderBookParamsSchema, orderBookSchema } from "../market/schema";
import { csvHeader } from "../http/csv";
import { ERROR_CODES } from "../schema/errors";
import { IDEMPOTENCY_HEADER, MAX_KEY_LENGTH } from "../http/idempotency";
import { pageFieldsSchema } from "../schema/pagination";
import { apiFieldsOf } from "../schema/fields";
import { historyParamsSchema, isDeprecatedParam, paramSchemaOf } from "../schema/params";
import { RATE_LIMIT_POLICY } from "../http/rate-limit";
import { sessionCookieName } from "../auth/cookies";
import {
  deliveryListParamsSchema,
  REDELIVER_MAX_DAYS,
  webhookCreateSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookPatchSchema,
  webhookSchema,
  webhookWithSecretSchema,
  webhookRedeliverSchema,
  webhookRedeliveryQueuedSchema,
  WEBHOOKS_PER_TEAM,
} from "../webhooks/schema";
import { AUDIT_ACTIONS } from "../audit/events";
import { OPERATIONS, TAGS } from "./operations";
import { UNKNOWN_PARAMETER_EXAMPLES, withExamples } from "./examples";

/**
 * The OpenAPI 3.1 description of API v1, derived from the same zod schemas that parse the
 * queries and type the responses, so it cannot drift from what the handlers do.
 */

function jsonSchema(schema: z.ZodType, io: "input" | "output" = "output") {
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

function queryParameters(schema: z.ZodObject) {
  return Object.entries(schema.shape).map(([name, field]) => {
    const { description, ...text } = jsonSchema(field as z.ZodType, "input");
    // Every parameter is built in lib/schema/params.ts, which says what its text stands for and
    // whether it is a deprecated name (an alias kept for old callers), marked where OpenAPI reads it.
    const deprecated = isDeprecatedParam(field as z.ZodType);
    return { name, in: "query", required: false, description, ...(deprecated ? { deprecated } : {}), schema: paramSchemaOf(field as z.ZodType) ?? text };
  });
}

const retryAfter = { description: "Seconds to wait before trying again", schema: { type: "integer", format: "int32", minimum: 0, maximum: 86_400 } };

const errorCode = z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES, ...(keyof typeof ERROR_CODES)[]]);

/** The error body (lib/schema/errors.ts ErrorBody): one shape for every status, every field always present. */
const errorSchema = z.object({
  error: z.object({
    code: errorCode.describe("The first problem's code: stable, for programs."),
    message: z.string().describe("The first problem, for people: the parameter's name first, then what is expected."),
    param: z.string().nullable().describe("The parameter (query parameter, body field, path segment or header) of the first problem; null when the error is not about one."),
    errors: z
      .array(
        z.object({
          param: z.string(),
          code: errorCode,
          message: z.string(),
        }),
      )
      .describe(
        "Every problem about a parameter, the first (code, message, param above) included, in a stable order: the fields in the order of the schema, then unknown ones. Empty when the error is not about a parameter.",
      ),
    doc_url: z.string().describe("The code's entry in the API reference, /docs/api.md#<code>: a page of this service (and the same path in its repository)."),
  }),
});

/**
 * The error statuses an operation answers: always 400 (every operation reads its query through
 * lib/schema/params.ts, listQuery or noQuery, which refuse a parameter it does not take), 401, 405
 * (another method), 429 (rate limit), 500 and 503 (the database busy or unreachable), plus `statuses`.
 */
function errorResponses(...statuses: number[]) {
  return Object.fromEntries(
    [...new Set([...statuses, 400, 401, 405, 429, 500, 503])].sort().map((status) => [
      String(status),
      {
        description: `Error (${status})`,
        // 503 database_busy (a write waited 5 s for a lock and wrote nothing) or database_unavailable.
        ...(status === 503 ? { headers: { "Retry-After": retryAfter } } : {}),
        // 429 rate_limited: the key's quota is used up (lib/http/rate-limit.ts).
        ...(status === 429
          ? {
              headers: {
                "Retry-After": retryAfter,
              },
            }
          : {}),
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    ]),
  );
}

function ok(description: string, schema: z.ZodType) {
  return { description, content: { "application/json": { schema: jsonSchema(schema) } } };
}

/** A request body of JSON; `mediaTypes` when it may be sent as more (a PATCH's merge patch). */
function body(schema: z.ZodType, required = true, mediaTypes: readonly string[] = ["application/json"]) {
  const content = { schema: jsonSchema(schema, "input") };
  return { required, content: Object.fromEntries(mediaTypes.map((type) => [type, content])) };
}

const header = (description: string) => ({ description, schema: { type: "string" } });
const withEtag = (description: string, schema: z.ZodType) => ({ ...ok(description, schema), headers: { ETag: header("Its validator (If-Match, If-None-Match)") } });
const created = (description: string, schema: z.ZodType) => ({ ...withEtag(description, schema), headers: { Location: header("Its address"), ETag: header("Its validator") } });
const uuid = { type: "string", format: "uuid", maxLength: 36 };
const companyIdParameter = { name: "company_id", in: "path", required: true, schema: uuid };
const idParameter = { name: "id", in: "path", required: true, schema: uuid };
// An ETag this API sent, a comma-separated list of them, or `*`; a longer value could match none.
const etagList = { type: "string", maxLength: 1024, examples: ['"3f1c0a9e"'] };
const ifMatch = { name: "If-Match", in: "header", required: false, description: "Apply only if the resource still has this ETag (412 otherwise)", schema: etagList };
const lastEventId = {
  name: "Last-Event-ID",
  in: "header",
  required: false,
  description: "The id of the last event received (or a feed cursor of GET /my/events): the stream resumes after it (an EventSource sends it when it reconnects). Wins over cursor.",
  schema: { type: "string", pattern: LAST_EVENT_ID_PATTERN, maxLength: 25 },
};
const ifNoneMatch = { name: "If-None-Match", in: "header", required: false, description: "304 if the resource still has this ETag", schema: etagList };
const notModified = { "304": { description: "Unchanged since the ETag sent", headers: { ETag: header("The same validator") } } };
const deliveryIdParameter = { name: "delivery_id", in: "path", required: true, schema: uuid };
const eventPage = z.object({ events: z.array(auditEventSchema), ...pageFieldsSchema });
// A paged answer's links (lib/http/links.ts): absent when there is neither.
const link = header('RFC 8288: `<url>; rel="next"` while rows follow the page, and `rel="prev"` for a numbered page after the first; the request\'s other parameters kept');
/** A page: its ETag and its Link. */
const paged = (description: string, schema: z.ZodType) => {
  const answer = withEtag(description, schema);
  return { ...answer, headers: { ...answer.headers, Link: link } };
};

/** A list read: its query parameters, If-None-Match (304) and the page with its ETag. */
function list(operationId: string, summary: string, params: z.ZodObject, page: z.ZodType, ...errors: number[]) {
  return {
    operationId,
    summary,
    parameters: [...queryParameters(params), ifNoneMatch],
    responses: { "200": paged("A page", page), ...notModified, ...errorResponses(...errors) },
  };
}

/** A list's CSV export: the list's filters and sort, every row, the header named from the schema's fields. */
function csvExport(operationId: string, summary: string, params: z.ZodObject, item: z.ZodObject) {
  return {
    operationId,
    summary,
    parameters: queryParameters(params),
    responses: {
      "200": {
        description: `RFC 4180 CSV, UTF-8, streamed; header: ${csvHeader(apiFieldsOf(item)).join(",")}. Free-text cells that start with =, +, -, @, tab or CR get a leading '.`,
        headers: { "Content-Disposition": header("attachment; filename=\"<resource>-<date>.csv\"") },
        content: { "text/csv": { schema: { type: "string" } } },
      },
      ...errorResponses(),
    },
  };
}

/** GET one resource, PATCH it, and GET its history: the same for indications and trades. */
/** What the document says of a deal resource (indications, trades). */
interface DealDoc {
  noun: string;
  schema: z.ZodObject;
  listParams: z.ZodObject;
  list: z.ZodType;
  exportParams: z.ZodObject;
  /** An export's record, when it says more than the item (a trade's broker). */
  exportItem?: z.ZodObject;
  create: { summary: string; schema: z.ZodType };
  patch: z.ZodType;
  permission: string;
  /** When a change answers 409. */
  conflict: string;
}

/** A deal resource's paths: the list and create, the CSV export, one row, its history. */
function dealPaths({ noun, schema, listParams, list: page, exportParams, exportItem = schema, create, patch, permission, conflict }: DealDoc) {
  const name = noun[0].toUpperCase() + noun.slice(1);
  return {
    [`/my/${noun}s`]: {
      get: list(`list${name}s`, `The caller's team's ${noun}s`, listParams, page),
      post: {
        operationId: `create${name}`,
        summary: `${create.summary} (needs ${permission})`,
        requestBody: body(create.schema),
        responses: { "201": created(`The new ${noun}`, schema), ...errorResponses(403) },
      },
    },
    [`/my/${noun}s.csv`]: {
      get: csvExport(`export${name}s`, `The caller's team's ${noun}s as CSV (every row the list's filters select)`, exportParams, exportItem),
    },
    [`/my/${noun}s/{id}`]: {
      parameters: [idParameter],
      get: {
        operationId: `get${name}`,
        summary: `One of the team's ${noun}s`,
        parameters: [ifNoneMatch],
        responses: { "200": withEtag(`The ${noun}`, schema), ...notModified, ...errorResponses(404) },
      },
      patch: {
        operationId: `update${name}`,
        summary: `Change a ${noun}'s fields (JSON merge patch; needs ${permission}; ${conflict})`,
        parameters: [ifMatch],
        requestBody: body(patch, true, ["application/json", "application/merge-patch+json"]),
        responses: { "200": withEtag(`The changed ${noun}`, schema), ...errorResponses(403, 404, 409, 412) },
      },
    },
    [`/my/${noun}s/{id}/history`]: {
      parameters: [idParameter],
      get: {
        operationId: `${noun}History`,
        summary: `The ${noun}'s audit events (oldest first unless sorted)`,
        parameters: [...queryParameters(historyParamsSchema), ifNoneMatch],
        responses: { "200": paged("A page of events", eventPage), ...notModified, ...errorResponses(404) },
      },
    },
  };
}

/** POST /ops/trades/{id}/verify and /unverify. */
function verification(verify: boolean) {
  return {
    parameters: [idParameter],
    post: {
      operationId: verify ? "verifyTrade" : "unverifyTrade",
      summary: verify
        ? "Verify any team's trade (needs trades_verify; a verified one is answered unchanged; the body and its reason are optional)"
        : "Unverify any team's trade, saying why (needs trades_verify)",
      parameters: [ifMatch],
      requestBody: body(verify ? verifySchema : unverifySchema, !verify),
      responses: { "200": withEtag("The trade with its team", tradeWithTeamSchema), ...errorResponses(403, 404, 412) },
    },
  };
}

const idempotencyKey = {
  name: IDEMPOTENCY_HEADER,
  in: "header",
  required: false,
  description:
    "Makes the POST safe to retry: the same key with the same request within 24 hours replays the stored answer " +
    "(with `Idempotent-Replayed: true`); with another request it is a 422, while the first still runs a 409",
  schema: { type: "string", minLength: 1, maxLength: MAX_KEY_LENGTH },
};

type Operation = {
  operationId: string;
  parameters?: unknown[];
  requestBody?: unknown;
  security?: unknown[];
  tags?: string[];
  description?: string;
  responses: Record<string, { headers?: Record<string, unknown> } & Record<string, unknown>>;
};

const sorted = (responses: Operation["responses"]) => Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));

/** The rule of every write without a request body (lib/schema/body.ts noBody), said where each is described. */
const BODILESS = "Takes no body: send none, or `{}` as JSON; a JSON object with members is a 400 `unknown_parameter` naming each, any other bytes a 415.";

/**
 * What apiRoute gives every write: each POST takes idempotency keys (lib/http/idempotency.ts), so it
 * documents the header, the replay header of its successes and the statuses of the key.
 */
function withWriteAnswers<T extends Record<string, Record<string, unknown>>>(paths: T): T {
  for (const operations of Object.values(paths)) {
    const post = operations.post as Operation | undefined;
    if (!post) continue;
    post.parameters = [...(post.parameters ?? []), idempotencyKey];
    for (const [status, response] of Object.entries(post.responses)) {
      if (status.startsWith("2")) response.headers = { ...response.headers, "Idempotent-Replayed": header("`true` when this is the stored answer of an earlier request with the same Idempotency-Key") };
    }
    post.responses = sorted({ ...post.responses, ...errorResponses(409, 422) });
  }
  return paths;
}

// Headers the route wrapper (lib/http/handler.ts) sends with every answer, and those of one status.
const everyAnswer = {
  "X-Request-Id": { description: "The request's id: the one sent (1–128 of A-Z a-z 0-9 . _ -) or one made up. Quote it when asking about a request", schema: { type: "string", maxLength: 128 } },
  "Cache-Control": { description: "`no-store`: answers hold a team's data", schema: { type: "string", enum: ["no-store"] } },
};
const counted = {
  RateLimit: { description: `IETF draft: \`"${RATE_LIMIT_POLICY}";r=<remaining>;t=<seconds to reset>\``, schema: { type: "string", maxLength: 64 } },
  "RateLimit-Policy": { description: `IETF draft: \`"${RATE_LIMIT_POLICY}";q=<quota>;w=<window seconds>\``, schema: { type: "string", maxLength: 64 } },
};
const ofStatus: Record<string, Record<string, unknown>> = {
  "401": { "WWW-Authenticate": { description: "`Bearer realm=\"api\"`", schema: { type: "string", enum: ['Bearer realm="api"'] } } },
  "405": { Allow: { description: "The methods the address serves", schema: { type: "string", maxLength: 64 } } },
};

/**
 * What every operation shares, added once: its tag and description (operations.ts) and the headers
 * each of its answers carries. A public operation and a 401 count against no caller's rate limit.
 */
function described<T extends Record<string, Record<string, unknown>>>(paths: T): T {
  for (const item of Object.values(paths)) {
    for (const [method, value] of Object.entries(item)) {
      if (method === "parameters") continue;
      const operation = value as Operation;
      const about = OPERATIONS[operation.operationId];
      if (!about) throw new Error(`lib/openapi/operations.ts does not describe ${operation.operationId}`);
      operation.tags = [about.tag];
      operation.description = about.description;
      // Every write reads its body (or that it has none) through lib/schema/body.ts: 413 past 64 KB,
      // 415 for bytes it does not take.
      if (method !== "get") {
        operation.responses = sorted({ ...operation.responses, ...errorResponses(413, 415) });
        if (!operation.requestBody) operation.description = `${about.description} ${BODILESS}`;
      }
      const isPublic = operation.security?.length === 0;
      for (const [status, response] of Object.entries(operation.responses)) {
        response.headers = { ...everyAnswer, ...(isPublic || status === "401" ? {} : counted), ...ofStatus[status], ...response.headers };
      }
    }
  }
  return paths;
}

const signedHeader = (name: string, description: string) => ({ name, in: "header", required: true, description, schema: { type: "string" } });

/**
 * What a registered endpoint receives (docs/api/live.md, "Webhooks"), one entry per event type: a POST
 * signed by the Standard Webhooks spec, whose body is the audit event as GET /my/events shows it.
 */
function webhookDeliveries() {
  return Object.fromEntries(
    AUDIT_ACTIONS.map((action) => [
      action,
      {
        post: {
          operationId: `webhook.${action}`,
          summary: `An ${action} event of the team, delivered to each endpoint whose events name it (or ${action.split(".")[0]}.*, or *)`,
          parameters: [
            signedHeader("webhook-id", "The audit event's id: the same on every attempt and redelivery of the event"),
            signedHeader("webhook-timestamp", "The attempt's time, in seconds since 1970"),
            signedHeader("webhook-signature", "`v1,<base64 HMAC-SHA256>` per secret in use, separated by spaces (two during a rotation's overlap)"),
          ],
          requestBody: body(z.object({ type: z.literal(action), timestamp: auditEventSchema.shape.occurred_at, data: auditEventSchema })),
          responses: { "200": { description: "Any 2xx: received. Anything else, or no answer within 10 s, is retried with back-off" } },
        },
      },
    ]),
  );
}

export function openApiDocument(serverUrl: string) {
  return {
    openapi: "3.1.0",
    info: {
      title: "Marketplace desk API",
      version: "1",
      description:
        "Companies, and the caller's team's indications and trades: read, create, change, audited; the marketplace team verifies trades. " +
        "`has_more` is true exactly when a later page exists. See [docs/api.md](/docs/api.md) for every rule.",
      // The marketplace's own service: its terms are the client's data agreement, not an open licence.
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    // An internal API: the marketplace's own programs and people, not the public.
    servers: [{ url: serverUrl, "x-internal": true }],
    security: [{ bearer: [] }, { session: [] }],
    tags: TAGS,
    paths: withExamples(described(withWriteAnswers({
      "/openapi.json": {
        get: {
          operationId: "getOpenApiDocument",
          summary: "This document (OpenAPI 3.1)",
          security: [],
          responses: {
            "200": { description: "The document", content: { "application/json": { schema: { type: "object" } } } },
            "405": errorResponses()["405"],
            "500": errorResponses()["500"],
          },
        },
      },
      "/companies": {
        get: list("listCompanies", "List companies (id and name), ordered by name", companyListParamsSchema, companyListSchema),
      },
      "/companies/{company_id}": {
        get: {
          operationId: "getCompany",
          summary: "One company in full (needs the companies permission)",
          parameters: [companyIdParameter],
          responses: { "200": ok("The company", companySchema), ...errorResponses(403, 404) },
        },
      },
      "/companies/{company_id}/order_book": {
        get: {
          operationId: "getOrderBook",
          summary: "The company's order book as the caller may see it: open indications by price, counts, best prices, spread (needs the companies permission)",
          parameters: [companyIdParameter, ...queryParameters(orderBookParamsSchema)],
          responses: { "200": ok("The order book", orderBookSchema), ...errorResponses(403, 404) },
        },
      },
      "/companies/{company_id}/trades": {
        get: {
          ...list(
            "listCompanyTrades",
            "The company's verified trades (the tape) as the caller may see them, newest sign_date first, with a summary (needs the companies permission)",
            companyTradeListParamsSchema,
            companyTradeListSchema,
            403,
            404,
          ),
          parameters: [companyIdParameter, ...queryParameters(companyTradeListParamsSchema), ifNoneMatch],
        },
      },
      ...dealPaths({
        noun: "indication",
        schema: indicationSchema,
        listParams: indicationListParamsSchema,
        list: indicationListSchema,
        exportParams: indicationExportParamsSchema,
        create: { summary: "Create an indication", schema: indicationCreateSchema },
        patch: indicationPatchSchema,
        permission: "indications_manage",
        conflict: "409 when closed",
      }),
      "/my/indications/{id}/refresh": {
        parameters: [idParameter],
        post: {
          operationId: "refreshIndication",
          summary: "Confirm an open indication is still live (needs indications_manage)",
          parameters: [ifMatch],
          responses: { "200": withEtag("The refreshed indication", indicationSchema), ...errorResponses(403, 404, 409, 412) },
        },
      },
      "/my/indications/{id}/close": {
        parameters: [idParameter],
        post: {
          operationId: "closeIndication",
          summary: "Close an indication (open -> closed_lost; a closed one is answered unchanged; needs indications_manage)",
          parameters: [ifMatch],
          responses: { "200": withEtag("The closed indication", indicationSchema), ...errorResponses(403, 404, 412) },
        },
      },
      ...dealPaths({
        noun: "trade",
        schema: tradeSchema,
        listParams: tradeListParamsSchema,
        list: tradeListSchema,
        exportParams: tradeExportParamsSchema,
        exportItem: tradeExportSchema,
        create: { summary: "Record a trade, unverified", schema: tradeCreateSchema },
        patch: tradePatchSchema,
        permission: "trades_manage",
        conflict: "409 trade_verified when verified",
      }),
      "/my/events": {
        get: {
          operationId: "listEvents",
          summary: "The team's audit events after a cursor, in the order they were written (incremental sync)",
          parameters: [...queryParameters(eventFeedParamsSchema), ifNoneMatch],
          responses: { "200": paged("Events, and where to resume", eventFeedSchema), ...notModified, ...errorResponses() },
        },
      },
      "/my/stream": {
        get: {
          operationId: "streamEvents",
          summary: "The team's audit events and the caller's notifications as they happen, and hints that a market or the verification queue changed (Server-Sent Events)",
          parameters: [...queryParameters(streamParamsSchema), lastEventId],
          responses: {
            "200": {
              description: `text/event-stream. \`ready\` first (its id is the position); then each of the team's events as \`event: <action>\` with the event (as GET /my/events shows it) as \`data\`, and each of the caller's notifications as \`event: notification\` (as GET /my/notifications shows it), each with the stream's position after it as \`id\`; \`market\` ({"company_id"}) when a company's book or tape changed as the caller may see it; \`queue\` ({"trade_id", "action"}) for callers with trades_verify; a comment line every heartbeat; \`end\` ({"reason"}) before the server closes it.`,
              content: { "text/event-stream": { schema: { type: "string" } } },
            },
            ...errorResponses(),
          },
        },
      },
      "/my/notifications": {
        get: {
          operationId: "listNotifications",
          summary: "The caller's notifications, newest first, with the unread count (kept 90 days)",
          parameters: queryParameters(notificationListParamsSchema),
          responses: { "200": ok("Notifications, and where older ones start", notificationListSchema), ...errorResponses() },
        },
      },
      "/my/notifications/read": {
        post: {
          operationId: "markNotificationsRead",
          summary: "Marks the caller's notifications read: some by id, or all",
          requestBody: body(markReadSchema),
          responses: { "200": ok("The unread count after", markReadAnswerSchema), ...errorResponses() },
        },
      },
      "/my/watchlist": {
        get: {
          operationId: "listWatchlist",
          summary: `The companies the caller follows, by name (all of them: at most ${MAX_FOLLOWED}, no pages)`,
          parameters: [ifNoneMatch],
          responses: { "200": withEtag("The followed companies", watchlistSchema), ...notModified, ...errorResponses() },
        },
      },
      "/my/watchlist/{company_id}": {
        parameters: [companyIdParameter],
        get: {
          operationId: "getWatchlistEntry",
          summary: "Whether the caller follows the company: its entry, or 404 when not followed",
          responses: { "200": ok("The followed company", watchlistEntrySchema), ...errorResponses(404) },
        },
        put: {
          operationId: "followCompany",
          summary: `Follow the company (201; 200 when followed already; 409 watchlist_full beyond ${MAX_FOLLOWED})`,
          responses: {
            "200": ok("The company, followed already", watchlistEntrySchema),
            "201": { ...ok("The company, followed now", watchlistEntrySchema), headers: { Location: header("Its address") } },
            ...errorResponses(404, 409),
          },
        },
        delete: {
          operationId: "unfollowCompany",
          summary: "Stop following the company (204, also when it was not followed)",
          responses: { "204": { description: "Not followed (any more)" }, ...errorResponses(404) },
        },
      },
      "/my/webhooks": {
        get: {
          operationId: "listWebhooks",
          summary: "The team's webhook endpoints, oldest first (needs indications_manage)",
          responses: { "200": ok("The endpoints, without their secrets", webhookListSchema), ...errorResponses(403) },
        },
        post: {
          operationId: "createWebhook",
          summary: `Register a webhook endpoint; the answer shows its signing secret, once (needs indications_manage; 409 endpoint_limit beyond ${WEBHOOKS_PER_TEAM} per team)`,
          requestBody: body(webhookCreateSchema),
          responses: { "201": { ...ok("The endpoint with its secret", webhookWithSecretSchema), headers: { Location: header("Its address") } }, ...errorResponses(403, 409) },
        },
      },
      "/my/webhooks/{id}": {
        parameters: [idParameter],
        get: {
          operationId: "getWebhook",
          summary: "One of the team's webhook endpoints (needs indications_manage)",
          responses: { "200": ok("The endpoint, without its secret", webhookSchema), ...errorResponses(403, 404) },
        },
        patch: {
          operationId: "updateWebhook",
          summary: "Change an endpoint's URL, event types or description, or re-enable it (needs indications_manage)",
          requestBody: body(webhookPatchSchema, true, ["application/json", "application/merge-patch+json"]),
          responses: { "200": ok("The endpoint as changed", webhookSchema), ...errorResponses(403, 404) },
        },
        delete: {
          operationId: "deleteWebhook",
          summary: "Delete an endpoint and its delivery log (needs indications_manage)",
          responses: { "200": ok("The endpoint as it was", webhookSchema), ...errorResponses(403, 404) },
        },
      },
      "/my/webhooks/{id}/rotate_secret": {
        parameters: [idParameter],
        post: {
          operationId: "rotateWebhookSecret",
          summary: "A new signing secret, shown once; the old one signs beside it for 24 hours (needs indications_manage)",
          responses: { "200": ok("The endpoint with its new secret", webhookWithSecretSchema), ...errorResponses(403, 404) },
        },
      },
      "/my/webhooks/{id}/redeliver": {
        parameters: [idParameter],
        post: {
          operationId: "redeliverWebhookRange",
          summary: `Send the endpoint's events of a time range (at most ${REDELIVER_MAX_DAYS} days) again, in order, with their webhook-ids (needs indications_manage)`,
          requestBody: body(webhookRedeliverSchema),
          responses: { "202": ok("What is queued to be sent again", webhookRedeliveryQueuedSchema), ...errorResponses(403, 404, 409) },
        },
      },
      "/my/webhooks/{id}/deliveries": {
        parameters: [idParameter],
        get: {
          operationId: "listWebhookDeliveries",
          summary: "The endpoint's latest delivery attempts, newest first (needs indications_manage)",
          parameters: queryParameters(deliveryListParamsSchema),
          responses: { "200": ok("Delivery attempts", webhookDeliveryListSchema), ...errorResponses(403, 404) },
        },
      },
      "/my/webhooks/{id}/deliveries/{delivery_id}/redeliver": {
        parameters: [idParameter, deliveryIdParameter],
        post: {
          operationId: "redeliverWebhookDelivery",
          summary: "Send a logged delivery's event again now, with the same webhook-id (needs indications_manage)",
          responses: { "200": ok("The new attempt", webhookDeliverySchema), ...errorResponses(403, 404) },
        },
      },
      "/ops/trades": {
        get: list("listAllTrades", "Every team's trades with their team (needs trades_verify)", opsTradeListParamsSchema, opsTradeListSchema, 403),
      },
      "/ops/trades/{id}/verify": verification(true),
      "/ops/trades/{id}/unverify": verification(false),
    }))),
    webhooks: webhookDeliveries(),
    components: {
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "An API key (mkd_…), made on the dashboard's API keys page" },
        session: {
          type: "apiKey",
          in: "cookie",
          // The name this server uses: `__Host-` over HTTPS (lib/auth/cookies.ts).
          name: sessionCookieName(),
          description: "The dashboard's sign-in session: the same calls from a signed-in browser",
        },
      },
      schemas: { Error: jsonSchema(errorSchema) },
      examples: UNKNOWN_PARAMETER_EXAMPLES,
    },
  };
}
