import { hash, verify } from "@node-rs/bcrypt";

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

export async function hashPassword(plain: string): Promise<string> {
  return hash(plain, BCRYPT_COST);
}

/** False (never throws) for a wrong password or a malformed hash. */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  try {
    return await verify(plain, stored);
  } catch {
    return false;
  }
}
