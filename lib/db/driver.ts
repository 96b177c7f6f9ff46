/**
 * Our hooks into Prisma's driver adapters, all in one place: every assumption about the internals
 * of @prisma/adapter-better-sqlite3 and @prisma/adapter-pg (6.19) is stated here and pinned by
 * driver.test.ts (the write gate by write-gate.test.ts, busy waits by busy.test.ts), and each hook
 * fails loudly if an upgrade changed the shape it relies on.
 *
 * - Statement reuse: the SQLite adapter prepares every statement anew, the PostgreSQL adapter
 *   sends every statement unnamed (parsed on every call); see cacheStatements and nameStatements.
 * - The connection: our own statements (built with Kysely) run on the client's own adapter connection (pool),
 *   beside Prisma's queries, without Prisma's query compiler (sqlRunner).
 */
import { createCache } from "../cache/registry";
import { LOCK_WAIT_MS, retryWhileBusy } from "./busy";
import type { RunRows, RunSql } from "./page";
import type { Sql } from "./sql";

/**
 * better-sqlite3 through the adapter: `client.prepare(sql)`, `.bind(args)`, then `.reader`,
 * `.columns()`, `.raw().all()` or `.run()`. Preparing one of our page statements costs about as
 * much as running it (docs/performance.md, "Statement caching"). A better-sqlite3 statement is
 * reusable, but `bind()` may be called only once per statement object, so the adapter gets a
 * per-call view over a cached statement that keeps the call's parameters and raw mode and passes
 * them on each call.
 */
interface Statement {
  readonly reader: boolean;
  columns(): unknown[];
  raw(toggle?: boolean): Statement;
  all(...params: unknown[]): unknown[];
  get(...params: unknown[]): unknown;
  run(...params: unknown[]): unknown;
}

interface Database {
  prepare(sql: string): Statement;
}

/** One use of a cached statement: what `bind()` and `raw()` would have fixed on a fresh one. */
class StatementCall {
  #params: unknown[] = [];
  #raw = false;
  constructor(private readonly statement: Statement) {}

  get reader(): boolean {
    return this.statement.reader;
  }
  bind(...params: unknown[]): this {
    this.#params = params;
    return this;
  }
  raw(toggle = true): this {
    this.#raw = toggle;
    return this;
  }
  columns(): unknown[] {
    return this.statement.columns();
  }
  all(): unknown[] {
    return this.statement.raw(this.#raw).all(...this.#params);
  }
  get(): unknown {
    return this.statement.raw(this.#raw).get(...this.#params);
  }
  run(): unknown {
    return this.statement.run(...this.#params);
  }
}

/** Makes `db.prepare` reuse statements by SQL text (least recently used evicted past `capacity`). */
export function cacheStatements(db: Database): void {
  const prepare = db.prepare.bind(db);
  const statements = createCache<string, Statement>("driver.sqliteStatements");
  db.prepare = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = prepare(sql)));
    return new StatementCall(statement) as unknown as Statement;
  };
}

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
 * Wraps the adapter factory so every connection it opens reuses statements. Fails loudly if a
 * Prisma upgrade changed the adapter's shape, rather than silently losing the cache.
 */
