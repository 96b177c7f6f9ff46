import recorded from "./examples.json";

/**
 * The document's examples: real answers of the real route handlers on a fixture, recorded in
 * examples.json by lib/openapi/examples.test.ts, which fails when an answer no longer equals its
 * example (`npx vitest run lib/openapi/examples -u` records them again); examples-schemas.test.ts
 * checks each against the schema it illustrates. Nothing here is written by hand, so nothing can drift.
 */

export interface RecordedExamples {
  /** Per operationId: the request body sent (operations that take one) and the answer per status. */
  operations: Record<string, { request?: unknown; responses: Record<string, unknown> }>;
  /**
   * The 400 an operation without a body answers to a query parameter it does not take (an
   * operation with one reads no query): one wording where it takes query parameters (`some`),
   * another where it takes `none`.
   */
  unknownParameter: { some: unknown; none: unknown };
}

export const EXAMPLES: RecordedExamples = recorded;

/** The shared 400s, in the document's components.examples, referenced by every operation's 400. */
export const UNKNOWN_PARAMETER_EXAMPLES = {
  UnknownParameter: { summary: "A query parameter the operation does not take", value: EXAMPLES.unknownParameter.some },
  UnknownParameterOfNone: { summary: "A query parameter, to an operation that takes none", value: EXAMPLES.unknownParameter.none },
};

/** Whether the operation takes query parameters: which of the shared 400s it answers. */
export function takesQuery(operation: { parameters?: unknown[] }): boolean {
  return (operation.parameters ?? []).some((parameter) => (parameter as { in?: string }).in === "query");
}

interface MediaTypes {
  content?: Record<string, { examples?: Record<string, unknown> }>;
}
type Operation = { operationId: string; parameters?: unknown[]; requestBody?: MediaTypes; responses: Record<string, MediaTypes> };

/** `examples` on every media type of `target`, one example named `name`. */
function show(target: MediaTypes | undefined, name: string, example: unknown) {
  for (const media of Object.values(target?.content ?? {})) media.examples = { ...media.examples, [name]: example };
}

/** Adds the recorded examples to each operation of `paths`: its request body, its answers, its 400. */
export function withExamples<T extends Record<string, Record<string, unknown>>>(paths: T): T {
  for (const item of Object.values(paths)) {
    for (const [method, value] of Object.entries(item)) {
      if (method === "parameters") continue;
      const operation = value as Operation;
      // An operation without one yet (a new operation, before the test records it) is documented
      // without; the test fails until it has one.
      const { request, responses = {} } = EXAMPLES.operations[operation.operationId] ?? {};
      if (request !== undefined) show(operation.requestBody, "example", { value: request });
      for (const [status, body] of Object.entries(responses)) show(operation.responses[status], "example", { value: body });
      // An operation with a body shows the 400 of a body it refuses, recorded with its answers.
      const shared = takesQuery(operation) ? "UnknownParameter" : "UnknownParameterOfNone";
      if (!responses["400"]) show(operation.responses["400"], "unknown_parameter", { $ref: `#/components/examples/${shared}` });
    }
  }
  return paths;
}
