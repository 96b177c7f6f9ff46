"use strict";
/**
 * What the production server (server/main.mjs) and the app's Next.js bundle share in one process.
 * Next.js bundles a module once per layer (route handlers, server components) and apart from
 * server/main.mjs, so a module's own state is not shared. This package is left out of the bundle
 * (next.config.ts `serverExternalPackages`) and installed as a copy (.npmrc `install-links`), so
 * every side loads this one file through Node's module cache (docs/architecture.md, "One
 * process, several copies"). Types: index.d.ts. A change here reaches node_modules with `npm ci`.
 */

/** Shut at the drain's deadline (server/drain.mjs); lib/db/transaction.ts then starts and commits no write. */
exports.writeGate = { shut: false };

/** The GETs server/main.mjs answers straight from Node's request, by exact pathname (lib/http/direct-route.ts registers them). */
exports.directRoutes = new Map();

/** The sign-in refusal lib/auth/sign-in-limit.ts sets when the sign-in route loads; server/sign-in-gate.mjs asks it. */
exports.signIn = { gate: undefined };

/** The process's database client once lib/db/client.ts opened it; server/main.mjs closes it at shutdown. */
exports.database = { client: undefined };

/** lib/db/client.ts's state of each client it made, and lib/market/cache.ts's caches of each engine. */
exports.databaseClients = new WeakMap();
exports.marketCaches = new WeakMap();
