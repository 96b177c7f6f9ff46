import "./lib/env";
import path from "node:path";
import { defineConfig } from "prisma/config";
import { databaseKind, databaseUrl, sqliteFilePath } from "./lib/db/url";

// Prisma 6.19's native engines cannot be downloaded on our machines, so the CLI runs its
// JavaScript schema engine through a driver adapter. The datasource block still reads
// DATABASE_URL, and the CLI falls back to downloading an engine when it is unset: set it here.
const url = databaseUrl();
process.env.DATABASE_URL = url;
const kind = databaseKind(url);

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", kind),
  migrations: { path: path.join("prisma", kind, "migrations") },
  async adapter() {
    if (kind === "sqlite") {
      const { PrismaBetterSQLite3 } = await import("@prisma/adapter-better-sqlite3");
      return new PrismaBetterSQLite3({ url: sqliteFilePath(url) }, { timestampFormat: "unixepoch-ms" });
    }
    const { postgresCliAdapter } = await import("./prisma/postgres/cli-adapter");
    return postgresCliAdapter(url);
  },
});
