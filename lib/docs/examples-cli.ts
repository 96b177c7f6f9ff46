/**
 * `npm run docs:examples`: runs every `sh` block of the API reference's pages (docs/api.md and
 * docs/api/*.md, lib/docs/pages.ts), verbatim, against a production server of the last build, and
 * fails when a curl answers what the page does not show.
 *
 *   npm run docs:examples                                                   # a fresh SQLite file, prisma/data/docs-examples.db
 *   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/desk_docs npm run docs:examples
 *
 * The pages promise their blocks work "run in order in one shell" (they reuse KEY, COMPANY, ID,
 * ETAG, ISSUER, TRADE…): so they run in one bash session, `set -euo pipefail`, in the pages' order,
 * as one script made of the pages joined (the failures name each page's own lines). The
 * database gets the migrations and, if it holds no companies, the demo data (`npm run db:setup`);
 * the server is `npm run serve` on port 3000, the port the examples name (refused if taken). The
 * working directory is prisma/data/docs-examples/ (ignored by git): a block that writes a file
 * into the current directory (`npx openapi-typescript … -o desk-api.ts`) writes it there.
 *
 * Judging: a curl answers 2xx, unless the line after its command is a comment showing an error
 * body (`# {"error":{"code":"invalid_parameter",…`), when it must answer that code with a 4xx or
 * 5xx. Any other exit of a command stops the session (set -e) and fails too.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { readApiReference } from "./pages";
import { judgeCalls, shBlocks, shCommands, type CurlCall, type ShBlock } from "./sh-examples";

const ROOT = path.resolve(__dirname, "..", "..");
const PORT = 3000;
const ORIGIN = `http://localhost:${PORT}`;
// What the server listens on, and where this process asks whether it is ready: Node's fetch may
// try only ::1 for "localhost", where curl tries both.
const HOST = "127.0.0.1";
const WORK = path.join(ROOT, "prisma", "data", "docs-examples");
const DEFAULT_FILE = path.join(ROOT, "prisma", "data", "docs-examples.db");
const DEFAULT_URL = `file:${DEFAULT_FILE}`;

/**
 * Read by bash before the pages' lines (BASH_ENV), so the joined pages' lines keep their line numbers.
 * `curl` is a function standing in for the real one (`command curl`) with the same arguments, so
 * the line runs as written: it adds only `--write-out '%{stderr}%{http_code}'` (the status, to a
 * side file) and copies stdout, the body, to a side file with tee while passing it on unchanged.
 * BASH_LINENO[0] is the joined pages' line that called it, also from inside `$(…)` and pipelines.
 */
const PRELUDE = `set -euo pipefail
unset BASH_ENV
trap 'echo "line $LINENO of the joined pages (api.md.sh): the command exited with $?" >&2' ERR
curl() {
  local __docs_answer __docs_exit=0
  __docs_answer=$(mktemp "$DOCS_EXAMPLES_DIR/answer.XXXXXX")
  command curl --write-out '%{stderr}%{http_code}' "$@" 2>"$__docs_answer.status" | tee "$__docs_answer" || __docs_exit=$?
  printf '%s %s\n' "\${BASH_LINENO[0]}" "$__docs_answer" >>"$DOCS_EXAMPLES_DIR/calls"
  return "$__docs_exit"
}
`;

/**
 * The joined pages with every line outside their sh blocks blank, so that bash's line numbers are
 * the joined pages'. Each block's opening fence line announces the block and where it stands.
 */
