import { availableParallelism } from "node:os";
import path from "node:path";
import { Piscina } from "piscina";

/**
 * Passwords are low-entropy, so unlike API keys (see lib/api-keys/keys.ts) they need a
 * deliberately slow, salted hash: bcrypt (@node-rs/bcrypt), cost factor 10 (2^10 rounds).
 *
 * Hashed in threads of their own (lib/auth/hash-worker.mjs), never on the event loop: bcryptjs's
 * "async" API sliced the work into ~100 ms chunks on the main thread, so a flood of sign-ins
 * stalled every other request (issue 16: API p50 7 ms -> 800 ms). The threads run at a lower CPU
 * priority than the requests (nice +10, on Linux, where a thread has its own), and there are fewer
 * of them than cores: a flood of guesses that each need a hash queues here and slows the
 * sign-ins, not the API (docs/performance.md, "Password hashing pool"). Hashes are the standard `$2b$`
 * format; the ones bcryptjs wrote verify unchanged.
 */
const BCRYPT_COST = 10;
const HASH_NICE_INCREMENT = 10;

/** Hashes at a time: PASSWORD_HASH_CONCURRENCY, else one core fewer than the machine has (at least one). */
export function hashConcurrency(env: Record<string, string | undefined> = process.env): number {
  const configured = Number.parseInt(env.PASSWORD_HASH_CONCURRENCY ?? "", 10);
  return Number.isInteger(configured) && configured > 0 ? configured : Math.max(1, availableParallelism() - 1);
}

// Started on the first hash (a CLI that never hashes starts no thread); idle threads do not keep
// a process alive. The worker is a plain module loaded by path, outside the Next.js bundle.
let pool: Piscina | undefined;
function hashPool(): Piscina {
  if (!pool) {
    const threads = hashConcurrency();
    pool = new Piscina({
      filename: path.join(process.cwd(), "lib", "auth", "hash-worker.mjs"),
      minThreads: threads,
      maxThreads: threads,
      concurrentTasksPerWorker: 1,
      niceIncrement: HASH_NICE_INCREMENT,
    });
  }
  return pool;
}

let inFlight = 0;
async function run(task: { plain: string; stored?: string; cost?: number }): Promise<unknown> {
  inFlight++;
  try {
    return await hashPool().run(task);
  } finally {
    inFlight--;
  }
}

/** Hashes running and waiting for their turn now. */
export function passwordHashLoad(): { running: number; waiting: number } {
  const waiting = pool?.queueSize ?? 0;
  return { running: inFlight - waiting, waiting };
}

export async function hashPassword(plain: string): Promise<string> {
  return (await run({ plain, cost: BCRYPT_COST })) as string;
}

/** False (never throws) for a wrong password or a malformed hash. */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  try {
    return (await run({ plain, stored })) === true;
  } catch {
    return false;
  }
}
