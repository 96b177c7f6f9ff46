import "server-only";
import { RateLimiterMemory, RateLimiterPrisma, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import type { Caller } from "../auth/caller";
import { getDb, type Db } from "../db/client";
import { ApiError } from "../schema/errors";

/**
 * Per-key API rate limits (issue 16), counted by rate-limiter-flexible: each API key (or, for
 * the browser's session on the API, each user) may make `API_RATE_LIMIT` requests per
 * `API_RATE_LIMIT_WINDOW_SECONDS` (default 6,000 per 60 s: 100 a second, Stripe's default). Every
 * answer carries the IETF draft's `RateLimit-Policy` and `RateLimit` fields
 * (draft-ietf-httpapi-ratelimit-headers: quota `q`, window `w`; remaining `r`, seconds to reset
 * `t`); past the quota the answer is 429 `rate_limited` with `Retry-After`. A request answered 304
 * gives its unit back (`Counted.refund`, called by apiRoute). `API_RATE_LIMIT=0` turns the limit
 * off (the benchmark does).
 *
 * Where the counters live, `API_RATE_LIMIT_STORE`: `memory` (the default) in the process, so N
 * instances allow up to N × the quota but a request costs no database round trip; `database` in
 * the `rate_limits` table through the app's Prisma client (RateLimiterPrisma), shared by every
 * instance over the database, at two statements per request (docs/deployment.md says when to
 * choose which, docs/performance.md "Rate-limit store" what it costs).
 */

export const RATE_LIMIT_POLICY = "per-key";

export const RATE_LIMIT_STORES = ["memory", "database"] as const;
type Store = (typeof RATE_LIMIT_STORES)[number];

type Config = ReturnType<typeof configOf>;

function configOf(env: NodeJS.ProcessEnv) {
  const points = Number.parseInt(env.API_RATE_LIMIT ?? "", 10);
  const window = Number.parseInt(env.API_RATE_LIMIT_WINDOW_SECONDS ?? "", 10);
  const store = env.API_RATE_LIMIT_STORE?.trim() || "memory";
  // A misspelt store would silently give each instance its own quota: refuse it instead.
  if (!(RATE_LIMIT_STORES as readonly string[]).includes(store)) {
    throw new Error(`API_RATE_LIMIT_STORE must be one of ${RATE_LIMIT_STORES.join(", ")} (got "${store}")`);
  }
  return {
    points: Number.isInteger(points) && points >= 0 ? points : 6000,
    window: Number.isInteger(window) && window > 0 ? window : 60,
    store: store as Store,
  };
}

let current: { signature: string; db: Db; limiter: RateLimiterAbstract } | undefined;

function limiterFor(config: Config, db: Db): RateLimiterAbstract {
  const signature = `${config.points}/${config.window}/${config.store}`;
  // The database store counts in the client it was given (tests swap the process's client).
  if (current?.signature !== signature || (config.store === "database" && current.db !== db)) {
    const options = { points: config.points, duration: config.window, keyPrefix: "api" };
    // `tableName` is the Prisma model's name on the client (model RateLimit, table rate_limits).
    const limiter = config.store === "database" ? new RateLimiterPrisma({ ...options, storeClient: db, tableName: "rateLimit" }) : new RateLimiterMemory(options);
    current = { signature, db, limiter };
  }
  return current.limiter;
}

function subjectOf(caller: Caller): string {
  return caller.via === "api_key" ? `key:${caller.apiKeyPrefix}` : `user:${caller.userId}`;
}

function fields(config: Config, res: RateLimiterRes): Record<string, string> {
  const reset = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return {
    "ratelimit-policy": `"${RATE_LIMIT_POLICY}";q=${config.points};w=${config.window}`,
    ratelimit: `"${RATE_LIMIT_POLICY}";r=${Math.max(0, res.remainingPoints)};t=${reset}`,
  };
}

/** A request counted against its caller's quota. */
export interface Counted {
  /** The RateLimit fields to send with the answer. */
  headers: Record<string, string>;
  /** Gives the request's unit back (its answer was a 304): resolves to the fields to send instead. */
  refund(): Promise<Record<string, string>>;
}

/**
 * Counts one request of the caller: resolves to the headers to send with the answer, or rejects
 * with the 429 (with the same headers and Retry-After). Undefined when the limit is off.
 */
export async function consumeRateLimit(caller: Caller, env: NodeJS.ProcessEnv = process.env, db: Db = getDb()): Promise<Counted | undefined> {
  const config = configOf(env);
  if (config.points === 0) return undefined;
  return counted(config, limiterFor(config, db), subjectOf(caller));
}

async function counted(config: Config, limiter: RateLimiterAbstract, subject: string): Promise<Counted> {
  try {
    const res = await limiter.consume(subject);
    const headers = fields(config, res);
    const windowEnds = Date.now() + res.msBeforeNext;
    // Once the window the unit was counted in has ended there is nothing to give back: a reward
    // then would open the next window one unit in credit.
    const refund = async () => (Date.now() < windowEnds ? fields(config, await limiter.reward(subject, 1)) : headers);
    return { headers, refund };
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const headers = fields(config, rejection);
    const wait = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw ApiError.rateLimited(
      `Rate limit exceeded: ${config.points} requests per ${config.window} s for this key. Try again in ${wait} s.`,
      { ...headers, "retry-after": String(wait) },
    );
  }
}
