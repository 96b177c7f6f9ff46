import bcrypt from "bcryptjs";

/**
 * Cost factor 10 (2^10 rounds): about 50–100 ms per hash in pure JS on our 2-core machines. That
 * is slow enough to make offline guessing of a leaked hash expensive, and fast enough that a
 * sign-in (one verify) does not stall the server. Passwords are low-entropy, so unlike API keys
 * (see lib/api-keys/keys.ts) they need a deliberately slow, salted hash.
 */
const BCRYPT_COST = 10;

export async function hashPassword(plain: string): Promise<string> {
  return bcrypt.hash(plain, BCRYPT_COST);
}

/** False (never throws) for a wrong password or a malformed hash. */
export async function verifyPassword(plain: string, hash: string): Promise<boolean> {
  try {
    return await bcrypt.compare(plain, hash);
  } catch {
    return false;
  }
}
