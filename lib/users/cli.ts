/**
 * Operator CLI for people and teams: `npm run users -- <command>` (see USAGE in ./cli-run.ts).
 * Uses DATABASE_URL like the app (embedded SQLite by default) and prints which database it wrote
 * to. Exit code 1 on bad input.
 */
import { runCli } from "../db/cli";
import { runUserCli, USAGE } from "./cli-run";

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write("Password (input is shown; prefer piping it): ");
  let text = "";
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (process.stdin.isTTY && text.includes("\n")) break;
  }
  return text.replace(/\r?\n$/, "");
}

runCli(USAGE, (db, url, argv) => runUserCli(db, url, argv, { out: (line) => console.log(line), readPassword: readStdin }));
