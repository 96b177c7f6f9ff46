import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { Caller } from "../auth/caller";
import { ApiError } from "./errors";

/**
 * Per-key API rate limits (issue 16), counted by rate-limiter-flexible: each API key (or, for
 * the browser's session on the API, each user) may make `API_RATE_LIMIT` requests per
 * `API_RATE_LIMIT_WINDOW_SECONDS` (default 6,000 per 60 s: 100 a second, Stripe's default). Every
 * answer carries the IETF draft's `RateLimit-Policy` and `RateLimit` fields
 * (draft-ietf-httpapi-ratelimit-headers: quota `q`, window `w`; remaining `r`, seconds to reset
 * `t`); past the quota the answer is 429 `rate_limited` with `Retry-After`. `API_RATE_LIMIT=0`
 * turns the limit off (the benchmark does). Counters are per process (docs/security.md).
 */

export const RATE_LIMIT_POLICY = "per-key";

interface Config {
  points: number;
  window: number;
}

function configOf(env: NodeJS.ProcessEnv): Config {
  const points = Number.parseInt(env.API_RATE_LIMIT ?? "", 10);
  const window = Number.parseInt(env.API_RATE_LIMIT_WINDOW_SECONDS ?? "", 10);
  return { points: Number.isInteger(points) && points >= 0 ? points : 6000, window: Number.isInteger(window) && window > 0 ? window : 60 };
}

let current: { signature: string; limiter: RateLimiterMemory; config: Config } | undefined;

function limiterFor(config: Config): RateLimiterMemory {
  const signature = `${config.points}/${config.window}`;
  if (current?.signature !== signature) {
    current = { signature, config, limiter: new RateLimiterMemory({ points: config.points, duration: config.window }) };
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

/**
 * Counts one request of the caller. Returns the headers to send with the answer, or throws the
 * 429 (with the same headers and Retry-After).
 */
export async function consumeRateLimit(caller: Caller, env: NodeJS.ProcessEnv = process.env): Promise<Record<string, string>> {
  const config = configOf(env);
  if (config.points === 0) return {};
  try {
    return fields(config, await limiterFor(config).consume(subjectOf(caller)));
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
