// @ts-check
/**
 * SIGTERM without losing work: what a rolling restart guarantees is in docs/deployment.md,
 * "Rolling restarts". In order:
 * 1. The listening socket closes: a new connection is refused before any request on it starts.
 *    Readiness answers 503 from here on, on connections still open, so a balancer stops sending.
 * 2. Every answer from now on carries `Connection: close`, so a kept-alive connection closes
 *    after its answer instead of taking the next request. A connection idle at the signal gets
 *    IDLE_GRACE_MS for a request already on its way, then is closed.
 * 3. Once every connection has closed, the drain is done.
 * 4. At the deadline: new requests are refused (503 `shutting_down`), the process's write gate
 *    shuts (lib/db/transaction.ts: no write transaction starts or commits any more), the
 *    requests still running get ANSWER_GRACE_MS to send their answers (a write among them is
 *    answered 503 `shutting_down` and rolled back), then every connection is closed.
 */
import net from "node:net";
import { writeGate } from "desk-process-state";
import { errorAnswer } from "./edges.mjs";

/** How long a connection idle at the signal may still bring a request it had already sent. */
const IDLE_GRACE_MS = 1_000;
/** Past the deadline, how long the requests still running have to answer once writes are shut. */
const ANSWER_GRACE_MS = 1_000;

/** @typedef {import("node:http").ServerResponse} Response */
/** @typedef {import("node:net").Socket} Socket */

export class Drain {
  /** @type {"serving" | "draining" | "deadline"} */
  #phase = "serving";
  /** @type {Set<Socket>} */
  #sockets = new Set();
  /** Answers not yet sent, and how many of them each connection carries. @type {Set<Response>} */
  #inFlight = new Set();
  /** @type {Map<Socket, number>} */
  #busy = new Map();
  /** @type {Map<Socket, NodeJS.Timeout>} */
  #idleTimers = new Map();
  /** @type {() => void} */
  #settled = () => {};

  /** @param {import("node:http").Server} server @param {number} deadlineMs */
  constructor(server, deadlineMs) {
    this.server = server;
    this.deadlineMs = deadlineMs;
    server.on("connection", (/** @type {Socket} */ socket) => {
      this.#sockets.add(socket);
      socket.on("close", () => {
        this.#sockets.delete(socket);
        clearTimeout(this.#idleTimers.get(socket));
        this.#idleTimers.delete(socket);
        if (this.started && this.#sockets.size === 0) this.#settled();
      });
    });
  }

  get started() {
    return this.#phase !== "serving";
  }

  /**
   * Called for every request as it arrives.
   * @param {import("node:http").IncomingMessage} request @param {Response} response
   */
  track(request, response) {
    const socket = request.socket;
    clearTimeout(this.#idleTimers.get(socket));
    this.#inFlight.add(response);
    this.#busy.set(socket, (this.#busy.get(socket) ?? 0) + 1);
    if (this.started) response.setHeader("connection", "close");
    response.on("close", () => {
      this.#inFlight.delete(response);
      const left = (this.#busy.get(socket) ?? 1) - 1;
      if (left > 0) return void this.#busy.set(socket, left);
      this.#busy.delete(socket);
      // An answer whose headers went out before the signal left its connection kept alive.
      if (this.started) this.#closeWhenIdle(socket);
    });
  }

  /**
   * What the drain answers itself instead of passing a request on, or null.
   * @param {import("node:http").IncomingMessage} request
   */
  refusal(request) {
    if (this.#phase === "serving") return null;
    const path = (request.url ?? "").split("?", 1)[0];
    if (this.#phase === "deadline" || path === "/api/health/ready") {
      return errorAnswer(503, "shutting_down", "This instance is shutting down. Try again: another instance, or this one restarted, will answer.", {
        "retry-after": "1",
      });
    }
    return null;
  }

  /** Drains; resolves true when every connection closed before the deadline, false when it was cut. */
  run() {
    this.#phase = "draining";
    // net.Server's close, not http.Server's: that one also cuts idle kept-alive connections at
    // once, and a request a client has just sent on one would be lost (the second step above gives
    // them a grace).
    net.Server.prototype.close.call(this.server);
    for (const response of this.#inFlight) if (!response.headersSent) response.setHeader("connection", "close");
    for (const socket of this.#sockets) if (!this.#busy.has(socket)) this.#closeWhenIdle(socket);
    return new Promise((resolve) => {
      if (this.#sockets.size === 0) return resolve(true);
      const deadline = setTimeout(() => {
        this.#phase = "deadline";
        writeGate.shut = true;
        this.#settled = () => resolve(false);
        // Not sooner, even with nothing running: an idle connection may have a request on its way.
        setTimeout(() => this.#closeAll(), ANSWER_GRACE_MS);
      }, this.deadlineMs);
      this.#settled = () => {
        clearTimeout(deadline);
        resolve(true);
      };
    });
  }

  /** @param {Socket} socket */
  #closeWhenIdle(socket) {
    clearTimeout(this.#idleTimers.get(socket));
    this.#idleTimers.set(
      socket,
      setTimeout(() => {
        if (!this.#busy.has(socket)) socket.destroy();
      }, IDLE_GRACE_MS),
    );
  }

  #closeAll() {
    for (const socket of this.#sockets) socket.destroy();
  }
}
