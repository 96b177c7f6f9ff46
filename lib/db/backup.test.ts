import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@/lib/testing/database";
import { runBackup } from "./backup";

// The backup is SQLite's (PostgreSQL has pg_dump), so this file always uses a SQLite database
// of its own, migrated like the app's, and runs the command (what lib/db/backup-cli.ts runs) while
// another connection keeps writing between its steps: the copy must be one consistent moment.
let database: TestDatabase;
const folder = mkdtempSync(path.join(tmpdir(), "backup-"));

beforeAll(async () => {
  database = await createTestDatabase("");
});
afterAll(async () => {
  await database?.drop();
  rmSync(folder, { recursive: true, force: true });
});

async function backup(target: string, url: string): Promise<{ code: number; output: string }> {
  const lines: string[] = [];
  const collect = (line: string) => lines.push(line);
  const code = await runBackup([target], url, { out: collect, err: collect });
  return { code, output: lines.join("\n") };
}

describe("npm run db:backup", () => {
  it("copies a database another connection keeps writing to, consistently", { timeout: 120_000 }, async () => {
    const file = database.url.replace(/^file:/, "");
    const writer = new Database(file);
    writer.pragma("journal_mode = WAL");
    // Two rows per transaction, always together: a torn copy would hold an odd count.
    writer.exec("CREATE TABLE backup_probe (id INTEGER PRIMARY KEY, pad TEXT)");
    const pair = writer.transaction(() => {
      for (let i = 0; i < 2; i++) writer.prepare("INSERT INTO backup_probe (pad) VALUES (?)").run("x".repeat(2000));
    });
    for (let i = 0; i < 2000; i++) pair();

    let writing = true;
    let pairs = 0;
    const writes = (async () => {
      while (writing) {
        pair();
        pairs += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    const target = path.join(folder, "copy.db");
    const before = pairs;
    const result = await backup(target, database.url);
    // In one process too, the writes went on between the backup's steps.
    expect(pairs).toBeGreaterThan(before);
    writing = false;
    await writes;
    const written = (writer.prepare("SELECT count(*) AS n FROM backup_probe").get() as { n: number }).n;
    writer.close();

    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain(`Backed up SQLite ${file} to ${target}`);
    const copy = new Database(target, { readonly: true });
    try {
      expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
      const rows = (copy.prepare("SELECT count(*) AS n FROM backup_probe").get() as { n: number }).n;
      expect(rows % 2).toBe(0);
      expect(rows).toBeGreaterThanOrEqual(4000);
      expect(rows).toBeLessThanOrEqual(written);
      // The app's tables came along too.
      expect(copy.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'companies'").get()).toEqual({ n: 1 });
    } finally {
      copy.close();
    }
  });

  it("makes the target's folder, as the README's `backups/desk-<date>.db` needs; a failure is one line", { timeout: 90_000 }, async () => {
    const target = path.join(folder, "backups", "nested", "desk.db");
    const made = await backup(target, database.url);
    expect(made.code, made.output).toBe(0);
    const failed = await backup(path.join("/proc", "desk.db"), database.url);
    expect(failed.code).toBe(1);
    expect(failed.output.trim().split("\n")).toHaveLength(1);
    expect(failed.output).toMatch(/^Backup failed: /);
  });

  it("refuses to overwrite a file, and points PostgreSQL to pg_dump", { timeout: 90_000 }, async () => {
    const target = path.join(folder, "twice.db");
    expect((await backup(target, database.url)).code).toBe(0);
    const again = await backup(target, database.url);
    expect(again.code).toBe(1);
    expect(again.output).toContain("exists already");
    const pg = await backup(path.join(folder, "pg.db"), "postgresql://postgres@127.0.0.1:5432/none");
    expect(pg.code).toBe(1);
    expect(pg.output).toContain("pg_dump");
  });
});
