import { z } from "zod";
import { IDEMPOTENCY_HEADER, MAX_KEY_LENGTH } from "../http/idempotency";
import { RATE_LIMIT_POLICY } from "../http/rate-limit";
import { ERROR_CODES } from "../schema/errors";
import { jsonSchema } from "./json-schema";

/** The pieces operations are described with: their answers, the headers they read and send. */

export const header = (description: string) => ({ description, schema: { type: "string" } });

const retryAfter = { description: "Seconds to wait before trying again", schema: { type: "integer", format: "int32", minimum: 0, maximum: 86_400 } };

const errorCode = z.enum(Object.keys(ERROR_CODES) as [keyof typeof ERROR_CODES, ...(keyof typeof ERROR_CODES)[]]);

/** The error body (lib/schema/errors.ts ErrorBody): one shape for every status, every field always present. */
export const errorSchema = z.object({
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

/** The error answers of `statuses` (lib/http/operations.ts errorStatusesOf), each in the error shape. */
export function errorResponses(statuses: readonly number[]) {
  return Object.fromEntries(
    statuses.map((status) => [
      String(status),
      {
        description: `Error (${status})`,
        // 503 database_busy (a write waited 5 s for a lock and wrote nothing) or database_unavailable;
        // 429 rate_limited: the key's quota is used up (lib/http/rate-limit.ts).
        ...(status === 503 || status === 429 ? { headers: { "Retry-After": retryAfter } } : {}),
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    ]),
  );
}

export function ok(description: string, schema: z.ZodType) {
  return { description, content: { "application/json": { schema: jsonSchema(schema) } } };
}

/** A request body of JSON; `mediaTypes` when it may be sent as more (a PATCH's merge patch). */
export function body(schema: z.ZodType, required = true, mediaTypes: readonly string[] = ["application/json"]) {
  const content = { schema: jsonSchema(schema, "input") };
  return { required, content: Object.fromEntries(mediaTypes.map((type) => [type, content])) };
}

export const withEtag = (description: string, schema: z.ZodType) => ({ ...ok(description, schema), headers: { ETag: header("Its validator (If-Match, If-None-Match)") } });
export const created = (description: string, schema: z.ZodType) => ({ ...withEtag(description, schema), headers: { Location: header("Its address"), ETag: header("Its validator") } });
/** A 201 whose answer has no ETag: its Location only. */
export const located = (description: string, schema: z.ZodType) => ({ ...ok(description, schema), headers: { Location: header("Its address") } });
// A paged answer's links (lib/http/links.ts): absent when there is neither.
const link = header('RFC 8288: `<url>; rel="next"` while rows follow the page, and `rel="prev"` for a numbered page after the first; the request\'s other parameters kept');
/** A page: its ETag and its Link. */
export const paged = (description: string, schema: z.ZodType) => {
  const answer = withEtag(description, schema);
  return { ...answer, headers: { ...answer.headers, Link: link } };
};

export const uuid = { type: "string", format: "uuid", maxLength: 36 };
// An ETag this API sent, a comma-separated list of them, or `*`; a longer value could match none.
const etagList = { type: "string", maxLength: 1024, examples: ['"3f1c0a9e"'] };
export const ifMatch = { name: "If-Match", in: "header", required: false, description: "Apply only if the resource still has this ETag (412 otherwise)", schema: etagList };
export const ifNoneMatch = { name: "If-None-Match", in: "header", required: false, description: "304 if the resource still has this ETag", schema: etagList };
export const notModified = { description: "Unchanged since the ETag sent", headers: { ETag: header("The same validator") } };

export const idempotencyKey = {
  name: IDEMPOTENCY_HEADER,
  in: "header",
  required: false,
  description:
    "Makes the POST safe to retry: the same key with the same request within 24 hours replays the stored answer " +
    "(with `Idempotent-Replayed: true`); with another request it is a 422, while the first still runs a 409",
  schema: { type: "string", minLength: 1, maxLength: MAX_KEY_LENGTH },
};
export const replayed = header("`true` when this is the stored answer of an earlier request with the same Idempotency-Key");

// Headers the route wrapper (lib/http/handler.ts) sends with every answer, and those of one status.
export const everyAnswer = {
  "X-Request-Id": { description: "The request's id: the one sent (1–128 of A-Z a-z 0-9 . _ -) or one made up. Quote it when asking about a request", schema: { type: "string", maxLength: 128 } },
  "Cache-Control": { description: "`no-store`: answers hold a team's data", schema: { type: "string", enum: ["no-store"] } },
};
export const counted = {
  RateLimit: { description: `IETF draft: \`"${RATE_LIMIT_POLICY}";r=<remaining>;t=<seconds to reset>\``, schema: { type: "string", maxLength: 64 } },
  "RateLimit-Policy": { description: `IETF draft: \`"${RATE_LIMIT_POLICY}";q=<quota>;w=<window seconds>\``, schema: { type: "string", maxLength: 64 } },
};
export const ofStatus: Record<string, Record<string, unknown>> = {
  "401": { "WWW-Authenticate": { description: "`Bearer realm=\"api\"`", schema: { type: "string", enum: ['Bearer realm="api"'] } } },
  "405": { Allow: { description: "The methods the address serves", schema: { type: "string", maxLength: 64 } } },
};
