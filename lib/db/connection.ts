import Database from "better-sqlite3";
import pg from "pg";
import { createCache } from "../cache/registry";
import type { RunRows, RunSql } from "./engine";
import type { Sql } from "./sql";

/**
 * The page engine's connection: our own statements (built with Kysely, lib/db/sql.ts) run on a
 * connection opened through the drivers' public APIs, beside Prisma's, without Prisma's query
 * compiler, which adds nothing to a statement whose text, values and columns we know
 * (docs/performance-decisions.md, "Statements on their own connection"). The benchmark's floor
 * (bench/floor.ts) runs the same connection without the app.
 *
 * Values come back as the drivers give them: text, numbers (SQLite integers too), and on
 * PostgreSQL 64-bit integers, numerics, dates and JSON as their text.
 */
export interface EngineConnection {
  /** Each row as an object by column name. */
  run: RunSql;
  /** Each row as its array of values: what an export streams. */
  rows: RunRows;
}

/**
 * SQLite: a better-sqlite3 connection of its own on the file (WAL: it reads beside Prisma's
 * writer without waiting), opened at the first statement. Preparing one of our page statements
 * costs about as much as running it, so statements are kept by text (docs/performance.md,
 * "Statement caching").
 */
export function sqliteConnection(file: string): EngineConnection & { close(): void } {
  let db: Database.Database | undefined;
  let statements = createCache<string, Database.Statement>("driver.sqliteStatements");
  const prepare = (text: string) => {
    let statement = statements.get(text);
    if (!statement) statements.set(text, (statement = (db ??= new Database(file)).prepare(text)));
    return statement;
  };
  return {
    run: async <R>(sql: Sql) => prepare(sql.text).raw(false).all(...sql.values) as R[],
    rows: async (sql: Sql) => prepare(sql.text).raw(true).all(...sql.values) as unknown[][],
    close: () => {
      db?.close();
      db = undefined;
      statements = createCache("driver.sqliteStatements");
    },
  };
}

/**
 * PostgreSQL's text for the types whose JavaScript form would lose something or differ from
 * SQLite's (numerics, dates, JSON), as pg gives it; the rest as pg parses it.
 */
const TEXT_TYPES = new Set([pg.types.builtins.NUMERIC, pg.types.builtins.DATE, pg.types.builtins.TIMESTAMP, pg.types.builtins.TIMESTAMPTZ, pg.types.builtins.JSON, pg.types.builtins.JSONB]);
const TYPES = {
  getTypeParser: (oid: number, format?: "text" | "binary") => (TEXT_TYPES.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format as "text")),
} as pg.CustomTypesConfig;

/**
 * PostgreSQL: statements on the pool Prisma's adapter shares and ends (lib/db/client.ts). Given a `name`,
 * pg prepares a statement once per connection and then sends only the name and the values
 * (docs/performance-decisions.md, "Statement caching"); planning stays per call. Only the first
 * `limit` distinct texts get a name (statementNames).
 */
export function postgresConnection(pool: pg.Pool, limit = 200): EngineConnection {
  const nameOf = statementNames("desk_", limit);
  const config = (sql: Sql) => ({ text: sql.text, values: sql.values, name: nameOf(sql.text), types: TYPES });
  return {
    run: async <R>(sql: Sql) => (await pool.query(config(sql))).rows as R[],
    rows: async (sql: Sql) => (await pool.query({ ...config(sql), rowMode: "array" as const })).rows,
  };
}

/**
 * Names for pg's prepared statements by text, `prefix` and a number (prefixes keep two namers'
 * apart on one connection): a prepared statement lives as long as its connection, so only the
 * first `limit` distinct texts get a name (the hot ones come first); the rest go unnamed.
 */
export function statementNames(prefix: string, limit: number): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < limit) names.set(text, (name = `${prefix}${names.size + 1}`));
    return name;
  };
}

/**
 * Gives a connection that died while checked out (a PostgreSQL restart) back to the pool as
 * broken: Prisma's adapter skips giving a transaction's connection back when its COMMIT or
 * ROLLBACK fails, as it does on a dead connection, and once every slot was lost so, no request
 * ever got a connection again. Through the pool's and the client's public events; the check
 * waits a turn of the event loop, so a connection its holder gives back on the error is left alone.
 */
export function releaseLostConnections(pool: pg.Pool): void {
  const out = new Set<pg.PoolClient>();
  pool.on("acquire", (client) => out.add(client));
  pool.on("release", (_error, client) => out.delete(client));
  pool.on("connect", (client) => {
    client.on("end", () =>
      setImmediate(() => {
        if (out.has(client as pg.PoolClient)) (client as pg.PoolClient).release(true);
      }),
    );
  });
}
