// @ts-check
import { errorBodyOf } from "../lib/schema/error-body.mjs";

/**
 * What is refused before Next.js sees a request: the edges where Next answers a 500, an HTML page
 * or an empty 400 (issue 16). Each answer is the API's error body, written by the very function the
 * route wrapper uses (lib/schema/error-body.mjs), on every path, so a client never has to parse
 * anything else.
 */

/** The methods some route serves; anything else (TRACE, PROPFIND, CONNECT...) is a 405 here. */
export const SERVED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * @param {number} status
 * @param {string} code
 * @param {string} message
 * @param {Record<string, string>} [headers]
 */
export function errorAnswer(status, code, message, headers = {}) {
  return {
    status,
    // Nothing here is about one parameter: param null, errors [].
    body: JSON.stringify(errorBodyOf(code, message)),
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff", ...headers },
  };
}

/**
 * The refusal for a request Next.js would mishandle, or null to pass it on.
 * @param {{ method?: string, url?: string, rawHeaders: string[], httpVersion?: string, headers?: Record<string, string | string[] | undefined> }} request
 */
export function refuseEdge(request) {
  const method = request.method ?? "";
  if (!SERVED_METHODS.has(method)) {
    return errorAnswer(405, "method_not_allowed", `${method || "This method"} is not supported.`, {
      allow: "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS",
    });
  }
  const target = request.url ?? "/";
  if (!target.startsWith("/")) return errorAnswer(400, "invalid_parameter", "The request target must be a path.");
  const path = target.split("?", 1)[0];
  try {
    decodeURIComponent(path);
  } catch {
    return errorAnswer(400, "invalid_parameter", "The path holds an invalid percent-encoding.");
  }
  // Next.js would answer these with a bodiless 308 to the tidied path; an API client gets a 404.
  if (/^\/api\/v1(\/|$)/.test(path) && (path.includes("//") || (path.length > 1 && path.endsWith("/")) || hasDotSegment(path))) {
    return errorAnswer(404, "not_found", "No endpoint here: API paths have no empty, `.` or `..` segment and no trailing slash.");
  }
  // Node would answer a missing Host with an empty 400 (HTTP/1.1 requires one; see server/main.mjs).
  if (request.headers?.host === undefined && request.httpVersion !== "1.0") {
    return errorAnswer(400, "invalid_parameter", "Send a Host header.");
  }
  // Node keeps only the first of two Authorization headers; two are ambiguous, so refuse them.
  let authorizations = 0;
  for (let i = 0; i < request.rawHeaders.length; i += 2) if (request.rawHeaders[i].toLowerCase() === "authorization") authorizations++;
  if (authorizations > 1) return errorAnswer(400, "invalid_parameter", "Send one Authorization header, not several.");
  return null;
}

/** @param {string} path */
function hasDotSegment(path) {
  return path.split("/").some((segment) => /^(\.|%2e){1,2}$/i.test(segment));
}

/** The answer to an `Expect` Node does not meet (anything but 100-continue): 417 in the error shape. */
export function expectationFailed() {
  return errorAnswer(417, "expectation_failed", "Only `Expect: 100-continue` is supported.");
}

/** The answer to a request line or header Node's parser refuses (lower-case methods, bad lines). */
export function badRequestBytes() {
  const { body } = errorAnswer(400, "invalid_parameter", "The request could not be parsed.");
  return (
    "HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncache-control: no-store\r\n" +
    `x-content-type-options: nosniff\r\nconnection: close\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}
