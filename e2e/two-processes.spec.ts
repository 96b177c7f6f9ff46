import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { SECRETS } from "../lib/testing/fixtures/accounts";
import { NEW_BID } from "../lib/testing/fixtures/bodies";
import { E2E_PORT, PROJECT_ROOT } from "./support/env";
import { answering, createFixtureDatabase, dropDatabase, serve, signIn, stop, type Served } from "./support/servers";

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
// Beside the browser tests' own server (E2E_PORT) and the other specs' (lifecycle +1, outage +3).
const PORTS = [E2E_PORT + 4, E2E_PORT + 5] as const;
// Small enough to reach in a test, large enough for the other tests' calls within one window.
const RATE_LIMIT = 40;
let databaseUrl = "";
const servers: Served[] = [];

let key = "";

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
  databaseUrl = createFixtureDatabase(PG_SERVER);
  expect(databaseUrl).toMatch(/^postgresql:\/\/.+\/desk_test_/);
  key = SECRETS.alphaBroker;
  const env = { API_RATE_LIMIT_STORE: "database", API_RATE_LIMIT: String(RATE_LIMIT), API_RATE_LIMIT_WINDOW_SECONDS: "600" };
  for (const port of PORTS) servers.push(serve(port, databaseUrl, env));
  for (const port of PORTS) await answering(port, "/api/v1/companies?per_page=1", { authorization: `Bearer ${key}` });
});

test.afterAll(async () => {
  servers.forEach(stop);
  if (databaseUrl) await dropDatabase(PG_SERVER, databaseUrl);
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
    body: NEW_BID,
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

/**
 * An operator CLI (`npm run api-key` / `npm run users`) on the servers' database; its output.
 * Asynchronous: a blocked event loop would miss the servers closing idle keep-alive sockets and
 * reuse a closed one ("other side closed").
 */
async function cli(name: "api-key" | "users", ...args: string[]): Promise<string> {
  const run = promisify(execFile);
  const options = { cwd: PROJECT_ROOT, env: { ...process.env, DATABASE_URL: databaseUrl }, timeout: 60_000 };
  return (await run("npm", ["run", "-s", name, "--", ...args], options)).stdout;
}

/** A key minted by the CLI for a fixture user: its secret (the last line) and prefix. */
async function mintKey(email: string, name: string): Promise<{ secret: string; prefix: string }> {
  const secret = (await cli("api-key", "create", "--email", email, "--name", name)).trim().split("\n").at(-1)!;
  return { secret, prefix: secret.slice(0, 12) };
}

async function status(port: number, path: string, headers: Record<string, string>): Promise<number> {
  return (await fetch(`http://127.0.0.1:${port}/api/v1${path}`, { headers })).status;
}

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

test("a key revoked with the CLI is refused by both servers on their next call", async () => {
  const [a, b] = PORTS;
  const key = await mintKey("lead@alpha.test", "scale-out revocation");
  // Both servers have resolved (and cached) the key.
  for (const port of PORTS) expect(await status(port, "/my/trades?per_page=1", bearer(key.secret))).toBe(200);
  expect(await cli("api-key", "revoke", key.prefix)).toMatch(/revoked/i);
  expect(await status(b, "/my/trades?per_page=1", bearer(key.secret))).toBe(401);
  expect(await status(a, "/my/trades?per_page=1", bearer(key.secret))).toBe(401);
});

test("a permission taken away with the users CLI is refused by both servers, for keys and sessions", async () => {
  const [a, b] = PORTS;
  const key = await mintKey("broker@beta.test", "scale-out permission");
  const company = ((await call(a, "/companies?per_page=1")).companies as { id: string }[])[0].id;
  // Signed in through A, the session works on B too: no sticky sessions.
  const { cookie } = await signIn(a, "broker@beta.test", "fixture-password");
  expect(cookie).toBeTruthy();
  for (const port of PORTS) {
    expect(await status(port, `/companies/${company}`, bearer(key.secret))).toBe(200);
    expect(await status(port, `/companies/${company}`, { cookie: cookie! })).toBe(200);
  }
  await cli("users", "revoke", "--email", "broker@beta.test", "--permissions", "companies");
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
  const key = await mintKey("lead@alpha.test", "scale-out rate limit");
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
  for (const server of servers) {
    const { port } = server;
    const text = server.output();
    expect(text).toContain(`Serving on http://127.0.0.1:${port}`);
    // The request log's lines are JSON at level 30 (info); anything else that warns is noise.
    const noise = text.split("\n").filter((line) => /warn|deprecat|⚠/i.test(line) && !line.startsWith('{"level":30'));
    expect(noise, `server on :${port}`).toEqual([]);
  }
});
