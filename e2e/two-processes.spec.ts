import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import pg from "pg";
import { expect, test } from "@playwright/test";
import { SECRETS } from "../lib/testing/fixtures";
import { E2E_AUTH_SECRET, E2E_PORT, PROJECT_ROOT } from "./support/env";

/**
 * Scale-out (issue 16): two production servers (`npm run serve`, the build the web server of
 * playwright.config.ts has just made) over one PostgreSQL database, as behind a load balancer
 * without sticky sessions (docs/deployment.md). Nothing lost, nothing stale: what one writes is in
 * the other's very next answer, counts included, though each keeps its own list and count caches;
 * a key revoked or a permission taken away by the operator CLIs is refused by both on the next
 * call; sign-in failures and API rate limits (API_RATE_LIMIT_STORE=database) are counted across
 * both. No browser: plain fetch against both.
 */

const PG_SERVER = process.env.E2E_PG_SERVER_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
// Beside the browser tests' own server (E2E_PORT), so runs on other ports never meet.
const PORTS = [E2E_PORT + 1, E2E_PORT + 2] as const;
// Small enough to reach in a test, large enough for the other tests' calls within one window.
const RATE_LIMIT = 40;
let databaseUrl = "";

/**
 * The unit tests' fixture database on PostgreSQL (committed migrations, fixture rows and API keys):
 * about 3 s, where `npm run db:setup` (Prisma CLI, demo seed) takes about 24 s. Made by tsx in a
 * child process: lib/testing is ES module code, which Playwright's loader does not take.
 */
function createDatabase(): string {
  const script = `require("./lib/testing/database").createFixtureDatabase(process.argv[1]).then(async (d) => { await d.db.$disconnect(); console.log(d.url); });`;
  const out = execFileSync("npx", ["tsx", "--eval", script, PG_SERVER], { cwd: PROJECT_ROOT, encoding: "utf8", timeout: 60_000 });
  return out.trim().split("\n").at(-1)!;
}

async function dropDatabase(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${new URL(url).pathname.slice(1)}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** Each server's stdout and stderr, for the start-up check. */
const output = new Map<number, string>();

/**
 * `npm run serve` on its own port, in a process group of its own (npm starts next as a child).
 * No NEXTAUTH_URL: it is optional, the origin comes from the request (lib/auth/options.ts).
 */
function serve(port: number): ChildProcess {
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn("npm", ["run", "-s", "serve", "--", "--hostname", "127.0.0.1", "--port", String(port)], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      NEXTAUTH_URL: "",
      NEXTAUTH_SECRET: E2E_AUTH_SECRET,
      PUBLIC_BASE_URL: origin,
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      API_RATE_LIMIT_STORE: "database",
      API_RATE_LIMIT: String(RATE_LIMIT),
      API_RATE_LIMIT_WINDOW_SECONDS: "600",
    },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  output.set(port, "");
  const keep = (chunk: Buffer) => output.set(port, output.get(port) + chunk.toString());
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  return child;
}

function stop(child: ChildProcess | undefined): void {
  if (child?.pid === undefined || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, "SIGTERM");
  } catch {
    // already gone
  }
}

let key = "";
const servers: ChildProcess[] = [];

async function call(port: number, path: string, init: { method?: string; body?: unknown } = {}) {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1${path}`, {
    method: init.method ?? "GET",
    headers: { authorization: `Bearer ${key}`, ...(init.body === undefined ? {} : { "content-type": "application/json" }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  expect(response.ok, `${init.method ?? "GET"} ${path} on :${port} -> ${response.status} ${text.slice(0, 300)}`).toBe(true);
  return JSON.parse(text) as Record<string, unknown>;
}

type Item = { id: string; stage: string; details: string | null };
const list = async (port: number, query = "") => {
  const body = await call(port, `/my/indications?per_page=5${query}`);
  return { count: body.total_count as number, first: (body.indications as Item[])[0] };
};

test.beforeAll(async () => {
  test.setTimeout(120_000);
  databaseUrl = createDatabase();
  expect(databaseUrl).toMatch(/^postgresql:\/\/.+\/desk_test_/);
  key = SECRETS.alphaBroker;
  for (const port of PORTS) servers.push(serve(port));
  for (const port of PORTS) {
    await expect
      .poll(() => fetch(`http://127.0.0.1:${port}/api/v1/companies?per_page=1`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status, () => 0), {
        timeout: 60_000,
        message: `server on :${port} answers`,
      })
      .toBe(200);
  }
});

test.afterAll(async () => {
  servers.forEach(stop);
  if (databaseUrl) await dropDatabase(databaseUrl);
});

test("a write through one server is in the other's next answer, counts included", async () => {
  const [a, b] = PORTS;
  // Both servers have read (and cached the counts of) the lists before anything is written.
  const before = await list(b);
  const openBefore = (await list(b, "&stage=open")).count;
  expect((await list(a)).count).toBe(before.count);
  expect((await list(a, "&stage=open")).count).toBe(openBefore);

  const created = (await call(a, "/my/indications", {
    method: "POST",
    body: {
      issuer_id: ((await call(a, "/companies?per_page=1")).companies as { id: string }[])[0].id,
      side: "bid",
      price_per_share: "12.5",
      volume: "1000",
      minimum_volume: null,
      acceptable_structures: ["direct"],
      visibility: "order_book_anonymous",
      stock_type: "secondary",
      stock_class_type: "preferred",
      stock_class: "Series B",
    },
  })) as unknown as Item;
  const afterCreate = await list(b);
  expect(afterCreate.count).toBe(before.count + 1);
  expect(afterCreate.first.id).toBe(created.id); // newest change first (sort=-updated_at)
  expect((await list(b, "&stage=open")).count).toBe(openBefore + 1);

  await call(a, `/my/indications/${created.id}`, { method: "PATCH", body: { details: "changed through A" } });
  expect(((await call(b, `/my/indications/${created.id}`)) as unknown as Item).details).toBe("changed through A");
  expect((await list(b)).first).toMatchObject({ id: created.id, details: "changed through A" });

  await call(b, `/my/indications/${created.id}/close`, { method: "POST" });
  const afterClose = await list(a);
  expect(afterClose.count).toBe(before.count + 1);
  expect(afterClose.first).toMatchObject({ id: created.id, stage: "closed_lost" });
  expect((await list(a, "&stage=open")).count).toBe(openBefore);
});

