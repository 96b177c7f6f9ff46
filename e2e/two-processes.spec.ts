import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { SECRETS } from "../lib/testing/fixtures/accounts";
import { NEW_BID } from "../lib/testing/fixtures/bodies";
import { TRADES } from "../lib/testing/fixtures/trades";
import { E2E_PORT, PROJECT_ROOT } from "./support/env";
import { answering, createFixtureDatabase, dropDatabase, serve, signIn, stop, type Served } from "./support/servers";

/**
 * Scale-out (issue 16): two production servers (`npm run serve`, the build the web server of
 * playwright.config.ts has just made) over one PostgreSQL database, as behind a load balancer
 * without sticky sessions (docs/deployment.md). Nothing lost, nothing stale: what one writes is in
 * the other's very next answer, counts included, though each keeps its own list and count caches;
 * a key revoked or a permission taken away by the operator CLIs is refused by both on the next
 * call; sign-in failures and API rate limits (API_RATE_LIMIT_STORE=database) are counted across
 * both; a trade verified through either moves the company's mark on the other within 2 s, whichever
 * holds the marks updater's lease. No browser: plain fetch against both.
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
  // Every company's marks and the Desk 50, as the seeds leave them, before the servers start.
  await cli("marks:rebuild");
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
async function cli(name: "api-key" | "users" | "marks:rebuild", ...args: string[]): Promise<string> {
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

type Mark = { date: string; price_per_share: string; data_points_180d: number };

/**
 * A read polled the way a client should: with the ETag of its last answer, so that while nothing
 * changed the server answers 304, which gives the request's rate-limit unit back (the servers run
 * with a limit of RATE_LIMIT a key). Null on a 304, else the new answer and its ETag.
 */
async function changed(port: number, path: string, secret: string, etag?: string): Promise<{ etag: string; body: Record<string, unknown> } | null> {
  const response = await fetch(`http://127.0.0.1:${port}/api/v1${path}`, { headers: { ...bearer(secret), ...(etag ? { "if-none-match": etag } : {}) } });
  if (response.status === 304) return null;
  const text = await response.text();
  expect(response.status, `GET ${path} on :${port} -> ${text.slice(0, 300)}`).toBe(200);
  return { etag: response.headers.get("etag")!, body: JSON.parse(text) as Record<string, unknown> };
}

/**
 * Issue 46: a mark is current within 2 s of a trade on the other instance. One process holds the
 * updater's lease (mark_worker) and cannot be told from outside, so a trade is verified through
 * each server in turn and the mark read on the other: one of the two writes is made on the
 * instance that does not hold the lease, and that one's mark comes only through the database. The
 * company is a Desk 50 member: today's index value follows its mark the same way.
 */
test("a trade verified through one server moves the company's mark and the Desk 50 on the other within 2 s, both ways", async () => {
  test.setTimeout(120_000);
  // The fixture company with the most verified trades: a settled mark, which a trade at 1.3 times it moves up.
  const counts = new Map<string, number>();
  for (const t of TRADES) if (t.isVerified) counts.set(t.issuerId, (counts.get(t.issuerId) ?? 0) + 1);
  const company = [...counts].sort((x, y) => y[1] - x[1])[0][0];
  await cli("users", "create-user", "--email", "ops@scale-out.test", "--name", "Scale-out ops", "--team", "Alpha", "--role", "marketplace_ops", "--permissions", "companies,trades_verify", "--password", "scale-out-ops-password");
  // The reads and verifications on a key of their own, beside the other tests' broker key.
  const ops = (await mintKey("ops@scale-out.test", "scale-out marks")).secret;
  const today = new Date().toISOString().slice(0, 10);
  const markPath = `/companies/${company}/mark`;
  const indexPath = `/indexes/desk-50?from=${today}`;
  const { members } = (await changed(PORTS[0], "/indexes/desk-50/members", ops))!.body as { members: { company: { id: string } }[] };
  expect(members.map((m) => m.company.id)).toContain(company);
  for (const [writer, reader] of [PORTS, [...PORTS].reverse()]) {
    const where = `written on :${writer}, read on :${reader}`;
    let mark = (await changed(reader, markPath, ops))!;
    let index = (await changed(reader, indexPath, ops))!;
    const before = mark.body.mark as Mark;
    const indexBefore = (index.body.values as { value: string }[])[0]?.value;
    expect(before, "the rebuild gave the company a mark").toBeTruthy();
    expect(indexBefore, "the rebuild computed today's index value").toBeTruthy();
    const trade = {
      issuer_id: company, price_per_share: (Number(before.price_per_share) * 1.3).toFixed(2), volume: "5000000", structure: "direct",
      stock_type: "secondary", stock_class_type: "preferred", sign_date: today, won_date: today,
      verification_officer_name: "Dana Officer", verification_officer_email: "dana@bank.example",
    };
    const { id } = (await call(writer, "/my/trades", { method: "POST", body: trade })) as { id: string };
    // An unverified trade is not on the tape: the verification is the write that moves the mark.
    const verify = await fetch(`http://127.0.0.1:${writer}/api/v1/ops/trades/${id}/verify`, { method: "POST", headers: bearer(ops) });
    expect(verify.status, await verify.text()).toBe(200);
    const answered = Date.now();
    let after = before;
    let indexAfter = indexBefore;
    for (;;) {
      const [newMark, newIndex] = await Promise.all([changed(reader, markPath, ops, mark.etag), changed(reader, indexPath, ops, index.etag)]);
      if (newMark) [mark, after] = [newMark, newMark.body.mark as Mark];
      if (newIndex) [index, indexAfter] = [newIndex, (newIndex.body.values as { value: string }[])[0].value];
      if ((after.price_per_share !== before.price_per_share && indexAfter !== indexBefore) || Date.now() - answered >= 2_000) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const waited = Date.now() - answered;
    expect(Number(after.price_per_share), where).toBeGreaterThan(Number(before.price_per_share));
    expect(after.date).toBe(today);
    expect(after.data_points_180d).toBeGreaterThan(before.data_points_180d);
    expect(Number(indexAfter), where).toBeGreaterThan(Number(indexBefore));
    expect(waited, where).toBeLessThan(2_000);
  }
  // Neither updater failed a pass or the index's update meanwhile (logged, not answered).
  for (const server of servers) expect(server.output(), `server on :${server.port}`).not.toMatch(/marks pass failed|Desk 50's update failed/);
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
