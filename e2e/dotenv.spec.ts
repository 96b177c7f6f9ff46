import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { ACCOUNTS, E2E_AUTH_SECRET, E2E_PORT, PROJECT_ROOT } from "./support/env";

/**
 * The first hour of an operator who puts the settings in a .env file (.env.example says they
 * may): `npm start`'s setup, the server and an operator CLI must all read it (lib/env.ts), so all
 * three act on the same database. Run in a folder of links to this checkout (so the project's own
 * .env, if a developer has one, is not touched), with DATABASE_URL, PORT and HOSTNAME only in
 * that folder's .env, over a fresh PostgreSQL database.
 */

const PG_SERVER = process.env.E2E_PG_SERVER_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const PORT = E2E_PORT + 6;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_SERVER });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

test("DATABASE_URL, PORT and HOSTNAME only in .env: the setup, the server and a CLI act on that one database", async () => {
  test.setTimeout(300_000);
  const database = `desk_dotenv_${Date.now()}`;
  const dir = mkdtempSync(path.join(tmpdir(), "dotenv-"));
  for (const entry of readdirSync(PROJECT_ROOT)) if (!entry.startsWith(".env")) symlinkSync(path.join(PROJECT_ROOT, entry), path.join(dir, entry));
  writeFileSync(path.join(dir, ".env"), `DATABASE_URL=postgresql://postgres@127.0.0.1:5432/${database}\nPORT=${PORT}\nHOSTNAME=127.0.0.1\n`);
  const env: NodeJS.ProcessEnv = { ...process.env, NEXTAUTH_SECRET: E2E_AUTH_SECRET, NEXT_TELEMETRY_DISABLED: "1" };
  for (const name of ["DATABASE_URL", "PORT", "HOSTNAME"]) delete env[name];
  const run = (...args: string[]) => execFileSync("npm", ["run", "-s", ...args], { cwd: dir, env, encoding: "utf8", timeout: 180_000 });
  await admin(`CREATE DATABASE "${database}"`);
  const server = { child: undefined as ReturnType<typeof spawn> | undefined, output: "" };
  try {
    expect(run("db:setup")).toContain(`PostgreSQL 127.0.0.1:5432/${database}: applied the new ones`);
    const minted = run("api-key", "--", "create", "--email", ACCOUNTS.broker, "--name", "dotenv");
    expect(minted).toContain(`PostgreSQL 127.0.0.1:5432/${database}`);
    const key = minted.trim().split("\n").at(-1)!;

    server.child = spawn(process.execPath, ["server/main.mjs"], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
    server.child.stdout!.on("data", (chunk) => (server.output += chunk));
    server.child.stderr!.on("data", (chunk) => (server.output += chunk));
    await expect.poll(() => server.output, { timeout: 60_000 }).toContain(`Serving on http://127.0.0.1:${PORT}`);

    // The key the CLI wrote is found by the server: one database for both.
    const trades = await fetch(`http://127.0.0.1:${PORT}/api/v1/my/trades?per_page=1`, { headers: { authorization: `Bearer ${key}` } });
    expect(trades.status, await trades.clone().text()).toBe(200);
    expect(((await trades.json()) as { total_count: number }).total_count).toBeGreaterThan(0);
    expect((await fetch(`http://127.0.0.1:${PORT}/api/health/ready`)).status).toBe(200);
  } finally {
    server.child?.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
    await admin(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
  }
});
