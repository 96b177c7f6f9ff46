import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as authPost } from "@/app/api/auth/[...nextauth]/route";
import { GET as live } from "@/app/api/health/route";
import { GET as ready } from "@/app/api/health/ready/route";
import { GET as logo } from "@/app/logos/[companyId]/[file]/route";
import { CONNECT_WAIT_MS, isDatabaseBusy, isDatabaseUnavailable } from "@/lib/db/busy";
import { createDb, engineOf, type Db } from "@/lib/db/client";
import { createFixtureDatabase } from "@/lib/testing/database";
import { SECRETS } from "@/lib/testing/fixtures/accounts";
import { NEW_BID } from "@/lib/testing/fixtures/bodies";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { callRoute, expectError, expectList, type CallResult } from "@/lib/testing/http";
import { startPrivatePostgres, type PrivatePostgres } from "@/lib/testing/private-postgres";
import { GET as companies } from "./companies/route";
import { GET as listIndications, POST as createIndication } from "./my/indications/route";

/**
 * PostgreSQL goes down under the running app and comes back (issue 16): while it is down every
 * route that needs it answers 503 `database_unavailable` with Retry-After at once (never a 500,
 * never a hang), readiness says not ready, liveness stays up; once it is back the same process
 * and the same pool answer 200 again. On a PostgreSQL server of this file's own, so the machine's
 * shared cluster is never stopped; it runs in every `npm test`, whichever database the suite uses.
 */

const KEY = SECRETS.alphaBroker;
const BODY = NEW_BID;

const holder = globalThis as unknown as { __deskDb?: unknown };
const saved = { db: holder.__deskDb, url: process.env.DATABASE_URL };
let server: PrivatePostgres;
let database: Awaited<ReturnType<typeof createFixtureDatabase>>;
let db: Db;

beforeAll(async () => {
  server = await startPrivatePostgres();
  database = await createFixtureDatabase(server.serverUrl);
  await database.db.$disconnect();
  // The app's process-wide client, and the URL readiness takes the migrations' kind from.
  db = createDb(database.url);
  holder.__deskDb = db;
  process.env.DATABASE_URL = database.url;
}, 60_000);

afterAll(async () => {
  holder.__deskDb = saved.db;
  process.env.DATABASE_URL = saved.url;
  server?.destroy(); // first: a client's disconnect must not keep the server running
  await db?.$disconnect().catch(() => undefined);
});

/** Every way in that reads the database, as a caller would use it. */
const calls = {
  list: () => callRoute(listIndications, "/api/v1/my/indications?per_page=2", { key: KEY }),
  companies: () => callRoute(companies, "/api/v1/companies?per_page=2", { key: KEY }),
  create: () => callRoute(createIndication, "/api/v1/my/indications", { key: KEY, body: BODY }),
  logo: () => callRoute(logo, `/logos/${COMPANIES[0].id}/24x24.svg`, { params: { companyId: COMPANIES[0].id, file: "24x24.svg" } }),
  signIn: () =>
    callRoute(authPost, "/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "broker@alpha.test", password: "guess", csrfToken: "x", json: "true" }).toString(),
      params: { nextauth: ["callback", "credentials"] } as never,
    }),
};

const timed = async (call: () => Promise<CallResult>) => {
  const started = performance.now();
  const result = await call();
  return { result, ms: performance.now() - started };
};

function expectUnavailable({ result, ms }: { result: CallResult; ms: number }): void {
  expectError(result, "database_unavailable", null);
  expect(result.headers.get("retry-after")).toBe("5");
  expect(ms, "answered at once, not after a wait").toBeLessThan(2_000);
}

