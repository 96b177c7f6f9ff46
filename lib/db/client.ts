import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as SqliteClient } from "../generated/sqlite/client";
import { PrismaClient as PostgresClient } from "../generated/postgres/client";
import { withStatementCache } from "./statement-cache";
import { databaseKind, databaseUrl, sqliteFilePath, type DatabaseKind } from "./url";

/**
 * The two generated clients share one data model (prisma/models.prisma), so their model APIs are
 * identical; the SQLite client's type stands for both.
 */
export type Db = SqliteClient;

export function createDb(url: string = databaseUrl()): Db {
  if (databaseKind(url) === "sqlite") {
    // Timestamps as epoch milliseconds: compact, and compared as integers by the indexes.
    const adapter = withStatementCache(new PrismaBetterSQLite3({ url: sqliteFilePath(url) }, { timestampFormat: "unixepoch-ms" }));
    return new SqliteClient({ adapter });
  }
  const adapter = new PrismaPg({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  return new PostgresClient({ adapter }) as unknown as Db;
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
