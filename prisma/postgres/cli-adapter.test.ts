import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { poolConfigFromUrl } from "./cli-adapter";

// The Prisma CLI on PostgreSQL only works through prisma/postgres/cli-adapter.ts (see the comments
// there). These tests run the real CLI against a fresh database on the server of
// TEST_DATABASE_URL (a postgresql:// URL of a server where we may create databases).

const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const serverUrl = process.env.TEST_DATABASE_URL ?? "";
const haveServer = /^postgres(ql)?:\/\//.test(serverUrl);

describe("poolConfigFromUrl", () => {
  it("splits the URL into pool fields and keeps Prisma's schema parameter apart", () => {
    const { config, schema } = poolConfigFromUrl("postgresql://desk%40ops:p%3Ass@db.local:6543/desk?schema=api");
    expect(config).toMatchObject({ host: "db.local", port: 6543, user: "desk@ops", password: "p:ss", database: "desk" });
    expect(config).not.toHaveProperty("connectionString");
    expect(schema).toBe("api");
    expect(poolConfigFromUrl("postgres://postgres@127.0.0.1/x")).toMatchObject({
      config: { port: 5432, user: "postgres", password: undefined, database: "x" },
      schema: "public",
    });
  });
});

function runPrisma(args: string[], databaseUrl: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["prisma", ...args], {
      cwd: PROJECT_ROOT,
      env: { ...process.env, DATABASE_URL: databaseUrl, NO_COLOR: "1" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe.skipIf(!haveServer)("prisma CLI on a fresh PostgreSQL database", () => {
  const database = `cli_adapter_test_${Date.now()}_${randomBytes(3).toString("hex")}`;
  // Computed lazily: a skipped describe body still runs while tests are collected.
  let databaseUrl = "";

  async function onServer<T>(work: (client: pg.Client) => Promise<T>, db?: string): Promise<T> {
    const { config } = poolConfigFromUrl(serverUrl);
    const client = new pg.Client({ ...config, database: db ?? config.database });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();
    await onServer((c) => c.query(`CREATE DATABASE "${database}"`));
  });
  // Runs even when a test failed; FORCE ends connections a crashed CLI may have left behind.
  afterAll(() => onServer((c) => c.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`)));

  it("migrate deploy creates every table", { timeout: 120_000 }, async () => {
    const { code, output } = await runPrisma(["migrate", "deploy"], databaseUrl);
    expect(code, output).toBe(0);

    const { rows } = await onServer(
      (c) => c.query<{ table_name: string }>("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"),
      database,
    );
    expect(rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(["companies", "indications", "trades", "users", "teams", "api_keys", "_prisma_migrations"]),
    );
  });

  it("migrate status then reports the schema up to date", { timeout: 120_000 }, async () => {
    const { code, output } = await runPrisma(["migrate", "status"], databaseUrl);
    expect(code, output).toBe(0);
    expect(output).toContain("Database schema is up to date!");
  });
});
