import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "./client";
import { startCheckpoints } from "./checkpoints";

const dir = mkdtempSync(path.join(os.tmpdir(), "desk-checkpoints-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("SQLite's checkpoints on a thread of their own", () => {
  it("copy the log while commits no longer do, and hand checkpoints back to the commits when stopped", async () => {
    const url = `file:${path.join(dir, "log.db")}`;
    const db = createDb(url);
    const inline = async () => (await db.$queryRawUnsafe<{ wal_autocheckpoint: bigint | number }[]>("PRAGMA wal_autocheckpoint"))[0].wal_autocheckpoint;
    try {
      await db.$executeRawUnsafe("CREATE TABLE rows (id INTEGER PRIMARY KEY, body TEXT)");
      const checkpoints = (await startCheckpoints(url, 20, db))!;
      expect(Number(await inline())).toBe(0);
      for (let i = 0; i < 50; i++) await db.$executeRawUnsafe("INSERT INTO rows (body) VALUES (?)", "x".repeat(5_000));
      const deadline = Date.now() + 5_000;
      while (checkpoints.frames() === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(checkpoints.frames()).toBeGreaterThan(0);
      await checkpoints.stop();
      expect(Number(await inline())).toBe(1_000);
      expect((await db.$queryRawUnsafe<{ n: bigint | number }[]>("SELECT count(*) AS n FROM rows"))[0].n).toEqual(50n);
    } finally {
      await db.$disconnect();
    }
  });

  it("are none on PostgreSQL", async () => {
    expect(await startCheckpoints("postgresql://postgres@127.0.0.1:5432/none")).toBeNull();
  });
});
