import "server-only";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as SqliteClient } from "../generated/sqlite/client";
import { PrismaClient as PostgresClient } from "../generated/postgres/client";
import { CONNECT_WAIT_MS, LOCK_WAIT_MS, SQLITE_BUSY_TIMEOUT_MS } from "./busy";
import { dialectOf } from "./dialect";
import pg from "pg";
import { postgresConnection, sqliteConnection, type EngineConnection } from "./connection";
import { waitForWriteLock, withLostTransactionsReleased, withWriteGate, type WriteGate } from "./driver";
import { ListCache, type Engine, type RunSql } from "./page";
import { databaseKind, databaseUrl, sqliteFilePath, type DatabaseKind } from "./url";

/**
 * The two generated clients share one data model (prisma/models.prisma), so their model APIs are
 * identical; the SQLite client's type stands for both.
 */
export type Db = SqliteClient;

interface ClientState {
  kind: DatabaseKind;
  /** The engine's own connection (lib/db/connection.ts). */
  connection: EngineConnection;
  engine?: Engine;
}

// Per client, on globalThis like the client itself: Next.js bundles this module once per layer
// (route handlers, server components), and every copy must find the state of the one client.
const globalForClients = globalThis as unknown as { __deskClients?: WeakMap<object, ClientState> };
const clients = (globalForClients.__deskClients ??= new WeakMap());

/**
 * Prisma's own limits on an interactive transaction, made room for the lock wait (lib/db/busy.ts),
 * so that a busy database, not Prisma's timer, ends a waiting write: maxWait covers starting it
 * (SQLite: taking the write lock), timeout one statement's wait for a lock (PostgreSQL) and the work.
 */
const TRANSACTION_OPTIONS = { maxWait: LOCK_WAIT_MS + 2_000, timeout: LOCK_WAIT_MS + 5_000 };

// One per process, on globalThis, where server/main.mjs shuts it at its drain's deadline.
const globalForGate = globalThis as unknown as { __deskWriteGate?: WriteGate };
const processWriteGate = (globalForGate.__deskWriteGate ??= { shut: false });

export function createDb(url: string = databaseUrl(), gate: WriteGate = processWriteGate): Db {
  if (databaseKind(url) === "sqlite") {
    // Timestamps as epoch milliseconds: compact, and compared as integers by the indexes.
    const adapter = new PrismaBetterSQLite3({ url: sqliteFilePath(url), timeout: SQLITE_BUSY_TIMEOUT_MS }, { timestampFormat: "unixepoch-ms" });
    const db = new SqliteClient({ adapter: withWriteGate(waitForWriteLock(adapter), gate), transactionOptions: TRANSACTION_OPTIONS });
    clients.set(db, { kind: "sqlite", connection: sqliteConnection(sqliteFilePath(url)) });
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
  const adapter = withWriteGate(withLostTransactionsReleased(new PrismaPg(pool, { disposeExternalPool: true })), gate);
  const db = new PostgresClient({ adapter, transactionOptions: TRANSACTION_OPTIONS }) as unknown as Db;
  clients.set(db, { kind: "postgres", connection: postgresConnection(pool) });
  return db;
}

function stateOf(db: Db): ClientState {
  const state = clients.get(db);
  if (!state) throw new Error("the database engine needs a client made by createDb");
  return state;
}

/**
 * Runs our own statements inside a Prisma transaction, so they see its writes (the engine's
 * `run` is on another connection on PostgreSQL).
 */
export function transactionRunner(tx: Pick<Db, "$queryRawUnsafe">): RunSql {
  return <R>(sql: { text: string; values: unknown[] }) => tx.$queryRawUnsafe<R[]>(sql.text, ...sql.values);
}

/** Prisma's error for an insert that a unique index refused (P2002), on both databases' adapters. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}

/** The page engine (lib/db/page.ts) over a client: its dialect, its connection, its list cache. */
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
  globalForDb.__deskDb ??= createDb();
  return globalForDb.__deskDb;
}

/** The engine of the process's client. */
export function getEngine(): Engine {
  return engineOf(getDb());
}
