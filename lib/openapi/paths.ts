import { errorStatusesOf, OPERATIONS, type Operation, type OperationId } from "../http/operations";
import { withExamples } from "./examples";
import { queryParameters } from "./json-schema";
import { operationAnswers, type Answers } from "./answers";
import { DESCRIPTIONS } from "./operations";
import { body, counted, errorResponses, everyAnswer, idempotencyKey, ifMatch, ifNoneMatch, notModified, ofStatus, replayed, uuid } from "./responses";

/**
 * The document's paths, one operation for each declaration of lib/http/operations.ts, in its
 * order: the path, permission, query, body and error statuses are the declaration's, the summary and
 * successful answers answers.ts's, the tag and description operations.ts's, the examples examples.json's.
 */

/** The rule of every write without a request body (lib/schema/body.ts noBody), said where each is described. */
const BODILESS = "Takes no body: send none, or `{}` as JSON; a JSON object with members is a 400 `unknown_parameter` naming each, any other bytes a 415.";

/** `text` with the declared permission for `{permission}`; the summary of an operation that needs one must name it. */
function withPermission(text: string, { requires }: Operation, id: string, isSummary: boolean): string {
  if (isSummary && requires && !text.includes("{permission}")) throw new Error(`${id}: its summary (lib/openapi/answers.ts) does not name its permission, {permission}`);
  if (!requires && text.includes("{permission}")) throw new Error(`${id}: says {permission}, but lib/http/operations.ts declares none`);
  return requires ? text.replaceAll("{permission}", requires.permission) : text;
}

type Response = Record<string, unknown> & { headers?: Record<string, unknown> };

/** One operation as the document describes it. */
function operationOf(id: OperationId, operation: Operation, answers: Answers) {
  const { method, query, public: isPublic } = operation;
  const responses: Record<string, Response> = { ...answers.responses };
  // A read answered with an ETag answers If-None-Match with 304 (lib/http/list-response.ts, resource-response.ts).
  const conditional = method === "GET" && Boolean((responses["200"]?.headers as Record<string, unknown> | undefined)?.ETag);
  if (conditional) responses["304"] = notModified;
  // apiRoute takes an Idempotency-Key on every POST (lib/http/idempotency.ts): its successes may be replays.
  if (method === "POST") {
    for (const [status, response] of Object.entries(responses)) if (status.startsWith("2")) responses[status] = { ...response, headers: { ...response.headers, "Idempotent-Replayed": replayed } };
  }
  Object.assign(responses, errorResponses(errorStatusesOf(operation)));
  // The headers the route wrapper (lib/http/handler.ts) sends: a public operation and a 401 count against no caller's rate limit.
  for (const [status, response] of Object.entries(responses)) {
    responses[status] = { ...response, headers: { ...everyAnswer, ...(isPublic || status === "401" ? {} : counted), ...ofStatus[status], ...response.headers } };
  }
  const parameters = [
    ...(query ? queryParameters(query) : []),
    ...(conditional ? [ifNoneMatch] : []),
    ...(operation.ifMatch ? [ifMatch] : []),
    ...(answers.parameters ?? []),
    ...(method === "POST" ? [idempotencyKey] : []),
  ];
  const requestBody = operation.body && body(operation.body.schema, !operation.body.optional, operation.body.mergePatch ? ["application/json", "application/merge-patch+json"] : undefined);
  const { tag, description: about } = DESCRIPTIONS[id];
  const description = withPermission(about, operation, id, false);
  return {
    operationId: id,
    summary: withPermission(answers.summary, operation, id, true),
    ...(isPublic ? { security: [] } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    tags: [tag],
    // Every write reads its body, or that it has none, through lib/schema/body.ts.
    description: method !== "GET" && !requestBody ? `${description} ${BODILESS}` : description,
  };
}

export function documentPaths() {
  const paths: Record<string, Record<string, unknown>> = {};
  const answered = operationAnswers();
  for (const [id, operation] of Object.entries(OPERATIONS) as [OperationId, Operation][]) {
    // The path's `{name}` segments, each a UUID.
    const parameters = [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: "path", required: true, schema: uuid }));
    paths[operation.path] ??= parameters.length > 0 ? { parameters } : {};
    paths[operation.path][operation.method.toLowerCase()] = operationOf(id, operation, answered[id]);
  }
  return withExamples(paths);
}
