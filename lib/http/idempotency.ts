import "server-only";
import { createHash } from "node:crypto";
import { newRowId } from "../db/row-id";
import type { Caller } from "../auth/caller";
import { getDb, isUniqueViolation } from "../db/client";
import { readBodyBytes } from "../schema/body";
import { ApiError, type FieldError } from "../schema/errors";

/**
 * Idempotency keys on POST (Stripe's semantics; the rules are in docs/api/writing.md "Idempotency"). A
 * POST that sends `Idempotency-Key` claims the key for its caller by inserting an in-flight row in
 * `idempotency_keys`; the unique (user_id, caller, key) decides a race, also between processes.
 * The answer is stored and replayed to the same request for 24 hours; another request under the
 * key is a 422, a duplicate while the first runs a 409. apiRoute (lib/http/handler.ts) applies it
 * once the request has passed the route's validation (path, query, body), so a request refused
 * for its form claims nothing and stores nothing.
 */

export const IDEMPOTENCY_HEADER = "Idempotency-Key";
export const MAX_KEY_LENGTH = 255;
/** How long a key's answer is kept; an older row counts as absent. */
export const KEPT_MS = 24 * 60 * 60 * 1000;
/** An in-flight claim this old belongs to a process that died (no request runs this long). */
export const ABANDONED_MS = 5 * 60 * 1000;
/** Only these response headers are replayed: the rest is per response (X-Request-Id) or fixed. */
const REPLAYED_HEADERS = ["location", "etag"];

const IN_FLIGHT = "in_flight";
const DONE = "done";

/** What a request is answered with: status, JSON text (null: no body) and headers. */
export interface Answer {
  status: number;
  text: string | null;
  headers: Record<string, string>;
  /** A streamed body instead of `text` (a GET's CSV export, lib/http/csv.ts); never stored. */
  stream?: ReadableStream<Uint8Array>;
}

interface Scope {
  userId: string;
  caller: string;
  key: string;
}

type Claim = { id: string } | { replay: Answer };

/**
 * Runs `operation` under the request's Idempotency-Key, if it is a POST that sends one: claims
 * the key, or answers with the stored answer, a 409 or a 422 without running it. An answer of the
 * operation, or an ApiError below 500 it throws, is stored; any other failure frees the key.
 */
export function withIdempotencyKey(request: Request, caller: Caller, operation: () => Promise<Answer>): Promise<Answer> {
  const key = request.method === "POST" ? request.headers.get(IDEMPOTENCY_HEADER) : null;
  return key === null ? operation() : underKey(key, request, caller, operation);
}

/**
 * What is wrong with the request's Idempotency-Key, if it is a POST that sends one of the wrong
 * form: checked with the rest of the request (lib/http/handler.ts), so one answer names it beside
 * the body's problems.
 */
export function idempotencyKeyProblem(request: Request): FieldError | null {
  const key = request.method === "POST" ? request.headers.get(IDEMPOTENCY_HEADER) : null;
  if (key === null || (key.length >= 1 && key.length <= MAX_KEY_LENGTH)) return null;
  return { param: IDEMPOTENCY_HEADER, code: "invalid_parameter", message: `${IDEMPOTENCY_HEADER} must be 1 to ${MAX_KEY_LENGTH} characters; got ${key.length}.` };
}

/** `key`'s form was checked with the request's input (idempotencyKeyProblem, lib/http/handler.ts). */
async function underKey(key: string, request: Request, caller: Caller, operation: () => Promise<Answer>): Promise<Answer> {
  const scope: Scope = { userId: caller.userId, caller: caller.via === "api_key" ? `api_key:${caller.apiKeyPrefix ?? ""}` : "session", key };
  const claim = await claimKey(scope, await fingerprintOf(request));
  if ("replay" in claim) return claim.replay;
  let answer: Answer;
  try {
    answer = await operation();
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      await finish(claim.id, { status: error.status, text: JSON.stringify(error.toBody()), headers: {} });
    } else {
      await release(claim.id);
    }
    throw error;
  }
  await finish(claim.id, answer);
  return answer;
}

