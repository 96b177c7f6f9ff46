/**
 * `npm run db:seed`: replaces the database's content with the deterministic demo data (see
 * prisma/seed/). Uses DATABASE_URL like the app (embedded SQLite by default). Migrations must be
 * applied first (`npm run db:setup` does both).
 */
import "../lib/env";
import { createDb } from "../lib/db/client";
import { databaseKind, databaseUrl } from "../lib/db/url";
import { rebuildMarks } from "../lib/marks/rebuild";
import { formatSeedSummary, seedDemoData } from "./seed/run";

async function main(): Promise<void> {
  // `--scale large` (or `smoke`): the performance data set of prisma/seed/large.ts instead, in its
  // own database (DATABASE_URL, default prisma/data/large.db). See docs/performance.md,
  // "The large data set".
  const scale = process.argv.indexOf("--scale");
  if (scale !== -1) {
    const { seedLarge } = await import("./seed/large");
    return seedLarge({ scaleName: process.argv[scale + 1] });
  }
  const url = databaseUrl();
  const db = createDb(url);
  try {
    console.log(`Seeding the ${databaseKind(url)} database...`);
    console.log(formatSeedSummary(await seedDemoData(db)));
    const marks = await rebuildMarks(db, url);
    console.log(`Marks: ${marks.marks} days of ${marks.companies} companies in ${marks.seconds} s.`);
  } finally {
    await db.$disconnect();
  }
}

main().catch((error: unknown) => {
  console.error("Seed failed:", error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
