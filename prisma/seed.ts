/**
 * `npm run db:seed`: replaces the database's content with the deterministic demo data (see
 * prisma/seed/). Uses DATABASE_URL like the app (embedded SQLite by default). Migrations must be
 * applied first (`npm run db:setup` does both).
 */
import { createDb } from "../lib/db/client";
import { databaseKind, databaseUrl } from "../lib/db/url";
import { formatSeedSummary, seedDemoData } from "./seed/run";

async function main(): Promise<void> {
  const url = databaseUrl();
  const db = createDb(url);
  try {
    console.log(`Seeding the ${databaseKind(url)} database...`);
    console.log(formatSeedSummary(await seedDemoData(db)));
  } finally {
    await db.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error("Seed failed:", error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
