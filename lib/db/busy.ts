import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Waiting for the database's write lock: how long, how (without blocking the event loop), and how
 * to recognise a write that gave up. The API answers such a write with 503 `database_busy`
 * (lib/api/handler.ts); docs/architecture.md, "Concurrency", says why it is built this way.
 */

/** How long a write waits for a lock (SQLite: the write lock; PostgreSQL: any row or table lock). */
export const LOCK_WAIT_MS = 5_000;

/**
 * SQLite's own busy_timeout: none. better-sqlite3 runs statements synchronously, so SQLite's busy
 * wait would stall the whole process; `retryWhileBusy` waits between attempts instead.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 0;

/** The pause between two attempts to take the lock: short first, then at most this. */
const MAX_PAUSE_MS = 50;

const noWait = new AsyncLocalStorage<true>();

/**
 * Runs `work` so that its statements do not wait for the SQLite write lock: a busy database fails
 * them at once. For bookkeeping writes on the read path (an API key's last use), so that reads
 * never wait for writes. (PostgreSQL readers take no lock a writer holds; nothing changes there.)
 */
export function withoutLockWait<T>(work: () => PromiseLike<T>): Promise<T> {
  // Awaited inside: a Prisma query starts only when awaited, and must start inside the context.
  return noWait.run(true, async () => await work());
}

/** The driver error beneath what Prisma throws: its `cause`, with the database's own error code. */
function driverCauseOf(error: unknown): { originalCode?: unknown } | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const e = error as { name?: unknown; cause?: unknown; meta?: { driverAdapterError?: { cause?: unknown } } };
  // Prisma wraps the adapter's error (P1008 for SQLITE_BUSY) or, for codes it does not know
  // (PostgreSQL's 55P03), rethrows the adapter's DriverAdapterError itself.
  const cause = e.name === "DriverAdapterError" ? e.cause : e.meta?.driverAdapterError?.cause;
  return typeof cause === "object" && cause !== null ? (cause as { originalCode?: unknown }) : undefined;
}

/**
 * Whether an error means "the database is busy": SQLite's SQLITE_BUSY (its write lock stayed
 * taken), PostgreSQL's 55P03 lock_not_available (lock_timeout ran out), or Prisma giving up on
 * starting a transaction (maxWait: every pooled connection stayed in use).
 */
export function isDatabaseBusy(error: unknown): boolean {
  const code = driverCauseOf(error)?.originalCode;
  if (code === "SQLITE_BUSY" || code === "55P03") return true;
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === "P2028" && typeof e.message === "string" && e.message.includes("Unable to start a transaction in the given time");
}

/**
 * Runs `attempt` until it does not fail with SQLITE_BUSY or `deadline` (epoch ms) has passed,
 * pausing between attempts on timers, so the event loop serves other requests meanwhile. The last
 * busy error is thrown as it is. Under `withoutLockWait`, the first busy error is thrown.
 */
export async function retryWhileBusy<T>(attempt: () => Promise<T>, deadline: number): Promise<T> {
  for (let pause = 1; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
    try {
      return await attempt();
    } catch (error) {
      const left = deadline - Date.now();
      if (!isDatabaseBusy(error) || left <= 0 || noWait.getStore()) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
    }
  }
}
