import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { sqliteReadsApart } from "./reads-apart";

const dir = mkdtempSync(path.join(os.tmpdir(), "desk-reads-apart-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function database(name: string): string {
  const file = path.join(dir, name);
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.exec("CREATE TABLE t (n INTEGER, s TEXT); INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c');");
  db.close();
  return file;
}

// ~200 ms of SQLite's own work: long enough for the server's thread to be seen free or held meanwhile.
const SLOW = { text: "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < ?) SELECT count(*) FROM c", values: [3_000_000] };

describe("reads apart (SQLite's thread of reads)", () => {
  it("answers each statement's rows as arrays, with each call's own values", async () => {
    const reads = sqliteReadsApart(database("rows.db"));
    try {
      const [some, one] = await reads.read([
        { text: "SELECT n, s FROM t WHERE n >= ? ORDER BY n", values: [2] },
        { text: "SELECT s FROM t WHERE n = ?", values: [1] },
      ]);
      expect(some).toEqual([[2, "b"], [3, "c"]]);
      expect(one).toEqual([["a"]]);
      expect(await reads.read([{ text: "SELECT s FROM t WHERE n = ?", values: [3] }])).toEqual([[["c"]]]);
    } finally {
      await reads.close();
    }
  });

  it("leaves the server's thread free while it reads (timers fire meanwhile)", async () => {
    const reads = sqliteReadsApart(database("free.db"));
    try {
      await reads.read([{ text: "SELECT 1", values: [] }]); // the thread started
      let ticks = 0;
      const timer = setInterval(() => ticks++, 5);
      const [[[count]]] = await reads.read([SLOW]);
      clearInterval(timer);
      expect(count).toBe(3_000_000);
      expect(ticks).toBeGreaterThan(5);
    } finally {
      await reads.close();
    }
  });

  it("rejects a bad statement with SQLite's error and reads on after it", async () => {
    const reads = sqliteReadsApart(database("errors.db"));
    try {
      await expect(reads.read([{ text: "SELECT * FROM no_such_table", values: [] }])).rejects.toMatchObject({ message: expect.stringMatching(/no such table/), code: "SQLITE_ERROR" });
      expect(await reads.read([{ text: "SELECT count(*) FROM t", values: [] }])).toEqual([[[3]]]);
    } finally {
      await reads.close();
    }
  });

  it("starts another thread for a read after one ended", async () => {
    const reads = sqliteReadsApart(database("again.db"));
    await reads.read([{ text: "SELECT 1", values: [] }]);
    await reads.close();
    try {
      expect(await reads.read([{ text: "SELECT n FROM t WHERE n = 2", values: [] }])).toEqual([[[2]]]);
    } finally {
      await reads.close();
    }
  });
});
