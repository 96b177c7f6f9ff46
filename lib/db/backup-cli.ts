/** `npm run db:backup -- <file>`: see lib/db/backup.ts. Acts on DATABASE_URL's database. */
import "../env";
import path from "node:path";
import { BackupError, backupSqlite } from "./backup";
import { databaseUrl, describeDatabase } from "./url";

async function main(): Promise<void> {
  const target = process.argv[2];
  if (!target || process.argv.length > 3) throw new BackupError("Usage: npm run db:backup -- <file>");
  const url = databaseUrl();
  const pages = await backupSqlite(url, target);
  console.log(`Backed up ${describeDatabase(url)} to ${path.resolve(target)} (${pages} pages).`);
}

// One line, never a stack trace: an operator's typo is not a crash.
main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? error.message : `Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
