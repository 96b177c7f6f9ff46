import "server-only";
import { once } from "node:events";
import type { IncomingMessage, ServerResponse } from "node:http";
import { directRoutes } from "desk-process-state";
import { errorBodyOf } from "../schema/error-body.mjs";
import { logger } from "../log/logger";
import { isHttpsRequest, nonPageHeaders } from "../security/headers";

/**
 * A route handler that the production server (server/main.mjs) also answers straight from Node's
 * request, for GETs of exactly `pathname`: a long-lived answer (an event stream) then holds only
 * its own state, not Next.js's per-request pipeline (docs/architecture.md, "Served beside
 * Next.js"). The handler is the route's own, so the answer is the same either way; the headers
 * next.config.ts adds to non-page answers are added here. Registered in server/process-state, which
 * the server shares with the bundle, when the route module first loads, so a process's first such
 * request still goes through Next.js.
 */
export function serveDirectly(pathname: string, handler: (request: Request) => Promise<Response>): void {
  directRoutes.set(pathname, (incoming, outgoing) => answer(incoming, outgoing, handler));
}

async function answer(incoming: IncomingMessage, outgoing: ServerResponse, handler: (request: Request) => Promise<Response>): Promise<void> {
  const hungUp = new AbortController();
  if (outgoing.destroyed) hungUp.abort();
  else outgoing.once("close", () => hungUp.abort());
  try {
    const request = requestOf(incoming, hungUp.signal);
    const response = await handler(request);
    outgoing.writeHead(response.status, headersOf(response, isHttpsRequest(request.headers)));
    await send(response.body, outgoing, hungUp.signal);
  } catch (error) {
    if (hungUp.signal.aborted) return;
    logger.error({ err: error }, "a directly served request failed");
    if (outgoing.headersSent) return void outgoing.destroy();
    outgoing.writeHead(500, { ...lowerCased(nonPageHeaders(false)), "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
    outgoing.end(JSON.stringify(errorBodyOf("internal_error", "Something went wrong on our side.")));
  }
}

function requestOf(incoming: IncomingMessage, signal: AbortSignal): Request {
  // Node's joined headers, as Next.js reads them: repeated Cookie lines joined with "; ", a repeated Authorization dropped.
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  // Only the path and query matter to the handler; the Host is the client's to set, so it is not trusted to parse.
  return new Request(new URL(incoming.url ?? "/", "http://127.0.0.1"), { headers, signal });
}

/** next.config.ts's headers for non-pages, then the route's own, which win as they do under Next.js. */
function headersOf(response: Response, https: boolean): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = lowerCased(nonPageHeaders(https));
  for (const [name, value] of response.headers) if (name !== "set-cookie") headers[name] = value;
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  return headers;
}

// Headers objects iterate lower-case names: so must these, or a name could be sent twice.
const lowerCased = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));

/** The body as it comes, no faster than the client reads it: the stream's own queue then fills and it drops a reader too slow. */
async function send(body: ReadableStream<Uint8Array> | null, outgoing: ServerResponse, hungUp: AbortSignal): Promise<void> {
  if (!body) return void outgoing.end();
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => {});
  // A client gone before the answer was ready: the stream would otherwise hold its place for good.
  if (hungUp.aborted) return cancel();
  hungUp.addEventListener("abort", cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!outgoing.write(value)) await once(outgoing, "drain", { signal: hungUp });
    }
    outgoing.end();
  } finally {
    hungUp.removeEventListener("abort", cancel);
  }
}