function pageAsScript(lineCount: number, blocks: ShBlock[], origin: (line: number) => string): string {
  const lines = Array<string>(lineCount).fill("");
  for (const block of blocks) {
    lines[block.firstLine - 2] = `printf '\\n--- sh block %d, %s ---\\n' ${block.index} '${origin(block.firstLine - 1)}' >&2`;
    block.lines.forEach((line, i) => (lines[block.firstLine - 1 + i] = line));
  }
  return lines.join("\n") + "\n";
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

/** Up when /api/health/ready answers 200; a server that exits first fails with its log's end. */
async function waitUntilReady(server: ChildProcess, log: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`npm run serve exited with ${server.exitCode}:\n${fs.readFileSync(log, "utf8").slice(-3000)}`);
    const ready = await fetch(`http://${HOST}:${PORT}/api/health/ready`).then((res) => res.ok, () => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not become ready within 60 s; its log: ${log}`);
}

function recordedCalls(): CurlCall[] {
  const file = path.join(WORK, "calls");
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .filter(Boolean)
    .map((record) => {
      const [line, answer] = record.split(" ");
      const status = Number(fs.readFileSync(`${answer}.status`, "utf8").slice(-3)) || 0;
      return { line: Number(line), status, body: fs.readFileSync(answer, "utf8") };
    });
}

async function main(): Promise<number> {
  const url = process.env.DATABASE_URL ?? DEFAULT_URL;
  if (!fs.existsSync(path.join(ROOT, ".next", "BUILD_ID"))) throw new Error("no production build: run `npx next build` first");
  if (!(await portIsFree(PORT))) throw new Error(`port ${PORT} is in use: the examples name http://localhost:${PORT}, so stop what listens there first`);

  fs.rmSync(WORK, { recursive: true, force: true });
  fs.mkdirSync(WORK, { recursive: true });
  if (url === DEFAULT_URL) for (const suffix of ["", "-journal", "-wal", "-shm"]) fs.rmSync(`${DEFAULT_FILE}${suffix}`, { force: true });
  const env = { ...process.env, DATABASE_URL: url };
  execFileSync("npm", ["run", "-s", "db:setup"], { cwd: ROOT, env, stdio: "inherit" });

  const log = path.join(WORK, "server.log");
  const output = fs.openSync(log, "w");
  // Its own process group (detached), so that stopping it stops npm's shell and the server under it.
  const server = spawn("npm", ["run", "-s", "serve", "--", "--hostname", HOST], {
    cwd: ROOT,
    env: { ...env, PORT: String(PORT), NEXTAUTH_SECRET: randomBytes(32).toString("hex"), NEXTAUTH_URL: ORIGIN, PUBLIC_BASE_URL: ORIGIN, NODE_ENV: "production" },
    stdio: ["ignore", output, output],
    detached: true,
  });
  fs.closeSync(output);
  // Stopped and waited for: the port is free when this returns (CI runs the next database's
  // examples on it at once), also when the server drains a request in flight first. npm may exit
  // before the server under it does, so the port itself is watched.
  const stop = async () => {
    try {
      process.kill(-server.pid!, "SIGTERM");
    } catch {
      // already gone
    }
    for (let waited = 0; !(await portIsFree(PORT)) && waited < 30_000; waited += 250) await new Promise((resolve) => setTimeout(resolve, 250));
  };
  // Interrupted (Ctrl-C, a CI timeout): the server, in a group of its own, would outlive us on port 3000.
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.once(signal, () => void stop().then(() => process.exit(1)));
  try {
    await waitUntilReady(server, log);
    const { markdown, origin } = readApiReference(ROOT);
    const blocks = shBlocks(markdown);
    const commands = blocks.flatMap(shCommands);
    fs.writeFileSync(path.join(WORK, "prelude.sh"), PRELUDE);
    fs.writeFileSync(path.join(WORK, "api.md.sh"), pageAsScript(markdown.split("\n").length, blocks, origin));
    console.error(`Running the ${blocks.length} sh blocks of the API reference's pages (${commands.length} commands) against ${ORIGIN} on ${url.replace(/:[^:@/]*@/, ":***@")}`);
    let sessionFailure: string | null = null;
    try {
      execFileSync("bash", ["api.md.sh"], { cwd: WORK, env: { ...env, BASH_ENV: path.join(WORK, "prelude.sh"), DOCS_EXAMPLES_DIR: WORK }, stdio: "inherit" });
    } catch (error) {
      sessionFailure = `the shell session stopped (exit ${(error as { status?: number }).status}): see the line reported above`;
    }
    const calls = recordedCalls();
    const failures = [...judgeCalls(commands, calls, origin), ...(sessionFailure ? [sessionFailure] : [])];
    if (failures.length) {
      console.error(`\nAPI reference examples: ${failures.length} failure(s)\n${failures.map((f) => `- ${f}`).join("\n")}\n(the server's log: ${log})`);
      return 1;
    }
    console.error(`\nAPI reference examples: all ${blocks.length} blocks ran; ${calls.length} curls answered as the pages show (${commands.filter((c) => c.expectedError).length} of them the errors it shows).`);
    return 0;
  } finally {
    await stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`npm run docs:examples: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
