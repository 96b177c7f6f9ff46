import "server-only";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as SqliteClient } from "../generated/sqlite/client";
import { PrismaClient as PostgresClient } from "../generated/postgres/client";
import pg from "pg";
import { database, databaseClients, writeGate, type WriteGate } from "desk-process-state";
import { CONNECT_WAIT_MS, LOCK_WAIT_MS, SQLITE_BUSY_TIMEOUT_MS, retryWhileBusy } from "./busy";
import { postgresConnection, releaseLostConnections, sqliteConnection, type EngineConnection } from "./connection";
import { dialectOf } from "./dialect";
import { ListCache, type Engine } from "./engine";
import { PgWriter } from "./pg-writer";
import { SqliteWriter } from "./sqlite-writer";
import { databaseKind, databaseUrl, sqliteFilePath, type DatabaseKind } from "./url";

/**
 * The two generated clients share one data model (prisma/models/), so their model APIs are
 * identical; the SQLite client's type stands for both.
 */
export type Db = SqliteClient;

/**
 * The drain's last resort (server/drain.mjs; docs/deployment.md, "Rolling restarts"): once shut, no
 * write transaction starts or commits (lib/db/transaction.ts). The process's own is
 * server/process-state's `writeGate`, which the drain shuts.
 */
export type { WriteGate };

interface ClientState {
  kind: DatabaseKind;
  /** The engine's own connection (lib/db/connection.ts). */
  connection: EngineConnection;
  gate: WriteGate;
  /** Resolves once the connection is set up for writing (SQLite's pragmas). */
  ready: () => Promise<unknown>;
  /** What write transactions run on (lib/db/writer.ts). */
  writer: SqliteWriter | PgWriter;
  engine?: Engine;
}

// Per client, in server/process-state: Next.js bundles this module once per layer (route handlers,
// server components), and every copy must find the state of the one client. Only this module uses it.
const clients = databaseClients as WeakMap<object, ClientState>;

/**
 * Prisma's own limits on an interactive transaction, made room for the lock wait (lib/db/busy.ts),
 * so that a busy database, not Prisma's timer, ends a waiting write: maxWait covers starting it
 * (SQLite: taking the write lock), timeout one statement's wait for a lock (PostgreSQL) and the work.
 */
const TRANSACTION_OPTIONS = { maxWait: LOCK_WAIT_MS + 2_000, timeout: LOCK_WAIT_MS + 5_000 };

export function createDb(url: string = databaseUrl(), gate: WriteGate = writeGate): Db {
  if (databaseKind(url) === "sqlite") {
    const file = sqliteFilePath(url);
    // Timestamps as epoch milliseconds: compact, and compared as integers by the indexes.
    const base = new SqliteClient({ adapter: new PrismaBetterSQLite3({ url: file, timeout: SQLITE_BUSY_TIMEOUT_MS }, { timestampFormat: "unixepoch-ms" }), transactionOptions: TRANSACTION_OPTIONS });
    let pragmas: Promise<void> | undefined;
    const ready = () => (pragmas ??= sqlitePragmas(base));
    const db = waitingForWriteLock(base, ready);
    clients.set(db, { kind: "sqlite", connection: sqliteConnection(file), gate, ready, writer: new SqliteWriter(file) });
    return db;
  }
  // lock_timeout: a statement waiting for a row or table lock longer than that fails (55P03).
  // connectionTimeoutMillis: pg waits forever for a connection by default (lib/db/busy.ts).
  // One pool for Prisma's queries and the engine's: disposeExternalPool ends it with $disconnect.
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    lock_timeout: LOCK_WAIT_MS,
    connectionTimeoutMillis: CONNECT_WAIT_MS,
  });
  // An idle connection the server closed (a restart, a dropped database): the pool drops it and the
  // next query opens another, so it is no error of ours; unheard, it would end the process.
  pool.on("error", () => {});
  releaseLostConnections(pool);
  const db = new PostgresClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }), transactionOptions: TRANSACTION_OPTIONS }) as unknown as Db;
  clients.set(db, { kind: "postgres", connection: postgresConnection(pool), gate, ready: async () => {}, writer: new PgWriter(pool) });
  return db;
}

/**
 * WAL (readers and the writer never wait for each other) is kept in the file; setting it on every
 * open is a no-op once set and covers any file the app is pointed at. synchronous=FULL: a 201 means
 * on disk, where a file opened in WAL mode gets NORMAL, which may lose the last commits to a power
 * cut (docs/performance.md, "Writes").
 */
async function sqlitePragmas(db: SqliteClient): Promise<void> {
  const [{ journal_mode: mode }] = await db.$queryRawUnsafe<{ journal_mode: string }[]>("PRAGMA journal_mode = WAL");
  if (mode !== "wal") throw new Error(`SQLite refused WAL mode (journal_mode is ${mode})`);
  await db.$executeRawUnsafe("PRAGMA synchronous = FULL");
}

/**
 * Every SQLite statement, in a transaction or not, waits for the write lock for up to LOCK_WAIT_MS
 * without blocking the event loop (SQLite's busy_timeout would: better-sqlite3 is synchronous), by
 * retrying it on timers while busy: a statement that found the lock taken did nothing, so a retry
 * is safe (docs/architecture.md, "Concurrency"). A Prisma client extension, its public hook.
 */
function waitingForWriteLock(base: SqliteClient, ready: () => Promise<unknown>): Db {
  return base.$extends({
    query: {
      async $allOperations({ args, query }) {
        await ready();
        return retryWhileBusy(() => query(args));
      },
    },
  }) as unknown as Db;
}

/** The write gate a client's transactions honour. */
export function gateOf(db: Db): WriteGate {
  return stateOf(db).gate;
}

/** What the client's write transactions run on: a connection of our own (lib/db/writer.ts). */
export function writerOf(db: Db): SqliteWriter | PgWriter {
  return stateOf(db).writer;
}

/** Resolves once the client's connection is set up for writing: before a transaction starts. */
export function readyOf(db: Db): Promise<unknown> {
  return stateOf(db).ready();
}

function stateOf(db: Db): ClientState {
  const state = clients.get(db);
  if (!state) throw new Error("the database engine needs a client made by createDb");
  return state;
}

/** Prisma's error for an insert that a unique index refused (P2002), on both databases' adapters. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

/** The page engine (lib/db/engine.ts) over a client: its dialect, its connection, its list cache. */
export function engineOf(db: Db): Engine {
  const state = stateOf(db);
  state.engine ??= {
    dialect: dialectOf(state.kind),
    run: state.connection.run,
    rows: state.connection.rows,
    cache: new ListCache(),
  };
  return state.engine;
}

// One client per process; `next dev` reloads modules, so keep it on globalThis.
const globalForDb = globalThis as unknown as { __deskDb?: Db };

export function getDb(): Db {
  if (!globalForDb.__deskDb) {
    globalForDb.__deskDb = createDb();
    // server/main.mjs closes it at shutdown (its pool or file handle).
    database.client = globalForDb.__deskDb;
  }
  return globalForDb.__deskDb;
}

/** The engine of the process's client. */
export function getEngine(): Engine {
  return engineOf(getDb());
}
