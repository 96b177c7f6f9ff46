import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as live } from "@/app/api/health/route";
import { GET as ready } from "@/app/api/health/ready/route";
import { createDb, type Db } from "@/lib/db/client";
import { callRoute, type CallResult } from "@/lib/testing/http";
import { poolConfigFromUrl } from "@/prisma/postgres/cli-adapter";
import { committedMigrations, readiness } from "./readiness";

// A fresh database of this file's own (a SQLite file, or a PostgreSQL database on the server of
// TEST_DATABASE_URL), migrated by the real `prisma migrate deploy`, which is what records the
// migrations readiness looks for.
const serverUrl = process.env.TEST_DATABASE_URL ?? "";
const postgres = /^postgres(ql)?:\/\//.test(serverUrl);
const name = `readiness_test_${Date.now()}`;
const folder = mkdtempSync(path.join(tmpdir(), "readiness-"));
const url = postgres ? Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString() : `file:${path.join(folder, "ready.db")}`;
let db: Db;

async function onServer(sql: string) {
  const client = new pg.Client(poolConfigFromUrl(serverUrl).config);
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (postgres) await onServer(`CREATE DATABASE "${name}"`);
  db = createDb(url);
});
afterAll(async () => {
  await db?.$disconnect();
  if (postgres) await onServer(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  rmSync(folder, { recursive: true, force: true });
});

/** GET /api/health/ready through the real route handler, with the app's client (getDb()) on `on`. */
async function readyRoute(on: Db): Promise<CallResult> {
  const holder = globalThis as unknown as { __deskDb?: unknown };
  const saved = holder.__deskDb;
  holder.__deskDb = on;
  try {
    return await callRoute(ready, "/api/health/ready");
  } finally {
    holder.__deskDb = saved;
  }
}

describe("readiness", () => {
  it("names every migration while the database was never migrated, then is ready after migrate deploy", { timeout: 120_000 }, async () => {
    const committed = committedMigrations(postgres ? "postgres" : "sqlite");
    expect(committed.length).toBeGreaterThan(0);
    expect(await readiness(db, committed)).toEqual({ ready: false, database: "reachable", pending_migrations: committed });
    const notReady = await readyRoute(db);
    expect(notReady.status).toBe(503);
    expect(notReady.body).toEqual({ ready: false, database: "reachable", pending_migrations: committed });

    // Our client lets go of the file first: the CLI wants the SQLite write lock to itself.
    await db.$disconnect();
    const deploy = spawnSync("npx", ["prisma", "migrate", "deploy"], { env: { ...process.env, DATABASE_URL: url }, encoding: "utf8" });
    expect(deploy.status, deploy.stderr).toBe(0);
    db = createDb(url);
    expect(await readiness(db, committed)).toEqual({ ready: true, database: "reachable", pending_migrations: [] });
    // What a load balancer reads: 200 from the routes, uncached.
    const answer = await readyRoute(db);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.body).toEqual({ ready: true, database: "reachable", pending_migrations: [] });
    const alive = await callRoute(live, "/api/health");
    expect(alive.status).toBe(200);
    expect(alive.headers.get("cache-control")).toBe("no-store");
    expect(alive.body).toEqual({ status: "ok" });
    // A migration committed after the last deploy (a new release before its migrate) is pending.
    expect(await readiness(db, [...committed, "29991231000000_next"])).toMatchObject({ ready: false, pending_migrations: ["29991231000000_next"] });
  });

  it("is not ready when the database is unreachable", async () => {
    const nowhere = createDb(postgres ? "postgresql://postgres@127.0.0.1:1/none" : "file:/nonexistent-folder/never.db");
    try {
      expect(await readiness(nowhere, ["a"])).toEqual({ ready: false, database: "unreachable", pending_migrations: ["a"] });
    } finally {
      await nowhere.$disconnect().catch(() => {});
    }
  });
});
