/**
 * Our hooks into Prisma's driver adapters' transactions: every assumption about the internals
 * of @prisma/adapter-better-sqlite3 and @prisma/adapter-pg (6.19) is stated here and pinned by
 * write-gate.test.ts and busy.test.ts, and each hook fails loudly if an upgrade changed the shape
 * it relies on.
 */
import { LOCK_WAIT_MS, retryWhileBusy } from "./busy";

/** Wraps an adapter factory so `prepare` sees every adapter it connects, before Prisma uses it. */
function onConnect<F extends { connect(): Promise<unknown> }>(factory: F, prepare: (adapter: unknown) => void): F {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    prepare(adapter);
    return adapter;
  };
  return factory;
}

/**
 * better-sqlite3 through the adapter, as a client and a connection: `startTransaction` takes the
 * adapter's in-process mutex, runs `BEGIN` and returns a transaction whose `rollback()` (after
 * Prisma's own ROLLBACK statement) releases the mutex; `queryRaw` / `executeRaw` outside a
 * transaction run in autocommit; errors come out as DriverAdapterError (SQLITE_BUSY included).
 */
interface SqliteAdapter {
  client: { pragma(source: string, options: { simple: true }): unknown };
  startTransaction(isolationLevel?: unknown): Promise<{ rollback(): Promise<void> }>;
  queryRaw(query: unknown): Promise<unknown>;
  executeRaw(query: unknown): Promise<unknown>;
}

/**
 * Makes every write of the SQLite adapter wait for the write lock for up to LOCK_WAIT_MS without
 * blocking the event loop (SQLite's busy_timeout would, better-sqlite3 being synchronous):
 * - a transaction trades the adapter's deferred `BEGIN` for `BEGIN IMMEDIATE`, retried on timers
 *   while busy. Taking the lock up front also means a transaction never fails half-way when its
 *   first write finds the lock taken (a deferred one does, at once, without any busy wait);
 * - a statement outside a transaction is retried while busy (it failed whole, so a retry is safe).
 * The budget counts from the call, so a write queued behind this process's own transaction (the
 * adapter's mutex) waits no longer than one queued behind another process's.
 */
export function waitForWriteLock<F extends { connect(): Promise<unknown> }>(factory: F): F {
  return onConnect(factory, (connected) => {
    const adapter = connected as Partial<SqliteAdapter>;
    if (typeof adapter.startTransaction !== "function" || typeof adapter.executeRaw !== "function" || typeof adapter.queryRaw !== "function" || typeof adapter.client?.pragma !== "function") {
      throw new Error("@prisma/adapter-better-sqlite3 changed its adapter's shape; revisit lib/db/driver.ts");
    }
    // WAL (readers and the writer never wait for each other) is kept in the file; setting it on
    // every open is a no-op once set and covers any file the app is pointed at, not only db:setup's.
    const mode = adapter.client.pragma("journal_mode = WAL", { simple: true });
    if (mode !== "wal") throw new Error(`SQLite refused WAL mode (journal_mode is ${String(mode)})`);
    // A 201 means on disk: a file opened already in WAL mode gets NORMAL by default, which may
    // lose the last commits to a power cut (docs/performance.md, "Writes").
    adapter.client.pragma("synchronous = FULL", { simple: true });

    const startTransaction = adapter.startTransaction.bind(adapter);
    const queryRaw = adapter.queryRaw.bind(adapter);
    const executeRaw = adapter.executeRaw.bind(adapter);
    const statement = (sql: string) => executeRaw({ sql, args: [], argTypes: [] });
    adapter.startTransaction = async (isolationLevel) => {
      const deadline = Date.now() + LOCK_WAIT_MS;
      const tx = await startTransaction(isolationLevel);
      try {
        // Nothing has run in the deferred transaction yet: end it and take the lock instead.
        await statement("ROLLBACK");
        await retryWhileBusy(() => statement("BEGIN IMMEDIATE"), deadline);
      } catch (error) {
        await tx.rollback(); // no transaction is open: this only releases the adapter's mutex
        throw error;
      }
      return tx;
    };
    adapter.queryRaw = (query) => retryWhileBusy(() => queryRaw(query), Date.now() + LOCK_WAIT_MS);
    adapter.executeRaw = (query) => retryWhileBusy(() => executeRaw(query), Date.now() + LOCK_WAIT_MS);
  });
}

