/**
 * What `npm run db:setup` (prisma/setup.ts) does, for a given database, printing through `print`:
 * the entry passes the console, prisma/setup.test.ts collects the lines in its own process.
 *   1. applies the committed migrations that are pending (`prisma migrate deploy`; the embedded
 *      SQLite file's folder is created first); with none pending it leaves the database alone;
 *   2. seeds the demo data only if there are no companies yet, so restarts keep the data, API
 *      keys included. `npm run db:seed` reseeds on demand.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { createDb } from "../lib/db/client";
import { databaseKind, describeDatabase, sqliteFilePath } from "../lib/db/url";
import { committedMigrations, readiness } from "../lib/health/readiness";
import { rebuildMarks } from "../lib/marks/rebuild";
import { formatSeedSummary, seedDemoData } from "./seed/run";

export interface SetupOutput {
  out: (text: string) => void;
  err: (text: string) => void;
}

// Prisma's own output is noisy and partly untrue here (a warning about the schema's url, which
// the CLI must keep; "migrations found in prisma/migrations" whatever the folder): shown only
// when the command fails. On success we say what is true in one line.
function migrate(url: string, kind: string, print: SetupOutput): void {
  const result = spawnSync("npx", ["prisma", "migrate", "deploy"], {
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: url },
    shell: process.platform === "win32",
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    // The migration engine waits 5 s for SQLite's write lock and then says only "SocketTimeout".
    if (kind === "sqlite" && /SocketTimeout|database is locked/.test(`${result.stdout}${result.stderr}`)) {
      throw new Error(`another process holds ${describeDatabase(url)} (a server running on it?): stop it, then run this again.`);
    }
    print.out(result.stdout ?? "");
    print.err(result.stderr ?? "");
    throw new Error(`prisma migrate deploy exited with ${result.status ?? result.signal}`);
  }
  print.out(`Migrations (prisma/${kind}/migrations) on ${describeDatabase(url)}: applied the new ones.\n`);
}

async function setup(url: string, print: SetupOutput): Promise<void> {
  const kind = databaseKind(url);
  if (kind === "sqlite") mkdirSync(path.dirname(sqliteFilePath(url)), { recursive: true });

  const db = createDb(url);
  try {
    // Only when something is pending: the migration engine wants SQLite's write lock even for
    // nothing, which a running server may hold.
    const { database, pending_migrations: pending } = await readiness(db, committedMigrations(kind));
    if (database === "reachable" && pending.length === 0) {
      print.out(`Migrations (prisma/${kind}/migrations) on ${describeDatabase(url)}: none pending.\n`);
    } else {
      // The engine takes SQLite's write lock: our connection lets go of the file first.
      await db.$disconnect();
      migrate(url, kind, print);
    }
    const companies = await db.company.count();
    if (companies > 0) {
      print.out(`Database already holds ${companies} companies: keeping its data (npm run db:seed reseeds).\n`);
      return;
    }
    print.out(`Empty ${kind} database: seeding the demo data...\n`);
    print.out(`${formatSeedSummary(await seedDemoData(db))}\n`);
    const marks = await rebuildMarks(db, url);
    print.out(`Marks: ${marks.marks} days of ${marks.companies} companies in ${marks.seconds} s.\n`);
  } finally {
    await db.$disconnect();
  }
}

/** Sets up `url`'s database; the exit code: 1, after one line saying why, on any failure. */
export async function runSetup(url: string, print: SetupOutput): Promise<number> {
  try {
    await setup(url, print);
    return 0;
  } catch (error) {
    print.err(`Database setup failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}
