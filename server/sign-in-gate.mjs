// @ts-check
/**
 * Sign-ins to an account or from an address this process already knows to be throttled are
 * answered here, before Next.js runs (lib/auth/sign-in-limit.ts decides; this reads the body it
 * needs and hands everything else on). Through Next.js a refusal cost as much CPU as an API call,
 * so a flood of guesses slowed the API (docs/performance.md, "Sign-in gate").
 */
import { IncomingMessage } from "node:http";
import { signIn } from "desk-process-state";
import { errorAnswer } from "./edges.mjs";

// A sign-in form is a few hundred bytes; anything this large is not one.
const MAX_BODY_BYTES = 64 * 1024;

/** @typedef {import("desk-process-state").PlainAnswer} Answer */

/** A credentials sign-in the gate may answer: only these bodies are read here. */
export function isSignInPost(/** @type {IncomingMessage} */ request) {
  return request.method === "POST" && (request.url ?? "").split("?", 1)[0] === "/api/auth/callback/credentials" && signIn.gate !== undefined;
}

/** @returns {Promise<Buffer | "too large" | "aborted">} the whole body, unless larger than a sign-in form or the client left */
async function readBody(/** @type {IncomingMessage} */ request) {
  const chunks = [];
  let size = 0;
  try {
    for await (const chunk of request) {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) return "too large";
      chunks.push(chunk);
    }
  } catch {
    return "aborted";
  }
  return Buffer.concat(chunks);
}

/** A request like `request` whose body is `body` again (the original's was read here). */
function replay(/** @type {IncomingMessage} */ request, /** @type {Buffer} */ body) {
  const copy = new IncomingMessage(request.socket);
  copy.method = request.method;
  copy.url = request.url;
  copy.httpVersion = request.httpVersion;
  copy.httpVersionMajor = request.httpVersionMajor;
  copy.httpVersionMinor = request.httpVersionMinor;
  copy.rawHeaders = request.rawHeaders;
  copy.headers = request.headers;
  copy.push(body);
  copy.push(null);
  // It is: an incomplete message destroys its socket when it is done with (Node takes it for aborted).
  copy.complete = true;
  return copy;
}

/**
 * The answer for a sign-in, the request Next.js should handle instead, or null when the client left.
 * @param {IncomingMessage} request
 * @returns {Promise<{ answer: Answer } | { request: IncomingMessage } | null>}
 */
export async function gateSignIn(request) {
  const body = await readBody(request);
  if (body === "aborted") return null;
  if (body === "too large") return { answer: errorAnswer(413, "payload_too_large", "A sign-in body is at most 64 KB.") };
  const headers = request.headers;
  // As Next.js sees it: the peer's address when no proxy sent one.
  const header = (/** @type {string} */ name) => {
    const value = name === "x-forwarded-for" ? (headers["x-forwarded-for"] ?? request.socket.remoteAddress) : headers[name];
    return Array.isArray(value) ? value.join(", ") : value;
  };
  // Set by lib/auth/sign-in-limit.ts when the sign-in route first loads (until then, none).
  const answer = signIn.gate?.(header, body.toString("utf8"));
  return answer ? { answer } : { request: replay(request, body) };
}
