/** `npm run db:backup -- <file>`: see lib/db/backup.ts. Acts on DATABASE_URL's database. */
import "../env";
import { runBackup } from "./backup";
import { databaseUrl } from "./url";

void runBackup(process.argv.slice(2), databaseUrl(), { out: console.log, err: console.error }).then((code) => {
  process.exitCode = code;
});
