/**
 * `npm run db:setup` (run by `npm start` and `npm run dev`): makes the database ready to serve.
 *   1. applies the committed migrations (`prisma migrate deploy`, for the DATABASE_URL's database;
 *      the embedded SQLite file's folder is created first);
 *   2. seeds the demo data only if there are no companies yet, so restarts keep the data, API
 *      keys included. `npm run db:seed` reseeds on demand.
 * Exits non-zero on any failure, so the start command stops.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { createDb } from "../lib/db/client";
import { databaseKind, databaseUrl, describeDatabase, sqliteFilePath } from "../lib/db/url";
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
    process.stdout.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    throw new Error(`prisma migrate deploy exited with ${result.status ?? result.signal}`);
  }
  const applied = /The following migration\(s\) have been applied/.test(result.stdout) ? "applied the new ones" : "none pending";
  console.log(`Migrations (prisma/${kind}/migrations) on ${describeDatabase(url)}: ${applied}.`);
}

async function main(): Promise<void> {
  const url = databaseUrl();
  const kind = databaseKind(url);
  if (kind === "sqlite") mkdirSync(path.dirname(sqliteFilePath(url)), { recursive: true });

  migrate(url, kind);

  const db = createDb(url);
  try {
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
