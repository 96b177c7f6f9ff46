import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import pg from "pg";
import { expect, test } from "@playwright/test";
import { SECRETS } from "../lib/testing/fixtures";
import { E2E_AUTH_SECRET, PROJECT_ROOT } from "./support/env";

/**
 * Nothing lost, nothing stale: two production servers (`npm run serve`, the build the web server
 * of playwright.config.ts has just made) over one PostgreSQL database; what one writes is in the
 * other's very next answer, counts included, though each keeps its own list and count caches.
 * No browser: plain fetch against both.
 */

const PG_SERVER = process.env.E2E_PG_SERVER_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const PORTS = [3211, 3212] as const;
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

/** `npm run serve` on its own port, in a process group of its own (npm starts next as a child). */
function serve(port: number): ChildProcess {
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn("npm", ["run", "-s", "serve", "--", "--hostname", "127.0.0.1", "--port", String(port)], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATABASE_URL: databaseUrl, NEXTAUTH_URL: origin, NEXTAUTH_SECRET: E2E_AUTH_SECRET, PUBLIC_BASE_URL: origin, NEXT_TELEMETRY_DISABLED: "1", PORT: String(port) },
    detached: true,
    stdio: ["ignore", "ignore", "inherit"],
  });
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
