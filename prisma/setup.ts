/**
 * `npm run db:setup` (run by `npm start` and `npm run dev`): makes the database ready to serve.
 *   1. applies the committed migrations that are pending (`prisma migrate deploy`, for the
 *      DATABASE_URL's database, read from the environment or the .env files; the embedded SQLite
 *      file's folder is created first); with none pending it leaves the database alone;
 *   2. seeds the demo data only if there are no companies yet, so restarts keep the data, API
 *      keys included. `npm run db:seed` reseeds on demand.
 * Exits non-zero on any failure, so the start command stops.
 */
import "../lib/env";
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { createDb } from "../lib/db/client";
import { databaseKind, databaseUrl, describeDatabase, sqliteFilePath } from "../lib/db/url";
import { committedMigrations, readiness } from "../lib/health/readiness";
import { formatSeedSummary, seedDemoData } from "./seed/run";

// Prisma's own output is noisy and partly untrue here (a warning about the schema's url, which
// the CLI must keep; "migrations found in prisma/migrations" whatever the folder): shown only
// when the command fails. On success we say what is true in one line.
function migrate(url: string, kind: string): void {
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
    process.stdout.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    throw new Error(`prisma migrate deploy exited with ${result.status ?? result.signal}`);
  }
  console.log(`Migrations (prisma/${kind}/migrations) on ${describeDatabase(url)}: applied the new ones.`);
}

async function main(): Promise<void> {
  const url = databaseUrl();
  const kind = databaseKind(url);
  if (kind === "sqlite") mkdirSync(path.dirname(sqliteFilePath(url)), { recursive: true });

  const db = createDb(url);
  try {
    // Only when something is pending: the migration engine wants SQLite's write lock even for
    // nothing, which a running server may hold.
    const { database, pending_migrations: pending } = await readiness(db, committedMigrations(kind));
    if (database === "reachable" && pending.length === 0) {
      console.log(`Migrations (prisma/${kind}/migrations) on ${describeDatabase(url)}: none pending.`);
    } else {
      // The engine takes SQLite's write lock: our connection lets go of the file first.
      await db.$disconnect();
      migrate(url, kind);
    }
    const companies = await db.company.count();
    if (companies > 0) {
      console.log(`Database already holds ${companies} companies: keeping its data (npm run db:seed reseeds).`);
      return;
    }
    console.log(`Empty ${kind} database: seeding the demo data...`);
    console.log(formatSeedSummary(await seedDemoData(db)));
  } finally {
    await db.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error("Database setup failed:", error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
