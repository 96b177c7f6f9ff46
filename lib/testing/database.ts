import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDb, type Db } from "../db/client";
import type { DatabaseKind } from "../db/url";
import { apiKeyRows, companyRows, indicationRows, teamRows, tradeRows, userRows } from "./fixtures/stored";

/**
 * Throwaway test databases: one per test run, migrated with the committed migration files (not
 * the Prisma CLI: `prisma migrate deploy` has its own test) and filled with the fixture through
 * the real Prisma client.
 */

// better-sqlite3 ships no types and @types/better-sqlite3 is not installed; this is all we use.
interface SqliteHandle {
  exec(sql: string): void;
  pragma(source: string): unknown;
  close(): void;
}
const requireCjs = createRequire(import.meta.url);

export interface TestDatabase {
  kind: DatabaseKind;
  url: string;
  /** Drops the database (PostgreSQL) or deletes the file and its journals (SQLite). */
  drop(): Promise<void>;
}

const MIGRATIONS_ROOT = path.join(process.cwd(), "prisma");

/** The committed migration scripts of one database kind, in the order Prisma applies them. */
function migrationScripts(kind: DatabaseKind): string[] {
  const dir = path.join(MIGRATIONS_ROOT, kind, "migrations");
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(dir, e.name, "migration.sql")))
    .map((e) => e.name)
    .sort()
    .map((name) => readFileSync(path.join(dir, name, "migration.sql"), "utf8"));
}

function uniqueName(): string {
  return `desk_test_${Date.now()}_${process.pid}_${randomBytes(4).toString("hex")}`;
}

/** Quotes a PostgreSQL identifier (our names are [a-z0-9_] anyway). */
function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** Runs `work` on a connection of its own to `url`, ended after it. */
async function withClient(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

async function createPostgres(serverUrl: string): Promise<TestDatabase> {
  const name = uniqueName();
  await withClient(serverUrl, (admin) => admin.query(`CREATE DATABASE ${ident(name)}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dbUrl = url.toString();
  // One simple-protocol query per script: PostgreSQL runs the statements in order.
  await withClient(dbUrl, async (client) => {
    for (const sql of migrationScripts("postgres")) await client.query(sql);
  });
  return {
    kind: "postgres",
    url: dbUrl,
    async drop() {
      // WITH (FORCE) (PostgreSQL 13+) ends connections a crashed worker may have left open.
      await withClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${ident(name)} WITH (FORCE)`));
    },
  };
}

function createSqlite(): TestDatabase {
  const file = path.join(os.tmpdir(), `${uniqueName()}.db`);
  const Database = requireCjs("better-sqlite3") as new (filename: string) => SqliteHandle;
  const db = new Database(file);
  try {
    // WAL lets the test workers (separate processes) read while one records a key's last use.
    db.pragma("journal_mode = WAL");
    for (const sql of migrationScripts("sqlite")) db.exec(sql);
  } finally {
    db.close();
  }
  return {
    kind: "sqlite",
    url: `file:${file}`,
    async drop() {
      for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${file}${suffix}`, { force: true });
    },
  };
}

/**
 * A fresh, migrated, empty database: PostgreSQL on the server of `testDatabaseUrl` when it is a
 * postgres(ql):// URL, otherwise a SQLite file in the OS temp directory.
 */
export async function createTestDatabase(testDatabaseUrl: string | undefined = process.env.TEST_DATABASE_URL): Promise<TestDatabase> {
  const server = testDatabaseUrl?.trim();
  if (server && /^postgres(ql)?:\/\//.test(server)) return createPostgres(server);
  if (server) throw new Error(`TEST_DATABASE_URL must be a postgresql:// URL (got "${server.split(":")[0]}:")`);
  return createSqlite();
}

/** Creates, migrates and fills a database (the whole fixture, with the real Prisma client); returns it with a client already connected. */
export async function createFixtureDatabase(testDatabaseUrl?: string): Promise<TestDatabase & { db: Db }> {
  const database = await createTestDatabase(testDatabaseUrl);
  const db = createDb(database.url);
  try {
    await db.team.createMany({ data: teamRows() });
    await db.user.createMany({ data: userRows() });
    await db.apiKey.createMany({ data: apiKeyRows() });
    await db.company.createMany({ data: companyRows() });
    await db.indication.createMany({ data: indicationRows() });
    await db.trade.createMany({ data: tradeRows() });
  } catch (error) {
    await db.$disconnect().catch(() => undefined);
    await database.drop().catch(() => undefined);
    throw error;
  }
  return { ...database, db };
}
