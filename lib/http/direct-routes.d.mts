/** lib/http/direct-routes.mjs */
import type { IncomingMessage } from "node:http";
import type { DirectRoute } from "desk-process-state";
export function directRouteOf(request: IncomingMessage): DirectRoute | undefined;
