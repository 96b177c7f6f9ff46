import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Waiting for the database's write lock: how long, how (without blocking the event loop), and how
 * to recognise a write that gave up. The API answers such a write with 503 `database_busy`
 * (lib/http/handler.ts); docs/architecture.md, "Concurrency", says why it is built this way.
 * Also the other passing trouble: a database that cannot be reached (503 `database_unavailable`).
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

/** When the statements of the work in progress stop waiting for a lock (epoch ms). */
const deadlines = new AsyncLocalStorage<number>();

/**
 * Runs `work` with one budget for its statements' lock waits, counted from now: a transaction's
 * (lib/db/transaction.ts), so that a write queued behind this process's own transaction waits no
 * longer than one queued behind another process's.
 */
export function withLockWait<T>(work: () => PromiseLike<T>, ms = LOCK_WAIT_MS): Promise<T> {
  // Awaited inside: a Prisma query starts only when awaited, and must start inside the context.
  return deadlines.run(Date.now() + ms, async () => await work());
}

/**
 * Runs `work` so that its statements do not wait for the SQLite write lock: a busy database fails
 * them at once. For bookkeeping writes on the read path (an API key's last use), so that reads
 * never wait for writes. (PostgreSQL readers take no lock a writer holds; nothing changes there.)
 */
export function withoutLockWait<T>(work: () => PromiseLike<T>): Promise<T> {
  return withLockWait(work, 0);
}

/** When the work in progress stops waiting for a lock (epoch ms): the one `withLockWait` set, or LOCK_WAIT_MS from now. */
export function lockDeadline(): number {
  return deadlines.getStore() ?? Date.now() + LOCK_WAIT_MS;
}

/**
 * How long the PostgreSQL pool waits to open a connection (or for a free one) before the request
 * fails as unavailable: a server that accepts but never answers must not hold requests forever.
 */
export const CONNECT_WAIT_MS = 5_000;

interface DriverCause {
  originalCode?: unknown;
  kind?: unknown;
}

/**
 * The driver error beneath what Prisma throws: its `cause`, with the database's own error code; or
 * the driver's own error, as the engine's connection (lib/db/connection.ts) throws it.
 */
function driverCauseOf(error: unknown): DriverCause | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const e = error as { name?: unknown; code?: unknown; cause?: unknown; meta?: { driverAdapterError?: { cause?: unknown } } };
  // Prisma wraps the adapter's error (P1008 for SQLITE_BUSY) or, for codes it does not know
  // (PostgreSQL's 55P03), rethrows the adapter's DriverAdapterError itself.
  const cause = e.name === "DriverAdapterError" ? e.cause : e.meta?.driverAdapterError?.cause;
  if (typeof cause === "object" && cause !== null) return cause as DriverCause;
  // better-sqlite3's SqliteError, pg's DatabaseError and Node's socket errors carry the code itself; Prisma's own are P….
  return typeof e.code === "string" && !/^P\d{4}$/.test(e.code) ? { originalCode: e.code } : undefined;
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

/** The adapter's names for a connection that could not be made or was lost (@prisma/adapter-pg). */
const UNREACHABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);
/** Prisma's: can't reach the server (P1001), timed out connecting (P1002), server closed the connection (P1017). */
const UNREACHABLE_PRISMA_CODES = new Set(["P1001", "P1002", "P1017"]);
/**
 * pg's own errors carry no code and the adapter passes them on as they are: a connection lost
 * mid-query, a client reused after that, and the pool's connect timeout (CONNECT_WAIT_MS).
 */
const PG_CONNECTION_LOST = /^(Connection terminated|Client has encountered a connection error|Client was closed and is not queryable|timeout exceeded when trying to connect)/;

/**
 * Whether an error means "the database cannot be reached now": a PostgreSQL server that is down,
 * restarting or shutting down (connection refused; 57P01 admin_shutdown, 57P02 crash_shutdown,
 * 57P03 cannot_connect_now; class 08 connection exceptions; 53300 too many connections), as the
 * adapter, Prisma or pg report it. The pool drops such connections; the next request reconnects.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const cause = driverCauseOf(error);
  const code = typeof cause?.originalCode === "string" ? cause.originalCode : "";
  if (typeof cause?.kind === "string" && UNREACHABLE_KINDS.has(cause.kind)) return true;
  if (/^(57P0[123]|08...|53300|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENOTFOUND)$/.test(code)) return true;
  const e = error as { code?: unknown; message?: unknown } | null;
  if (typeof e?.code === "string" && UNREACHABLE_PRISMA_CODES.has(e.code)) return true;
  return error instanceof Error && PG_CONNECTION_LOST.test(error.message);
}

/**
 * Runs `attempt` until it does not fail with SQLITE_BUSY or its budget (LOCK_WAIT_MS from now, or
 * the one `withLockWait` set) has run out, pausing between attempts on timers, so the event loop
 * serves other requests meanwhile. The last busy error is thrown as it is. Under
 * `withoutLockWait`, the first busy error is thrown.
 */
export async function retryWhileBusy<T>(attempt: () => Promise<T>): Promise<T> {
  const deadline = lockDeadline();
  for (let pause = 1; ; pause = Math.min(pause * 2, MAX_PAUSE_MS)) {
    try {
      return await attempt();
    } catch (error) {
      const left = deadline - Date.now();
      if (!isDatabaseBusy(error) || left <= 0) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
    }
  }
}
