/**
 * `npm run db:backup -- <file>`: an online, consistent copy of the SQLite database while the
 * server runs. better-sqlite3's backup API copies page by page and restarts a step when another
 * connection writes, so the copy is one moment's database, never a torn file (cp of a file in
 * WAL mode can be). PostgreSQL: use pg_dump (README); this command says so.
 */
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { databaseKind, describeDatabase, sqliteFilePath } from "./url";

const ALL_PAGES = 1 << 30;

class BackupError extends Error {}

/** Copies the SQLite database of `url` to `target` (its folder made if missing); returns the pages copied. */
async function backupSqlite(url: string, target: string): Promise<number> {
  if (databaseKind(url) !== "sqlite") {
    throw new BackupError(`${describeDatabase(url)} is PostgreSQL: back it up with pg_dump (see the README).`);
  }
  const source = sqliteFilePath(url);
  if (!existsSync(source)) throw new BackupError(`No database at ${source}.`);
  if (existsSync(target)) throw new BackupError(`${target} exists already: choose a new file.`);
  mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    // Step by step, a backup starts over whenever another connection writes in between; under
    // steady writes it would never end. After the first step, copy the rest in one step (in WAL
    // mode its read snapshot never blocks writers).
    return (await db.backup(path.resolve(target), { progress: () => ALL_PAGES })).totalPages;
  } finally {
    db.close();
  }
}

/**
 * The command (lib/db/backup-cli.ts passes it argv and the console; the test, lines to collect):
 * the exit code, and one line either way, never a stack trace, as an operator's typo is not a crash.
 */
export async function runBackup(args: string[], url: string, print: { out: (line: string) => void; err: (line: string) => void }): Promise<number> {
  try {
    const [target] = args;
    if (!target || args.length > 1) throw new BackupError("Usage: npm run db:backup -- <file>");
    const pages = await backupSqlite(url, target);
    print.out(`Backed up ${describeDatabase(url)} to ${path.resolve(target)} (${pages} pages).`);
    return 0;
  } catch (error) {
    print.err(error instanceof BackupError ? error.message : `Backup failed: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
