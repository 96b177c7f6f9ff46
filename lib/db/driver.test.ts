import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { DriverAdapterError } from "@prisma/driver-adapter-utils";
import { createDb, sqlRunner } from "./client";
import { cacheStatements, connectionRunner, nameStatements, sqliteRowsRunner, trackConnection, withNamedStatements, withStatementCache } from "./driver";

/** The adapter's call sequence, `prepare(sql).bind(args)` then `raw().all()` or `run()`, on a cached statement. */
describe("cacheStatements", () => {
  function database() {
    const db = new Database(":memory:");
    db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)");
    let prepared = 0;
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => {
      prepared += 1;
      return prepare(sql);
    }) as typeof db.prepare;
    cacheStatements(db as unknown as Parameters<typeof cacheStatements>[0]);
    return { db, prepared: () => prepared };
  }

  it("prepares a statement once and binds each call's own parameters", () => {
    const { db, prepared } = database();
    const insert = (id: number, name: string) => db.prepare("INSERT INTO t VALUES (?, ?)").bind([id, name]).run();
    insert(1, "one");
    insert(2, "two");
    const select = (id: number) => db.prepare("SELECT id, name FROM t WHERE id = ?").bind([id]);
    expect(select(1).raw().all()).toEqual([[1, "one"]]);
    expect(select(2).all()).toEqual([{ id: 2, name: "two" }]);
    expect(select(2).reader).toBe(true);
    expect(prepared()).toBe(2);
  });

  it("leaves invalid SQL to fail as before, and caches nothing for it", () => {
    const { db, prepared } = database();
    expect(() => db.prepare("SELEC nonsense")).toThrow();
    expect(() => db.prepare("SELEC nonsense")).toThrow();
    expect(prepared()).toBe(2);
  });
});

/** Named statements on a real PostgreSQL pool (the suite's PostgreSQL run sets TEST_DATABASE_URL). */
describe.skipIf(!process.env.TEST_DATABASE_URL)("nameStatements (PostgreSQL)", () => {
  type Parsed = { connection: { parsedStatements: Record<string, string> } };

  it("prepares each text once per connection, keeps values per call, and names no more than its limit", async () => {
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
    try {
      nameStatements(pool, 2);
      const plus = (n: number) => pool.query({ text: "SELECT $1::int + 1 AS n", values: [n] });
      expect((await plus(1)).rows).toEqual([{ n: 2 }]);
      expect((await plus(41)).rows).toEqual([{ n: 42 }]);
      await pool.query({ text: "SELECT 2 AS two" });
      await pool.query({ text: "SELECT 3 AS three" }); // past the limit: unnamed
      expect((await pool.query("SELECT 4 AS four")).rows).toEqual([{ four: 4 }]); // plain text query: untouched
      const client = (await pool.connect()) as unknown as Parsed & { release(): void };
      const prepared = Object.values(client.connection.parsedStatements);
      client.release();
      expect(prepared.sort()).toEqual(["SELECT $1::int + 1 AS n", "SELECT 2 AS two"]);
    } finally {
      await pool.end();
    }
  });
});

/**
 * The Prisma adapter internals the hooks rely on (lib/db/driver.ts), pinned on the real adapters:
 * a Prisma upgrade that moves them fails here, not silently in production.
 */
describe("the driver adapters still look as the hooks expect", () => {
  it("SQLite: the adapter exposes its better-sqlite3 client, whose prepare is then cached, and answers queryRaw", async () => {
    const { factory, connection } = trackConnection(withStatementCache(new PrismaBetterSQLite3({ url: ":memory:" })));
    const adapter = (await factory.connect()) as unknown as { client: { prepare(sql: string): unknown } };
    expect(await connection.current).toBe(adapter);
    expect(adapter.client.prepare("SELECT 1")).not.toBe(adapter.client.prepare("SELECT 1")); // a fresh per-call view
    const run = connectionRunner(connection, async () => {});
    expect(await run<{ n: unknown }>({ text: "SELECT ? + 1 AS n", values: [41] })).toEqual([{ n: 42 }]);
  });

  it("SQLite: sqliteRowsRunner reads rows as arrays from the client, and a failing statement fails as the adapter's error", async () => {
    const { factory, connection } = trackConnection(withStatementCache(new PrismaBetterSQLite3({ url: ":memory:" })));
    await factory.connect();
    const rows = sqliteRowsRunner(connection, async () => {});
    expect(await rows({ text: "SELECT ? || 'b', 2 AS n UNION ALL SELECT 'c', 3", values: ["a"] })).toEqual([
      ["ab", 2n],
      ["c", 3n],
    ]);
    const failure = await rows({ text: "SELECT * FROM no_such_table", values: [] }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DriverAdapterError);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)("PostgreSQL: the adapter exposes its pg pool, whose queries are then named, and answers queryRaw", async () => {
    const { factory, connection } = trackConnection(withNamedStatements(new PrismaPg({ connectionString: process.env.TEST_DATABASE_URL, max: 1 })));
    const adapter = (await factory.connect()) as unknown as { underlyingDriver(): pg.Pool; dispose(): Promise<void> };
    try {
      const run = connectionRunner(connection, async () => {});
      expect(await run<{ n: unknown }>({ text: "SELECT $1::int + 1 AS n", values: [41] })).toEqual([{ n: 42 }]);
      const client = (await adapter.underlyingDriver().connect()) as unknown as { connection: { parsedStatements: Record<string, string> }; release(): void };
      const prepared = Object.values(client.connection.parsedStatements);
      client.release();
      expect(prepared).toContain("SELECT $1::int + 1 AS n");
    } finally {
      await adapter.dispose();
    }
  });

  it("fails loudly when an adapter no longer exposes what the hooks need", async () => {
    const bare = () => ({ connect: async () => ({}) });
    await expect(withStatementCache(bare()).connect()).rejects.toThrow(/revisit lib\/db\/driver.ts/);
    await expect(withNamedStatements(bare()).connect()).rejects.toThrow(/revisit lib\/db\/driver.ts/);
  });
});

describe("the SQLite connection", () => {
  it("writes ahead (WAL) and syncs every commit to disk (synchronous=FULL), on a file already in WAL mode too", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "desk-sync-"));
    const url = `file:${path.join(dir, "sync.db")}`;
    const pragmas = async () => {
      const db = createDb(url);
      try {
        const run = sqlRunner(db);
        return [...(await run({ text: "PRAGMA journal_mode", values: [] })), ...(await run({ text: "PRAGMA synchronous", values: [] }))];
      } finally {
        await db.$disconnect();
      }
    };
    try {
      // 2 is FULL (0 OFF, 1 NORMAL: SQLite's default on opening a WAL file); integers come as text.
      const expected = [{ journal_mode: "wal" }, { synchronous: "2" }];
      expect(await pragmas()).toEqual(expected);
      expect(await pragmas()).toEqual(expected);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