/** An operator CLI (`npm run api-key` / `npm run users`) on the servers' database; its output. */
function cli(name: "api-key" | "users", ...args: string[]): string {
  return execFileSync("npm", ["run", "-s", name, "--", ...args], { cwd: PROJECT_ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: "utf8", timeout: 60_000 });
}

/** A key minted by the CLI for a fixture user: its secret (the last line) and prefix. */
function mintKey(email: string, name: string): { secret: string; prefix: string } {
  const secret = cli("api-key", "create", "--email", email, "--name", name).trim().split("\n").at(-1)!;
  return { secret, prefix: secret.slice(0, 12) };
}

async function status(port: number, path: string, headers: Record<string, string>): Promise<number> {
  return (await fetch(`http://127.0.0.1:${port}/api/v1${path}`, { headers })).status;
}

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

/** A credentials sign-in through next-auth's endpoints: its status, and the session cookie if one was set. */
async function signIn(port: number, email: string, password: string): Promise<{ status: number; cookie?: string }> {
  const origin = `http://127.0.0.1:${port}`;
  const csrf = await fetch(`${origin}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const response = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c.startsWith("next-auth.session-token=") && c.length > "next-auth.session-token=".length);
  return { status: response.status, cookie };
}

test("a key revoked with the CLI is refused by both servers on their next call", async () => {
  const [a, b] = PORTS;
  const key = mintKey("lead@alpha.test", "scale-out revocation");
  // Both servers have resolved (and cached) the key.
  for (const port of PORTS) expect(await status(port, "/my/trades?per_page=1", bearer(key.secret))).toBe(200);
  expect(cli("api-key", "revoke", key.prefix)).toMatch(/revoked/i);
  expect(await status(b, "/my/trades?per_page=1", bearer(key.secret))).toBe(401);
  expect(await status(a, "/my/trades?per_page=1", bearer(key.secret))).toBe(401);
});

test("a permission taken away with the users CLI is refused by both servers, for keys and sessions", async () => {
  const [a, b] = PORTS;
  const key = mintKey("broker@beta.test", "scale-out permission");
  const company = ((await call(a, "/companies?per_page=1")).companies as { id: string }[])[0].id;
  // Signed in through A, the session works on B too: no sticky sessions.
  const { cookie } = await signIn(a, "broker@beta.test", "fixture-password");
  expect(cookie).toBeTruthy();
  for (const port of PORTS) {
    expect(await status(port, `/companies/${company}`, bearer(key.secret))).toBe(200);
    expect(await status(port, `/companies/${company}`, { cookie: cookie! })).toBe(200);
  }
  cli("users", "revoke", "--email", "broker@beta.test", "--permissions", "companies");
  for (const port of [b, a]) {
    expect(await status(port, `/companies/${company}`, bearer(key.secret))).toBe(403);
    // Taking a permission away ends the user's sessions everywhere.
    expect(await status(port, `/companies/${company}`, { cookie: cookie! })).toBe(401);
  }
});

test("sign-in failures are counted across both servers: 20 split over A and B, the 21st on either is 429", async () => {
  const [a, b] = PORTS;
  for (let i = 0; i < 20; i++) {
    const attempt = await signIn(i % 2 === 0 ? a : b, "viewer@alpha.test", `wrong-${i}`);
    expect(attempt.status, `failure ${i + 1}`).toBe(401);
    expect(attempt.cookie).toBeUndefined();
  }
  for (const port of [a, b]) {
    const refused = await signIn(port, "viewer@alpha.test", "fixture-password");
    expect(refused.status).toBe(429);
    expect(refused.cookie).toBeUndefined();
  }
});

test(`API rate limits are counted across both servers (database store): ${RATE_LIMIT} split over A and B, then 429 on either`, async () => {
  const [a, b] = PORTS;
  const key = mintKey("lead@alpha.test", "scale-out rate limit");
  for (let i = 0; i < RATE_LIMIT; i++) {
    const response = await fetch(`http://127.0.0.1:${i % 2 === 0 ? a : b}/api/v1/companies?per_page=1`, { headers: bearer(key.secret) });
    expect(response.status, `request ${i + 1}`).toBe(200);
    expect(response.headers.get("ratelimit")).toMatch(new RegExp(`^"per-key";r=${RATE_LIMIT - i - 1};`));
  }
  for (const port of PORTS) {
    const refused = await fetch(`http://127.0.0.1:${port}/api/v1/companies?per_page=1`, { headers: bearer(key.secret) });
    expect(refused.status).toBe(429);
    expect((await refused.json()) as unknown).toMatchObject({ error: { code: "rate_limited" } });
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  }
});

test("start-up and serving are quiet: no warning from either server (NEXTAUTH_URL unset)", async () => {
  for (const port of PORTS) {
    const text = output.get(port)!;
    expect(text).toContain(`Serving on http://127.0.0.1:${port}`);
    // The request log's lines are JSON at level 30 (info); anything else that warns is noise.
    const noise = text.split("\n").filter((line) => /warn|deprecat|⚠/i.test(line) && !line.startsWith('{"level":30'));
    expect(noise, `server on :${port}`).toEqual([]);
  }
});
