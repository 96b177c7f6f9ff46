import { defineConfig } from "@playwright/test";
import { BASE_URL, E2E_AUTH_SECRET, E2E_DATABASE_URL, E2E_DB_FILE, E2E_PORT } from "./e2e/support/env";

/**
 * Browser tests: Debian's Chromium (`apt-get install chromium`; Playwright's own browser download
 * is not reachable here) against the production build (`next build`, then `npm run serve` as
 * `npm start` does) on a freshly seeded SQLite database of their own (prisma/data/e2e.db) and a
 * port of their own (3200).
 *
 * One worker: the machine has two cores and the server needs one of them. The tests do not share
 * state through the database except API keys, which each test creates under its own name.
 */
const CI = Boolean(process.env.CI);

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

// Reseeded on every run: delete the file (and its WAL/journal), migrate + seed, build, serve.
const WEB_SERVER_COMMAND = [
  `rm -f "${E2E_DB_FILE}" "${E2E_DB_FILE}-journal" "${E2E_DB_FILE}-wal" "${E2E_DB_FILE}-shm"`,
  "npm run -s db:setup",
  "npx next build",
  `npm run -s serve -- --hostname 127.0.0.1 --port ${E2E_PORT}`,
].join(" && ");

export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  outputDir: "./test-results",
  fullyParallel: false,
  workers: 1,
  forbidOnly: CI,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: BASE_URL,
    viewport: { width: 1280, height: 900 },
    locale: "en-US",
    timezoneId: "UTC",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    video: "off",
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: "chromium" }],
  webServer: {
    command: WEB_SERVER_COMMAND,
    url: `${BASE_URL}/sign-in`,
    // Never in CI. Locally, E2E_REUSE_SERVER=1 reuses a server already on the port (no rebuild,
    // no reseed) to iterate on the specs quickly.
    reuseExistingServer: !CI && process.env.E2E_REUSE_SERVER === "1",
    timeout: 600_000,
    stdout: "pipe",
    stderr: "pipe",
    env: {
      DATABASE_URL: E2E_DATABASE_URL,
      NEXTAUTH_URL: BASE_URL,
      NEXTAUTH_SECRET: E2E_AUTH_SECRET,
      PUBLIC_BASE_URL: BASE_URL,
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(E2E_PORT),
      // The typed client's webhook receiver listens on loopback (e2e/typed-client.spec.ts).
      WEBHOOK_ALLOWED_HOSTS: "127.0.0.1:*",
    },
  },
});
