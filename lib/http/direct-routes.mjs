// @ts-check
/**
 * Routes the production server (server/main.mjs) answers straight from Node's request, without
 * Next.js's request pipeline: the long-lived ones, where that pipeline's per-request state costs
 * more than the answer (docs/architecture.md, "Served beside Next.js"). The routes register in
 * server/process-state (lib/http/direct-route.ts), which the server and the app's bundle share;
 * this is the server's lookup, plain JavaScript because the server loads it as it is.
 */
import { directRoutes } from "desk-process-state";

/**
 * The route that serves this request directly, if any: a GET of a registered pathname. Anything
 * else (another method, a trailing slash, a path Next.js would normalize) goes to Next.js.
 * @param {import("node:http").IncomingMessage} request
 * @returns {import("desk-process-state").DirectRoute | undefined}
 */
export function directRouteOf(request) {
  if (request.method !== "GET") return undefined;
  return directRoutes.get((request.url ?? "").split("?", 1)[0]);
}
