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
import { databaseKind, databaseUrl, sqliteFilePath } from "../lib/db/url";
import { formatSeedSummary, seedDemoData } from "./seed/run";

function migrate(url: string): void {
  const result = spawnSync("npx", ["prisma", "migrate", "deploy"], {
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: url },
    shell: process.platform === "win32",
  });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`prisma migrate deploy exited with ${result.status ?? result.signal}`);
}

async function main(): Promise<void> {
  const url = databaseUrl();
  const kind = databaseKind(url);
  if (kind === "sqlite") mkdirSync(path.dirname(sqliteFilePath(url)), { recursive: true });

  migrate(url);

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
