// @ts-check
/**
 * `npm run serve`: the production server. Next.js's request handler inside our own HTTP server,
 * so that the edges Next mishandles are answered in the error shape (server/edges.mjs), SIGTERM
 * drains instead of dropping requests, and the live stream is answered without Next.js's
 * per-request pipeline (lib/http/direct-routes.mjs). What it shares with the app's bundle (the
 * write gate, the sign-in gate, the direct routes, the database client) is server/process-state.
 *
 * Options as `next start` takes them: `--port/-p` (else PORT, else 3000), `--hostname/-H`.
 */
import { createServer } from "node:http";
import { networkInterfaces } from "node:os";
import { randomUUID } from "node:crypto";
import nextEnv from "@next/env";
import next from "next";
import pino from "pino";
import { database } from "desk-process-state";
import { badRequestBytes, expectationFailed, refuseEdge } from "./edges.mjs";
import { errorBodyOf } from "../lib/schema/error-body.mjs";
import { Drain } from "./drain.mjs";
import { staleProcessState } from "./process-state-copy.mjs";
import { directRouteOf } from "../lib/http/direct-routes.mjs";
import { gateSignIn, isSignInPost } from "./sign-in-gate.mjs";

function option(names, fallback) {
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; i++) {
    if (names.includes(args[i])) return args[i + 1];
    const [key, value] = args[i].split("=", 2);
    if (names.includes(key) && value !== undefined) return value;
  }
  return fallback;
}

// Before anything reads it: a stale copy would leave the bundle and this server apart, silently.
const stale = staleProcessState(process.cwd());
if (stale) {
  console.error(stale);
  process.exit(1);
}

// The .env files, as lib/env.ts reads them for the CLIs, before PORT and HOSTNAME are read.
nextEnv.loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });

const port = Number(option(["--port", "-p"], process.env.PORT ?? "3000"));
const hostname = option(["--hostname", "-H"], process.env.HOSTNAME ?? "0.0.0.0");
// How long SIGTERM waits for requests in flight before closing anyway.
const DRAIN_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000);

// The fields and the destination of lib/log/logger.ts, for the requests answered here before Next.js sees them.
const logger = pino(
  { level: process.env.LOG_LEVEL ?? "info", base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime },
  pino.destination({ dest: 1, sync: true }),
);

// Without it, next-auth and the logo URLs take the origin from each request's headers, which a
// client can set (X-Forwarded-Host): fine on a laptop, not in production (docs/deployment.md).
if (process.env.NODE_ENV === "production" && !process.env.NEXTAUTH_URL?.trim()) {
  logger.warn("NEXTAUTH_URL is not set: sign-in redirects follow the request's Host and X-Forwarded-Host headers. Set it to the public origin in production.");
}

const app = next({ dev: false, hostname, port });
await app.prepare();
const handle = app.getRequestHandler();

/** @param {import("node:http").IncomingMessage} request @param {import("node:http").ServerResponse} response @param {{ status: number, headers: Record<string, string>, body: string }} refusal */
function refuse(request, response, refusal, started = performance.now()) {
  const id = randomUUID();
  response.writeHead(refusal.status, { ...refusal.headers, "x-request-id": id });
  response.end(refusal.body);
  const route = (request.url ?? "").split("?", 1)[0].slice(0, 200);
  const duration_ms = Math.round((performance.now() - started) * 10) / 10;
  logger.info({ id, method: request.method?.slice(0, 20), route, status: refusal.status, duration_ms }, "request refused");
}

/** @param {import("node:http").IncomingMessage} request @param {import("node:http").ServerResponse} response */
async function serve(request, response) {
  const started = performance.now();
  const refusal = refuseEdge(request) ?? drain.refusal(request);
  if (refusal) return refuse(request, response, refusal, started);
  if (isSignInPost(request)) {
    const gated = await gateSignIn(request);
    if (!gated) return void response.destroy();
    if ("answer" in gated) return refuse(request, response, gated.answer, started);
    request = gated.request;
  }
  // The live stream, once its route has loaded, skips Next.js's pipeline (lib/http/direct-route.ts).
  const direct = directRouteOf(request);
  if (direct) return direct(request, response);
  await handle(request, response);
}

// requireHostHeader off: Node's own refusal of a request without Host is an empty 400; refuseEdge
// answers it in the error shape instead.
const server = createServer({ requireHostHeader: false }, (request, response) => {
  drain.track(request, response);
  serve(request, response).catch((error) => {
    console.error("[server] request failed", error);
    if (!response.headersSent) response.writeHead(500, { "content-type": "application/json; charset=utf-8" });
    response.end(JSON.stringify(errorBodyOf("internal_error", "Something went wrong on our side.")));
  });
});
const drain = new Drain(server, DRAIN_MS);

// An Expect header other than 100-continue: Node's own answer is an empty 417.
server.on("checkExpectation", (request, response) => {
  drain.track(request, response);
  refuse(request, response, expectationFailed());
});

// A request Node cannot parse (a lower-case method, a broken request line or header).
server.on("clientError", (_error, socket) => {
  if (socket.writable) socket.end(badRequestBytes());
  else socket.destroy();
});

server.listen(port, hostname, () => {
  // Listening on every interface is reachable from the network too: say so, with the addresses.
  if (hostname !== "0.0.0.0") return console.log(`Serving on http://${hostname}:${port}`);
  const network = Object.values(networkInterfaces())
    .flat()
    .filter((address) => address && address.family === "IPv4" && !address.internal)
    .map((address) => `http://${address.address}:${port}`);
  console.log(`Serving on http://localhost:${port} and every interface${network.length ? ` (${network.join(", ")})` : ""}; --hostname 127.0.0.1 for this machine only`);
});

async function shutdown(signal) {
  if (drain.started) return;
  console.log(`${signal}: no new connections; finishing the requests in flight.`);
  const drained = await drain.run();
  if (!drained) {
    // Cut at the deadline: a transaction still running may hold a pool connection that would keep
    // $disconnect waiting. Exiting closes every connection, and the database rolls back what they held.
    console.log("Stopped at the deadline: the requests still running were refused or cut (docs/deployment.md, \"Rolling restarts\").");
    process.exit(1);
  }
  // The Prisma client the bundle opened (lib/db/client.ts, through server/process-state): close its
  // pool or file handle. Bounded: a handler whose client hung up may still hold a pool connection.
  await Promise.race([database.client?.$disconnect().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 1_000))]);
  console.log("Stopped.");
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
