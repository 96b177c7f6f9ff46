/**
 * Reads the .env files as `next start` does (@next/env: `.env.production.local`, `.env.local`,
 * `.env.production`, `.env`; a variable already in the environment wins), for every entry point
 * outside Next.js: `npm start`'s setup, the seed, the operator CLIs, the Prisma CLI's config.
 * server/main.mjs calls the same loader before it reads PORT. So all of them act on one database.
 * Import it first.
 */
import { loadEnvConfig } from "@next/env";

loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });
