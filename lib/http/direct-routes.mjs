// @ts-check
/**
 * Routes the production server (server/main.mjs) answers straight from Node's request, without
 * Next.js's request pipeline: the long-lived ones, where that pipeline's per-request state costs
 * more than the answer (docs/architecture.md, "Served beside Next.js"). Plain JavaScript and keyed
 * on globalThis because both sides load it: the server as an ES module, the app through its bundle.
 */

/** @typedef {(request: import("node:http").IncomingMessage, response: import("node:http").ServerResponse) => Promise<void>} DirectRoute */

const KEY = Symbol.for("desk.directRoutes");

/** The routes registered so far, by exact pathname (GET only). @returns {Map<string, DirectRoute>} */
export function directRoutes() {
  const global = /** @type {Record<symbol, Map<string, DirectRoute> | undefined>} */ (/** @type {unknown} */ (globalThis));
  return (global[KEY] ??= new Map());
}

/**
 * The route that serves this request directly, if any: a GET of a registered pathname. Anything
 * else (another method, a trailing slash, a path Next.js would normalize) goes to Next.js.
 * @param {import("node:http").IncomingMessage} request
 * @returns {DirectRoute | undefined}
 */
export function directRouteOf(request) {
  if (request.method !== "GET") return undefined;
  return directRoutes().get((request.url ?? "").split("?", 1)[0]);
}
