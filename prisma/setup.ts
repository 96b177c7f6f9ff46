/**
 * `npm run db:setup` (run by `npm start` and `npm run dev`): makes the DATABASE_URL's database
 * (read from the environment or the .env files) ready to serve; see ./setup-run.ts. Exits
 * non-zero on any failure, so the start command stops.
 */
import "../lib/env";
import { databaseUrl } from "../lib/db/url";
import { runSetup } from "./setup-run";

void runSetup(databaseUrl(), { out: (text) => process.stdout.write(text), err: (text) => process.stderr.write(text) }).then((code) => {
  process.exitCode = code;
});
