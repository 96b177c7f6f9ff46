import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/bcrypt";
import pLimit from "p-limit";

/**
 * Passwords are low-entropy, so unlike API keys (see lib/api-keys/keys.ts) they need a
 * deliberately slow, salted hash: bcrypt, cost factor 10 (2^10 rounds).
 *
 * Hashed off the event loop: @node-rs/bcrypt runs on libuv's thread pool. bcryptjs's "async"
 * API only slices the work into ~100 ms chunks on the main thread, so a flood of sign-ins
 * stalled every other request (issue 16: API p50 7 ms -> 800 ms). Hashes are the standard
 * `$2b$` format; the ones bcryptjs wrote verify unchanged.
 */
const BCRYPT_COST = 10;

/**
 * Hashes at a time: one core fewer than the machine has (at least one), or PASSWORD_HASH_CONCURRENCY.
 * A flood of guesses that each need a hash (a new e-mail and address every time) then queues here
 * instead of taking every core from the API (docs/performance.md, "Sign-in floods").
 */
export function hashConcurrency(env: Record<string, string | undefined> = process.env): number {
  const configured = Number.parseInt(env.PASSWORD_HASH_CONCURRENCY ?? "", 10);
  return Number.isInteger(configured) && configured > 0 ? configured : Math.max(1, availableParallelism() - 1);
}
const hashing = pLimit(hashConcurrency());

/** Hashes running and waiting for their turn now. */
export function passwordHashLoad(): { running: number; waiting: number } {
  return { running: hashing.activeCount, waiting: hashing.pendingCount };
}

export async function hashPassword(plain: string): Promise<string> {
  return hashing(() => hash(plain, BCRYPT_COST));
}

/** False (never throws) for a wrong password or a malformed hash. */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  try {
    return await hashing(() => verify(plain, stored));
  } catch {
    return false;
  }
}