/** sha256 of method, path with query and the raw body: "the same request" is the same bytes. */
async function fingerprintOf(request: Request): Promise<string> {
  const url = new URL(request.url);
  return createHash("sha256").update(`${request.method} ${url.pathname}${url.search}\n`).update(await readBodyBytes(request)).digest("hex");
}

async function claimKey(scope: Scope, fingerprint: string): Promise<Claim> {
  const db = getDb();
  // Each round either claims, answers, or removes a dead row; a third lost race is a 409.
  for (let round = 0; round < 3; round++) {
    const now = new Date();
    const id = newRowId();
    const claimed = await db.idempotencyKey.create({ data: { id, ...scope, fingerprint, state: IN_FLIGHT, createdAt: now } }).then(
      () => true,
      (error: unknown) => {
        if (isUniqueViolation(error)) return false;
        throw error;
      },
    );
    if (claimed) {
      await purgeExpired(now);
      return { id };
    }
    const held = await db.idempotencyKey.findUnique({ where: { userId_caller_key: scope } });
    if (!held) continue; // freed between our insert and our read
    const age = now.getTime() - held.createdAt.getTime();
    if (age < KEPT_MS) {
      if (held.fingerprint !== fingerprint) {
        throw new ApiError(
          "idempotency_key_reuse",
          `This ${IDEMPOTENCY_HEADER} was used with another request (method, path or body) in the last 24 hours; use a new key for a new request.`,
          IDEMPOTENCY_HEADER,
        );
      }
      if (held.state === DONE) return { replay: replayOf(held) };
      if (age < ABANDONED_MS) throw inUse();
    }
    // Expired, or abandoned in flight: remove it only if nobody changed it since we read it.
    await db.idempotencyKey.deleteMany({ where: { id: held.id, state: held.state } });
  }
  throw inUse();
}

function inUse(): ApiError {
  return new ApiError(
    "idempotency_key_in_use",
    `A request with this ${IDEMPOTENCY_HEADER} is still in progress; retry once it has finished.`,
    IDEMPOTENCY_HEADER,
  );
}

function replayOf(row: { responseStatus: number | null; responseBody: string | null; responseHeaders: string | null }): Answer {
  const headers = row.responseHeaders ? (JSON.parse(row.responseHeaders) as Record<string, string>) : {};
  return { status: row.responseStatus ?? 200, text: row.responseBody, headers: { ...headers, "idempotent-replayed": "true" } };
}

/** Stores the answer, unless the claim was taken over meanwhile (then the newer request's stands). */
async function finish(id: string, answer: Answer): Promise<void> {
  const headers = Object.fromEntries(Object.entries(answer.headers).filter(([name]) => REPLAYED_HEADERS.includes(name.toLowerCase())).map(([name, value]) => [name.toLowerCase(), value]));
  await getDb().idempotencyKey.updateMany({
    where: { id, state: IN_FLIGHT },
    data: { state: DONE, responseStatus: answer.status, responseBody: answer.text, responseHeaders: JSON.stringify(headers) },
  });
}

/** Frees the key after a failure, so a retry runs; the request's own error is what the caller sees. */
async function release(id: string): Promise<void> {
  try {
    await getDb().idempotencyKey.deleteMany({ where: { id } });
  } catch (error) {
    console.error(`[api] could not free idempotency claim ${id}`, error);
  }
}

// At most once a minute per process: expired rows only take space (a claim ignores them anyway).
let lastPurge = 0;
async function purgeExpired(now: Date): Promise<void> {
  if (now.getTime() - lastPurge < 60_000) return;
  lastPurge = now.getTime();
  try {
    await getDb().idempotencyKey.deleteMany({ where: { createdAt: { lt: new Date(now.getTime() - KEPT_MS) } } });
  } catch (error) {
    console.error("[api] could not purge expired idempotency keys", error);
  }
}