export function withStatementCache<F extends { connect(): Promise<unknown> }>(factory: F): F {
  return onConnect(factory, (adapter) => {
    const client = (adapter as { client?: Partial<Database> }).client;
    if (typeof client?.prepare !== "function") {
      throw new Error("@prisma/adapter-better-sqlite3 no longer exposes its client; revisit lib/db/driver.ts");
    }
    cacheStatements(client as Database);
  });
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
 * pg through the adapter: `pool.query({text, values, ...})`. Given a `name`, pg prepares the
 * statement once per connection and then sends only the name and the values (docs/performance.md,
 * "Statement caching"); planning stays per call, with the call's values. A prepared statement lives
 * as long as its connection, so only the first `limit` distinct texts get a name (our hot
 * statements come first); queries on a transaction's connection bypass the pool and stay unnamed.
 */
interface PgPool {
  query(config: unknown, ...rest: unknown[]): unknown;
}

export function nameStatements(pool: PgPool, limit = 200): void {
  const query = pool.query.bind(pool);
  const names = new Map<string, string>();
  pool.query = (config: unknown, ...rest: unknown[]) => {
    const statement = config as { text?: unknown; name?: unknown } | null;
    if (statement && typeof statement === "object" && typeof statement.text === "string" && statement.name === undefined) {
      let name = names.get(statement.text);
      if (name === undefined && names.size < limit) names.set(statement.text, (name = `desk_${names.size + 1}`));
      if (name !== undefined) return query({ ...statement, name }, ...rest);
    }
    return query(config, ...rest);
  };
}

/** Wraps the pg adapter factory so its pool names statements; fails loudly if the adapter changed shape. */
export function withNamedStatements<F extends { connect(): Promise<unknown> }>(factory: F): F {
  return onConnect(factory, (adapter) => {
    const pool = (adapter as { underlyingDriver?: () => Partial<PgPool> }).underlyingDriver?.();
    if (typeof pool?.query !== "function") {
      throw new Error("@prisma/adapter-pg no longer exposes its pool; revisit lib/db/driver.ts");
    }
    nameStatements(pool as PgPool);
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

/** What our statements need of a connected adapter (Prisma's SqlQueryable). */
interface Connection {
  queryRaw(query: { sql: string; args: unknown[]; argTypes: { scalarType: "unknown"; arity: "scalar" }[] }): Promise<{
    columnNames: string[];
    rows: unknown[][];
  }>;
}

/** The connection an adapter factory opened last: the client's own connection (SQLite) or pool (PostgreSQL). */
export interface TrackedConnection {
  current?: Promise<Connection>;
  /** The same connection once open: statements then go to it without waiting on `current`. */
  open?: Connection;
}

/** Wraps an adapter factory so the connection it opens for the client can be found again. */
export function trackConnection<F extends { connect(): Promise<unknown> }>(factory: F): { factory: F; connection: TrackedConnection } {
  const connection: TrackedConnection = {};
  const connect = factory.connect.bind(factory);
  factory.connect = () => {
    const opened = connect();
    connection.current = opened as Promise<Connection>;
    connection.open = undefined;
    opened.then(
      (adapter) => {
        if (connection.current === opened) connection.open = adapter as Connection;
      },
      () => {},
    );
    return opened;
  };
  return { factory, connection };
}

/**
 * Runs our statements on the client's own adapter connection. `$queryRawUnsafe` would send them
 * through the client's query compiler and interpreter, which adds nothing to a statement whose
 * text, values and result columns we already know
 * (docs/performance.md, "Statements on the driver adapter"). Values come back as the adapter maps
 * them: text, numbers, and 64-bit integers as strings.
 */
export function connectionRunner(connection: TrackedConnection, connectClient: () => Promise<void>): RunSql {
  const rows = connectionRowsQuery(connection, connectClient);
  return async <R>(sql: Sql): Promise<R[]> => {
    const result = await rows(sql);
    const { columnNames } = result;
    return result.rows.map((values) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < columnNames.length; i++) row[columnNames[i]] = values[i];
      return row as R;
    });
  };
}

/** The adapter's answer to one statement: its column names and its rows as arrays of values. */
function connectionRowsQuery(connection: TrackedConnection, connectClient: () => Promise<void>) {
  const query = (adapter: Connection, sql: Sql) =>
    adapter.queryRaw({
      sql: sql.text,
      args: sql.values,
      argTypes: sql.values.map(() => ({ scalarType: "unknown", arity: "scalar" }) as const),
    });
  const opening = async () => {
    if (!connection.current) await connectClient();
    return connection.current!;
  };
  // Once open, the adapter's own promise, not one around it: every promise in a request costs
  // Next.js's async-context hooks (docs/performance.md, "Promises per request").
  return (sql: Sql) => (connection.open ? query(connection.open, sql) : opening().then((adapter) => query(adapter, sql)));
}

/** Runs our own statements on the connection like connectionRunner, each row as its array of values. */
export function connectionRowsRunner(connection: TrackedConnection, connectClient: () => Promise<void>): RunRows {
  const rows = connectionRowsQuery(connection, connectClient);
  return async (sql: Sql) => (await rows(sql)).rows as unknown[][];
}

/**
 * SQLite: the same rows straight from the adapter's better-sqlite3 client (`client.prepare`, our
 * cached statement, in raw mode), without the adapter's per-value mapping, which cost as much as
 * SQLite's reading of an export's row (docs/performance.md, "CSV exports"). Values come as
 * better-sqlite3 gives them with the adapter's `defaultSafeIntegers(true)`: text, and integers as
 * BigInt. Same connection, so the same snapshot rules as the adapter's own queries. A statement
 * that fails is run once more through the adapter, so its error is the adapter's
 * DriverAdapterError, answered as every other database error is.
 */
export function sqliteRowsRunner(connection: TrackedConnection, connectClient: () => Promise<void>): RunRows {
  const viaAdapter = connectionRowsRunner(connection, connectClient);
  return async (sql: Sql) => {
    if (!connection.current) await connectClient();
    const adapter = (await connection.current!) as unknown as { client?: Partial<Database> };
    const client = adapter.client;
    if (typeof client?.prepare !== "function") throw new Error("@prisma/adapter-better-sqlite3 no longer exposes its client; revisit lib/db/driver.ts");
    let rows: unknown[][];
    try {
      rows = (client.prepare(sql.text) as unknown as StatementCall).bind(...sql.values).raw(true).all() as unknown[][];
    } catch {
      return viaAdapter(sql);
    }
    return rows;
  };
}
