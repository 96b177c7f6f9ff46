import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { runSetup } from "./setup-run";

/**
 * `npm run db:setup` (the first half of `npm start`) on SQLite files of this file's own, while
 * another connection holds the write lock, as a running server does between its writes. The
 * command runs in this process (prisma/setup.ts only passes it the console), its output collected;
 * `prisma migrate deploy` is its own process, as in production.
 */

const folder = mkdtempSync(path.join(tmpdir(), "setup-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function setup(file: string): Promise<{ code: number; output: string }> {
  let output = "";
  const collect = (text: string) => (output += text);
  const code = await runSetup(`file:${file}`, { out: collect, err: collect });
  return { code, output };
}

/** Another connection in the middle of a write: it holds SQLite's write lock until released. */
function holdWriteLock(file: string): () => void {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.exec("CREATE TABLE IF NOT EXISTS lock_probe (a)");
  db.exec("BEGIN IMMEDIATE");
  db.exec("INSERT INTO lock_probe VALUES (1)");
  return () => {
    db.exec("ROLLBACK");
    db.close();
  };
}

describe("npm run db:setup", () => {
  it("with nothing pending, leaves the database alone: a second start beside a running server works", { timeout: 120_000 }, async () => {
    const file = path.join(folder, "served.db");
    const first = await setup(file);
    expect(first.code, first.output).toBe(0);
    expect(first.output).toContain("applied the new ones");
    const release = holdWriteLock(file);
    try {
      const second = await setup(file);
      expect(second.code, second.output).toBe(0);
      expect(second.output).toContain("none pending");
      expect(second.output).toContain("keeping its data");
    } finally {
      release();
    }
  });

  it("with migrations pending and the file held, says so in one line", { timeout: 120_000 }, async () => {
    const file = path.join(folder, "held.db");
    const release = holdWriteLock(file);
    try {
      const result = await setup(file);
      expect(result.code).toBe(1);
      expect(result.output.trim()).toBe(`Database setup failed: another process holds SQLite ${file} (a server running on it?): stop it, then run this again.`);
    } finally {
      release();
    }
  });
});
