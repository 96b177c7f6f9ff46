import path from "node:path";

/**
 * Where the browser tests' own server and database live. Shared by playwright.config.ts (which
 * starts the server) and the specs (which mint API keys against the same database).
 *
 * The port and the database file are the tests' own, so a developer's `npm start` (port 3000,
 * prisma/data/desk.db) is never touched.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3200);
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

export const PROJECT_ROOT = path.resolve(__dirname, "..", "..");
export const E2E_DB_FILE = path.join(PROJECT_ROOT, "prisma", "data", "e2e.db");
export const E2E_DATABASE_URL = `file:${E2E_DB_FILE}`;

/** A fixed session-signing secret for the test server (not the installation's generated one). */
export const E2E_AUTH_SECRET = "e2e-only-secret-not-for-production-0123456789abcdef";

export const DEMO_PASSWORD = "demo-password";

export const ACCOUNTS = {
  broker: "broker@alpha.example",
  lead: "lead@alpha.example",
  viewer: "viewer@alpha.example",
  betaBroker: "broker@beta.example",
  ops: "ops@marketplace.example",
  analyst: "analyst@alpha.example",
} as const;