describe("PostgreSQL outage", () => {
  it("answers 503 database_unavailable while the server is down, and 200 again from the same process once it is back", async () => {
    expectList(await calls.list(), "indications");
    expectList(await calls.companies(), "companies");
    expect((await calls.create()).status).toBe(201);
    expect((await calls.logo()).status).toBe(200);
    // Reachable (its migrations were applied as scripts, not by Prisma, so it lists them as pending).
    expect((await callRoute(ready, "/api/health/ready")).body).toMatchObject({ database: "reachable" });

    server.stop();
    // The pool's connections were ended by the shutdown (57P01); new ones are refused.
    for (const call of Object.values(calls)) expectUnavailable(await timed(call));
    const notReady = await callRoute(ready, "/api/health/ready");
    expect(notReady.status).toBe(503);
    expect(notReady.body).toMatchObject({ ready: false, database: "unreachable" });
    expect((await callRoute(live, "/api/health")).status).toBe(200);

    server.start();
    expectList(await calls.list(), "indications");
    expectList(await calls.companies(), "companies");
    expect((await calls.create()).status).toBe(201);
    expect((await calls.logo()).status).toBe(200);
    expect((await callRoute(ready, "/api/health/ready")).body).toMatchObject({ database: "reachable" });
  });

  it("classifies what the driver throws for work in flight at the shutdown as unavailable, and gives the dead connections back to the pool", async () => {
    const other = createDb(database.url);
    // A pool of one: a connection lost inside a transaction and never given back would leave it
    // without any (Prisma skips giving it back when its ROLLBACK fails; lib/db/driver.ts).
    process.env.DATABASE_POOL_SIZE = "1";
    const single = createDb(database.url);
    delete process.env.DATABASE_POOL_SIZE;
    const errorOf = (work: Promise<unknown>) => work.then(() => new Error("did not fail"), (error: unknown) => error);
    const sleepInTransaction = (client: Db) => client.$transaction(async (tx) => tx.$queryRawUnsafe("SELECT pg_sleep(10)"));
    try {
      await Promise.all([other.team.count(), single.team.count()]); // connected
      const inFlight = [
        other.$queryRawUnsafe("SELECT pg_sleep(10)"), // Prisma's P2010 around 57P01
        engineOf(other).run({ text: "SELECT pg_sleep(10)", values: [] }), // the adapter's own error
        sleepInTransaction(other),
        sleepInTransaction(single),
        // A transaction whose connection died between two statements: pg's own, code-less error.
        other.$transaction(async (tx) => {
          await tx.team.count();
          await new Promise((resolve) => setTimeout(resolve, 1_000));
          return tx.team.count();
        }),
      ].map(errorOf);
      await new Promise((resolve) => setTimeout(resolve, 300));
      server.stop();
      const errors = [...(await Promise.all(inFlight)), await errorOf(other.team.count()), await errorOf(engineOf(other).run({ text: "SELECT 1", values: [] }))];
      for (const error of errors) {
        expect(isDatabaseUnavailable(error), String(error)).toBe(true);
        expect(isDatabaseBusy(error)).toBe(false);
      }
      server.start();
      const started = performance.now();
      expect(await single.team.count()).toBeGreaterThan(0);
      expect(performance.now() - started, "a free connection at once, not after the pool's wait").toBeLessThan(1_000);
    } finally {
      server.start();
      // Ends only once every client is back in the pool.
      await Promise.all([other.$disconnect(), single.$disconnect()]);
    }
    expect(isDatabaseUnavailable(new Error("syntax error"))).toBe(false);
  });

  it(`gives up connecting to a server that accepts but never answers after ${CONNECT_WAIT_MS / 1000} s (503, not a hang)`, async () => {
    const fresh = createDb(database.url); // no pooled connection to fall back on
    holder.__deskDb = fresh;
    const postmaster = server.pid();
    process.kill(postmaster, "SIGSTOP");
    try {
      const { result, ms } = await timed(calls.list);
      expectError(result, "database_unavailable", null);
      expect(ms).toBeGreaterThanOrEqual(CONNECT_WAIT_MS - 100);
      expect(ms).toBeLessThan(CONNECT_WAIT_MS + 3_000);
    } finally {
      process.kill(postmaster, "SIGCONT");
      holder.__deskDb = db;
    }
    expectList(await calls.list(), "indications");
    await fresh.$disconnect();
  });
});
