// @ts-check
/**
 * The API's error body, written once in plain JavaScript so that everything answering an error
 * writes the same shape: the route wrapper and the dashboard's actions (lib/schema/errors.ts,
 * ApiError) and the server in front of Next.js (server/edges.mjs, server/main.mjs), which runs
 * without TypeScript.
 *
 *   {"error": {"code", "message", "param", "errors": [{"param", "code", "message"}, …], "doc_url"}}
 *
 * `code`, `message` and `param` name the first problem; `errors` lists every problem that is about
 * a parameter (the first included), and is empty when the error is not about one (param null);
 * `doc_url` links to the entry of the code in the API reference (docs/api.md "Errors").
 */

/**
 * Where the API reference lives: docs/api.md, from the repository's root, which the service also
 * serves at this path as HTML (app/docs/api.md; docs/api.md "doc_url" records the decision).
 */
export const API_DOCS_PATH = "/docs/api.md";

/**
 * The link to the entry of an error code in the API reference: its anchor is the code itself (the
 * code's heading in docs/api.md; app/api/v1/errors.test.ts holds every code to one).
 * @param {string} code
 */
export function docUrlOf(code) {
  return `${API_DOCS_PATH}#${code}`;
}

/**
 * An error body. Without `errors`, an error about a parameter lists itself, and any other lists
 * nothing.
 * @param {string} code
 * @param {string} message
 * @param {string | null} [param]
 * @param {{ param: string, code: string, message: string }[]} [errors]
 */
export function errorBodyOf(code, message, param = null, errors = param === null ? [] : [{ param, code, message }]) {
  return { error: { code, message, param, errors, doc_url: docUrlOf(code) } };
}
