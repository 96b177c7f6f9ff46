/**
 * Reads the .env files as Next.js does (@next/env: `.env.production.local`, `.env.local`,
 * `.env.production`, `.env`, or the `.development` ones under `npm run dev`, which sets NODE_ENV;
 * a variable already in the environment wins), for every entry point outside Next.js: `npm
 * start`'s setup, the seed, the operator CLIs, the Prisma CLI's config. Not the bench: it seeds a
 * million rows into its database, which must never be the app's from a .env file.
 * server/main.mjs calls the same loader before it reads PORT. So all of them act on one database.
 * Import it first.
 */
import { loadEnvConfig } from "@next/env";

loadEnvConfig(process.cwd(), process.env.NODE_ENV === "development", { info: () => {}, error: console.error });
