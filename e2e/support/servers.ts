import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import pg from "pg";
import { E2E_AUTH_SECRET, PROJECT_ROOT } from "./env";

/**
 * More production servers beside the browser tests' own (the build playwright.config.ts has just
 * made), each on a PostgreSQL fixture database: the scale-out and outage specs.
 */

/**
 * The unit tests' fixture database (committed migrations, fixture rows and API keys) on the
 * PostgreSQL server `serverUrl` names, or in a SQLite file in the temp directory when it is "":
 * about 3 s, where `npm run db:setup` (Prisma CLI, demo seed) takes about 24 s. Made by tsx in a child process: lib/testing/database.ts is ES module code,
 * which Playwright's loader does not take.
 */
export function createFixtureDatabase(serverUrl: string): string {
  const script = `require("./lib/testing/database").createFixtureDatabase(process.argv[1]).then(async (d) => { await d.db.$disconnect(); console.log(d.url); });`;
  const out = execFileSync("npx", ["tsx", "--conditions=react-server", "--eval", script, serverUrl], { cwd: PROJECT_ROOT, encoding: "utf8", timeout: 60_000 });
  return out.trim().split("\n").at(-1)!;
}

/** Drops a fixture database: the PostgreSQL database on `serverUrl`, or the SQLite file and its companions. */
export async function dropDatabase(serverUrl: string, url: string): Promise<void> {
  if (url.startsWith("file:")) {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(`${url.slice("file:".length)}${suffix}`, { force: true });
    return;
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${new URL(url).pathname.slice(1)}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export interface Served {
  port: number;
  child: ChildProcess;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
}

/**
 * `npm run serve` on its own port, in a process group of its own (npm starts next as a child),
 * over `databaseUrl`, with `env` added. No NEXTAUTH_URL: it is optional, the origin comes from
 * the request (lib/auth/options.ts).
 */
export function serve(port: number, databaseUrl: string, env: Record<string, string> = {}): Served {
  const child = spawn("npm", ["run", "-s", "serve", "--", "--hostname", "127.0.0.1", "--port", String(port)], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      NEXTAUTH_URL: "",
      NEXTAUTH_SECRET: E2E_AUTH_SECRET,
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      ...env,
    },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => (output += chunk.toString());
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  return { port, child, output: () => output };
}

/** Resolves once the server answers `path` (with `headers`) with 200. */
export async function answering(port: number, path: string, headers: Record<string, string> = {}, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(`http://127.0.0.1:${port}${path}`, { headers }).then((r) => r.status, () => 0);
    if (status === 200) return;
    if (Date.now() > deadline) throw new Error(`server on :${port} did not answer ${path} (last status ${status})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export function stop(served: Served | undefined): void {
  const pid = served?.child.pid;
  if (pid === undefined || served!.child.exitCode !== null) return;
  try {
    process.kill(-pid, "SIGTERM");
  } catch {
    // already gone
  }
}

/** A credentials sign-in through next-auth's endpoints: its status, and the session cookie if one was set. */
export async function signIn(port: number, email: string, password: string): Promise<{ status: number; cookie?: string }> {
  const origin = `http://127.0.0.1:${port}`;
  const csrf = await fetch(`${origin}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const response = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => /^next-auth\.session-token=./.test(c));
  return { status: response.status, cookie };
}
