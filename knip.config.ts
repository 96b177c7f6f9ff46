import type { KnipConfig } from "knip";

/**
 * Knip (`npm run lint`): no file that nothing starts or imports, no export that no other file
 * imports, no dependency that nothing uses. Its plugins find most entry points themselves: Next.js
 * (app/: page.tsx, layout.tsx, route.ts…, proxy.ts, instrumentation.ts, next.config.ts), vitest
 * (vitest.config.mts and its *.test.ts, globalSetup), Playwright (playwright.config.ts, e2e/*.spec.ts),
 * Prisma (prisma.config.ts), ESLint (eslint.config.mjs), dependency-cruiser (.dependency-cruiser.cjs),
 * PostCSS and Tailwind, and every file an npm script runs with tsx or node (package.json). The
 * entries below are the ones started by path from our own code, or by hand.
 */
const config: KnipConfig = {
  entry: [
    // Started by hand or by bench/run.ts (`node --import tsx bench/floor.ts`, streams, webhooks…).
    "bench/*.{ts,mjs}",
    // The production server and what it forks (npm run serve, npm start).
    "server/*.mjs",
    // What the server and the bundle share: imported by its package name, from the copy npm puts
    // in node_modules (package.json desk-process-state), never by this path.
    "server/process-state/index.cjs",
    // The database's setup and seed (npm run db:setup, db:seed).
    "prisma/*.ts",
    // The operator and build CLIs (npm run api-key, users, db:backup, lint:openapi, …).
    "lib/**/*-cli.ts",
    "lib/*/cli.ts",
    // piscina's worker threads, started from their file name (lib/auth/password.ts).
    "lib/auth/hash-worker.mjs",
    // The marks rebuild's SQLite writer thread, started from its file name (lib/marks/bulk.ts).
    "lib/marks/sqlite-writer.mjs",
    // SQLite's checkpoints' thread, started from its file name (lib/db/checkpoints.ts).
    "lib/db/sqlite-checkpointer.mjs",
    // Processes the tests spawn by path (app/api/v1/live-stream.test.ts, webhook-crash.test.ts).
    "lib/testing/other-instance.ts",
    "lib/testing/webhook-worker-process.ts",
    // docs/ui.md's gallery (`npx tsx e2e/support/gallery.ts`).
    "e2e/support/gallery.ts",
  ],
  project: ["**/*.{ts,tsx,mts,mjs,cjs,css,prisma}"],
  // Both databases' schemas, and the models they share (prisma/sqlite and prisma/postgres link to
  // each file of prisma/models/); prisma.config.ts picks one of them by DATABASE_URL.
  prisma: { entry: ["prisma/{sqlite,postgres}/schema.prisma", "prisma/models/*.prisma"] },
  ignoreDependencies: [
    // The generated Prisma clients (lib/generated, not committed) import its runtime.
    "@prisma/client",
    // Command-line tools run from node_modules/.bin by our scripts: lib/openapi/lint-cli.ts
    // (redocly, spectral and .spectral.yaml's OWASP ruleset), lib/openapi/types-cli.ts
    // (openapi-typescript), bench/lighthouse.ts (lighthouse).
    "@redocly/cli",
    "@stoplight/spectral-cli",
    "@stoplight/spectral-owasp-ruleset",
    "openapi-typescript",
    "lighthouse",
  ],
};

export default config;
