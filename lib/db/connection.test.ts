import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "./client";
import { postgresConnection, sqliteConnection } from "./connection";

const dir = mkdtempSync(path.join(os.tmpdir(), "desk-connection-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the engine's SQLite connection", () => {
  it("runs a kept statement with each call's own values, as objects or as arrays", async () => {
    const connection = sqliteConnection(path.join(dir, "kept.db"));
    try {
      const plus = (n: number) => connection.run<{ n: unknown }>({ text: "SELECT ? + 1 AS n, 'x' AS s", values: [n] });
      expect(await plus(1)).toEqual([{ n: 2, s: "x" }]);
      expect(await plus(41)).toEqual([{ n: 42, s: "x" }]);
      expect(await connection.rows({ text: "SELECT ? + 1 AS n, 'x' AS s", values: [2] })).toEqual([[3, "x"]]);
      expect(await plus(0)).toEqual([{ n: 1, s: "x" }]); // the same statement back in object mode
      await expect(connection.run({ text: "SELECT * FROM no_such_table", values: [] })).rejects.toThrow(/no such table/);
    } finally {
      connection.close();
    }
  });
});

describe("the SQLite client", () => {
  it("writes ahead (WAL) and syncs every commit to disk (synchronous=FULL), on a file already in WAL mode too", async () => {
    const url = `file:${path.join(dir, "sync.db")}`;
    const pragmas = async () => {
      const db = createDb(url);
      try {
        return [...(await db.$queryRawUnsafe<unknown[]>("PRAGMA journal_mode")), ...(await db.$queryRawUnsafe<unknown[]>("PRAGMA synchronous"))];
      } finally {
        await db.$disconnect();
      }
    };
    // 2 is FULL (0 OFF, 1 NORMAL: SQLite's default on opening a WAL file).
    const expected = [{ journal_mode: "wal" }, { synchronous: 2n }];
    expect(await pragmas()).toEqual(expected);
    expect(await pragmas()).toEqual(expected);
  });
});

/** Named statements on a real PostgreSQL pool (the suite's PostgreSQL run sets TEST_DATABASE_URL). */
describe.skipIf(!process.env.TEST_DATABASE_URL)("the engine's PostgreSQL connection", () => {
  it("prepares each text once per connection, keeps values per call, names no more than its limit, and gives numerics and JSON as text", async () => {
    const pool = new pg.Pool({ connectionString: process.env.TEST_DATABASE_URL, max: 1 });
    try {
      const connection = postgresConnection(pool, 2);
      const plus = (n: number) => connection.run({ text: "SELECT $1::int + 1 AS n, 1.50::numeric AS d, '{\"a\":1}'::json AS j", values: [n] });
      expect(await plus(1)).toEqual([{ n: 2, d: "1.50", j: '{"a":1}' }]);
      expect(await plus(41)).toEqual([{ n: 42, d: "1.50", j: '{"a":1}' }]);
      expect(await connection.rows({ text: "SELECT 2 AS two, count(*) AS n FROM (VALUES (1)) v", values: [] })).toEqual([[2, "1"]]);
      await connection.run({ text: "SELECT 3 AS three", values: [] }); // past the limit: unnamed
      const prepared = await pool.query<{ statement: string }>("SELECT statement FROM pg_prepared_statements ORDER BY statement");
      expect(prepared.rows.map((row) => row.statement)).toEqual([`SELECT $1::int + 1 AS n, 1.50::numeric AS d, '{"a":1}'::json AS j`, "SELECT 2 AS two, count(*) AS n FROM (VALUES (1)) v"]);
    } finally {
      await pool.end();
    }
  });
});
