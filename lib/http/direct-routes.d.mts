/** lib/http/direct-routes.mjs */
import type { IncomingMessage, ServerResponse } from "node:http";
export type DirectRoute = (request: IncomingMessage, response: ServerResponse) => Promise<void>;
export function directRoutes(): Map<string, DirectRoute>;
export function directRouteOf(request: IncomingMessage): DirectRoute | undefined;
