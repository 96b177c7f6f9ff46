/**
 * The frame of the operator CLIs (`npm run api-key`, `npm run users`): the database DATABASE_URL
 * names, exit code 0 or 1, and bad input answered with the usage instead of a stack trace.
 */
import "../env";
import { createDb, type Db } from "./client";
import { databaseUrl } from "./url";

/** Bad input on the command line: printed with the usage. */
export class UsageError extends Error {}

/**
 * Runs `run` against the database and sets the exit code. An error prints its message, never a
 * stack trace; a `UsageError` or one of parseArgs' own errors prints the usage too.
 */
export function runCli(usage: string, run: (db: Db, url: string, argv: string[]) => Promise<void>): void {
  const main = async (): Promise<number> => {
    let db: Db | undefined;
    try {
      const url = databaseUrl();
      db = createDb(url);
      await run(db, url, process.argv.slice(2));
      return 0;
    } catch (error) {
      // parseArgs rejects unknown options and missing option values with ERR_PARSE_ARGS_* codes.
      const badUsage = error instanceof UsageError || String((error as { code?: unknown })?.code).startsWith("ERR_PARSE_ARGS");
      console.error("error:", error instanceof Error ? error.message : error);
      if (badUsage) console.error(`\n${usage}`);
      return 1;
    } finally {
      await db?.$disconnect();
    }
  };
  main().then((code) => {
    process.exitCode = code;
  });
}
