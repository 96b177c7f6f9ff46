/**
 * Operator CLI for people and teams: `npm run users -- <command>` (see USAGE in ./cli-run.ts).
 * Uses DATABASE_URL like the app (embedded SQLite by default) and prints which database it wrote
 * to. Exit code 1 on bad input.
 */
import { createDb, type Db } from "../db/client";
import { databaseUrl } from "../db/url";
import { UserCommandError } from "./commands";
import { runUserCli, USAGE, UsageError } from "./cli-run";

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write("Password (input is shown; prefer piping it): ");
  let text = "";
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (process.stdin.isTTY && text.includes("\n")) break;
  }
  return text.replace(/\r?\n$/, "");
}

async function main(): Promise<number> {
  let db: Db | undefined;
  try {
    const url = databaseUrl();
    db = createDb(url);
    await runUserCli(db, url, process.argv.slice(2), { out: (line) => console.log(line), readPassword: readStdin });
    return 0;
  } catch (error) {
    const usage = error instanceof UsageError || String((error as { code?: unknown })?.code).startsWith("ERR_PARSE_ARGS");
    if (usage || error instanceof UserCommandError) {
      console.error(`error: ${(error as Error).message}`);
      if (usage) console.error(`\n${USAGE}`);
      return 1;
    }
    console.error("error:", error instanceof Error ? error.message : error);
    return 1;
  } finally {
    await db?.$disconnect();
  }
}

main().then((code) => {
  process.exitCode = code;
});