/**
 * pg through the adapter, for transactions: `startTransaction` checks a client out of the pool
 * and returns a transaction holding it as `client`, which `commit()` / `rollback()` give back.
 * Prisma runs `COMMIT` / `ROLLBACK` with `executeRaw` first and skips `commit()` / `rollback()`
 * when that fails, as it does when the connection was lost (a PostgreSQL restart): the dead
 * client was never given back, and once the pool's every slot was lost so, no request ever got a
 * connection again. Here a failed `COMMIT` / `ROLLBACK` gives the client back as broken (the pool
 * drops it and opens a fresh one when needed).
 */
interface PgTransactionShape {
  client: { release(error?: Error | boolean): void };
  executeRaw(query: { sql: string }): Promise<number>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

export function withLostTransactionsReleased<F extends { connect(): Promise<unknown> }>(factory: F): F {
  return onConnect(factory, (connected) => {
    const adapter = connected as { startTransaction?: (isolationLevel?: unknown) => Promise<unknown> };
    if (typeof adapter.startTransaction !== "function") throw new Error("@prisma/adapter-pg changed its adapter's shape; revisit lib/db/driver.ts");
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) => {
      const tx = (await startTransaction(isolationLevel)) as Partial<PgTransactionShape>;
      if (typeof tx.client?.release !== "function" || typeof tx.executeRaw !== "function") {
        throw new Error("@prisma/adapter-pg changed its transaction's shape; revisit lib/db/driver.ts");
      }
      const { client } = tx;
      const executeRaw = tx.executeRaw.bind(tx);
      tx.executeRaw = async (query) => {
        try {
          return await executeRaw(query);
        } catch (error) {
          if (query.sql === "COMMIT" || query.sql === "ROLLBACK") {
            client.release(error instanceof Error ? error : true);
            tx.commit = tx.rollback = async () => {}; // released: must not be released twice
          }
          throw error;
        }
      };
      return tx;
    };
  });
}

/**
 * The drain's last resort (server/main.mjs; docs/deployment.md, "Rolling restarts"): once the
 * gate is shut, no transaction starts and none commits (its COMMIT runs as a ROLLBACK), and the
 * request fails with WritesShutError (503 `shutting_down`) while its connection is still open to
 * answer. Every write of an indication, a trade or a verification is a transaction, so past the
 * drain's deadline such a write is either answered or not in the database. Bookkeeping written
 * outside a transaction (an API key's last use, idempotency records, sign-in failures) is not held.
 */
export interface WriteGate {
  shut: boolean;
}

class WritesShutError extends Error {
  constructor() {
    super("This instance is shutting down: the write was not made.");
    this.name = "WritesShutError";
  }
}

/** By name: Next.js may bundle this module more than once, so `instanceof` is not reliable. */
export function isWritesShut(error: unknown): boolean {
  return error instanceof Error && error.name === "WritesShutError";
}

interface GatedTransaction {
  executeRaw(query: { sql: string }): Promise<number>;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

export function withWriteGate<F extends { connect(): Promise<unknown> }>(factory: F, gate: WriteGate): F {
  return onConnect(factory, (connected) => {
    const adapter = connected as { startTransaction?: (isolationLevel?: unknown) => Promise<unknown> };
    if (typeof adapter.startTransaction !== "function") throw new Error("the driver adapter changed its shape; revisit lib/db/driver.ts");
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) => {
      if (gate.shut) throw new WritesShutError();
      const tx = (await startTransaction(isolationLevel)) as Partial<GatedTransaction>;
      if (typeof tx.executeRaw !== "function" || typeof tx.rollback !== "function") {
        throw new Error("the driver adapter changed its transaction's shape; revisit lib/db/driver.ts");
      }
      const executeRaw = tx.executeRaw.bind(tx);
      tx.executeRaw = async (query) => {
        if (!gate.shut || query.sql !== "COMMIT") return executeRaw(query);
        // A ROLLBACK that fails leaves a broken connection, which the database rolls back as it closes.
        await executeRaw({ ...query, sql: "ROLLBACK" }).catch(() => {});
        // Prisma skips commit() when COMMIT fails: give the connection (SQLite: the adapter's lock) back here.
        await tx.rollback!();
        tx.commit = tx.rollback = async () => {};
        throw new WritesShutError();
      };
      return tx;
    };
  });
}
