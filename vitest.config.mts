import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    tsconfigPaths: true,
    // Data modules start with `import "server-only"`, which throws outside React's server
    // condition; the tests run them in plain Node, as the route handlers run on the server.
    alias: { "server-only": fileURLToPath(new URL("node_modules/server-only/empty.js", import.meta.url)) },
  },
  test: {
    environment: "node",
    include: ["{app,lib,prisma,components,server}/**/*.test.ts"],
    // One throwaway database per run (SQLite file, or PostgreSQL when TEST_DATABASE_URL is set),
    // migrated with the committed migrations and filled with the fixture data.
    globalSetup: ["lib/testing/global-setup.ts"],
    // Sessions in tests are signed with a fixed secret instead of the per-installation file; the
    // request log stays quiet unless LOG_LEVEL asks for it.
    env: { NEXTAUTH_SECRET: "test-only-secret-not-used-anywhere-else", LOG_LEVEL: process.env.LOG_LEVEL ?? "silent" },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
