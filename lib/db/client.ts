import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as SqliteClient } from "../generated/sqlite/client";
import { PrismaClient as PostgresClient } from "../generated/postgres/client";
import type { RunSql, Sql } from "./list-sql";
import { withNamedStatements, withStatementCache } from "./statement-cache";
import { databaseKind, databaseUrl, sqliteFilePath, type DatabaseKind } from "./url";

/**
 * The two generated clients share one data model (prisma/models.prisma), so their model APIs are
 * identical; the SQLite client's type stands for both.
 */
export type Db = SqliteClient;

/** What the hot statements need of the client's connected driver adapter (Prisma's SqlQueryable). */
interface Connection {
  queryRaw(query: { sql: string; args: unknown[]; argTypes: { scalarType: "unknown"; arity: "scalar" }[] }): Promise<{
    columnNames: string[];
    rows: unknown[][];
  }>;
}

interface AdapterFactory {
  connect(): Promise<unknown>;
}

// The connection each client's adapter factory last opened: the client's own connection (SQLite)
// or pool (PostgreSQL), shared with every other query of that client. On globalThis, like the
// client itself: Next.js bundles this module once per layer (route handlers, server components),
// and every copy must find the connection of the one shared client.
const globalForConnections = globalThis as unknown as { __deskConnections?: WeakMap<object, { current?: Promise<Connection> }> };
const connections = (globalForConnections.__deskConnections ??= new WeakMap());

function tracked<F extends AdapterFactory>(factory: F): { factory: F; connection: { current?: Promise<Connection> } } {
  const connection: { current?: Promise<Connection> } = {};
  const connect = factory.connect.bind(factory);
  factory.connect = () => {
    const opened = connect();
    connection.current = opened as Promise<Connection>;
    return opened;
  };
  return { factory, connection };
}

export function createDb(url: string = databaseUrl()): Db {
  if (databaseKind(url) === "sqlite") {
    // Timestamps as epoch milliseconds: compact, and compared as integers by the indexes.
    const { factory, connection } = tracked(withStatementCache(new PrismaBetterSQLite3({ url: sqliteFilePath(url) }, { timestampFormat: "unixepoch-ms" })));
    const db = new SqliteClient({ adapter: factory });
    connections.set(db, connection);
    return db;
  }
  const { factory, connection } = tracked(withNamedStatements(new PrismaPg({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) })));
  const db = new PostgresClient({ adapter: factory }) as unknown as Db;
  connections.set(db, connection);
  return db;
}

/**
 * Runs our hand-written statements (lib/db/list-sql.ts) on the client's own driver adapter.
 * `$queryRawUnsafe` would send them through the client's query compiler and interpreter, which
 * cost ~120 µs per call before the statement runs and add nothing to a statement whose SQL,
 * parameters and result columns we already know (docs/performance.md). The adapter is the same
 * connection (pool) the client uses, with its error mapping and, on SQLite, the statement cache.
 * Values come back as the adapter maps them: text, numbers, and 64-bit integers as strings.
 */
export function sqlRunner(db: Db): RunSql {
  const connection = connections.get(db);
  if (!connection) throw new Error("sqlRunner needs a client made by createDb");
  return async <R>(sql: Sql): Promise<R[]> => {
    if (!connection.current) await db.$connect();
    const adapter = await connection.current!;
    const result = await adapter.queryRaw({
      sql: sql.text,
      args: sql.values,
      argTypes: sql.values.map(() => ({ scalarType: "unknown", arity: "scalar" }) as const),
    });
    const { columnNames } = result;
    return result.rows.map((values) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < columnNames.length; i++) row[columnNames[i]] = values[i];
      return row as R;
    });
  };
}

// One client per process; `next dev` reloads modules, so keep it on globalThis.
const globalForDb = globalThis as unknown as { __deskDb?: Db; __deskDbKind?: DatabaseKind };

export function getDb(): Db {
  globalForDb.__deskDb ??= createDb();
  return globalForDb.__deskDb;
}

export function getDbKind(): DatabaseKind {
  globalForDb.__deskDbKind ??= databaseKind();
  return globalForDb.__deskDbKind;
}
