// @ts-check
/**
 * What is refused before Next.js sees a request: the edges where Next answers a 500, an HTML page
 * or an empty 400 (issue 16). Each answer is the API's error shape (lib/api/errors.ts), on every
 * path, so a client never has to parse anything else.
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
    body: JSON.stringify({ error: { code, message, param: null } }),
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", "x-content-type-options": "nosniff", ...headers },
  };
}

/**
 * The refusal for a request Next.js would mishandle, or null to pass it on.
 * @param {{ method?: string, url?: string, rawHeaders: string[] }} request
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
  if (/^\/api\/v1(\/|$)/.test(path) && (path.includes("//") || (path.length > 1 && path.endsWith("/")))) {
    return errorAnswer(404, "not_found", "No endpoint here: API paths have no empty segment and no trailing slash.");
  }
  // Node keeps only the first of two Authorization headers; two are ambiguous, so refuse them.
  let authorizations = 0;
  for (let i = 0; i < request.rawHeaders.length; i += 2) if (request.rawHeaders[i].toLowerCase() === "authorization") authorizations++;
  if (authorizations > 1) return errorAnswer(400, "invalid_parameter", "Send one Authorization header, not several.");
  return null;
}

/** The answer to a request line or header Node's parser refuses (lower-case methods, bad lines). */
export function badRequestBytes() {
  const { body } = errorAnswer(400, "invalid_parameter", "The request could not be parsed.");
  return (
    "HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncache-control: no-store\r\n" +
    `x-content-type-options: nosniff\r\nconnection: close\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
  );
}
