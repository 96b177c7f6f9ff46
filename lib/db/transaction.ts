import "server-only";
import { withLockWait } from "./busy";
import { engineOf, gateOf, getDb, readyOf, writerOf, type Db } from "./client";
import type { RunSql } from "./engine";
import type { TableName } from "./sql";
import type { SqlTx } from "./writer";

/**
 * The one way a write goes into the database (docs/architecture.md, "Concurrency"): one
 * transaction on a connection of our own (lib/db/writer.ts), that
 * - is refused once the process's write gate is shut (the drain's last resort, server/drain.mjs),
 *   and rolls back when the gate shut while it ran, so past the drain's deadline a write is either
 *   answered or not in the database;
 * - on SQLite, takes the database's write lock as it begins (`BEGIN IMMEDIATE`), waiting for it
 *   without blocking the event loop for LOCK_WAIT_MS from the call, so it never fails half-way on
 *   a lock another writer holds;
 * - locks rows with `lock`: PostgreSQL's row lock; nothing on SQLite, whose write lock already
 *   excludes every other writer.
 * Its statements are ours (lib/db/write-sql.ts), never a model's call. Bookkeeping written outside
 * it (an API key's last use, idempotency records) is not held by the gate.
 */
export type Tx = SqlTx;

export interface Write {
  tx: Tx;
  /** Locks row `id` of `table` until the transaction ends. */
  lock(table: TableName, id: string): Promise<void>;
  /** Runs the engine's statements inside the transaction, so they see its writes. */
  run: RunSql;
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

export async function transaction<R>(work: (write: Write) => Promise<R>, db: Db = getDb()): Promise<R> {
  const { dialect } = engineOf(db);
  const gate = gateOf(db);
  if (gate.shut) throw new WritesShutError();
  await readyOf(db);
  const lock = (tx: Tx) => async (table: TableName, id: string) => {
    const statement = dialect.lockRowSql(table);
    if (statement) await tx.$executeRawUnsafe(statement, id);
  };
  const run = (tx: Tx): RunSql => <T>(sql: { text: string; values: unknown[] }) => tx.$queryRawUnsafe<T[]>(sql.text, ...sql.values);
  const inside = (tx: Tx) => work({ tx, lock: lock(tx), run: run(tx) });
  const stillOpen = () => {
    if (gate.shut) throw new WritesShutError();
  };
  return withLockWait(() => writerOf(db).transaction(inside, stillOpen));
}
