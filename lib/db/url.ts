import path from "node:path";

/**
 * Where the database lives. One resolver for the app, the Prisma CLI, the seed and the tests, so
 * they can never disagree. Without DATABASE_URL we use the embedded SQLite file under prisma/data,
 * resolved against the project root rather than the current directory (SQLite's own rule).
 */
const DEFAULT_SQLITE_FILE = path.join(process.cwd(), "prisma", "data", "desk.db");

export type DatabaseKind = "sqlite" | "postgres";

export function databaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATABASE_URL?.trim() || `file:${DEFAULT_SQLITE_FILE}`;
}

export function databaseKind(url: string = databaseUrl()): DatabaseKind {
  if (url.startsWith("postgres://") || url.startsWith("postgresql://")) return "postgres";
  if (url.startsWith("file:")) return "sqlite";
  throw new Error(`DATABASE_URL must start with file:, postgres:// or postgresql:// (got "${url.split(":")[0]}:")`);
}

/** The filesystem path of a file: URL, relative paths taken from the project root. */
export function sqliteFilePath(url: string): string {
  const file = url.slice("file:".length).split("?")[0];
  // A runtime path, not a module: the ignore keeps Turbopack from tracing the whole project into
  // the build output because of it.
  return path.isAbsolute(file) ? file : path.join(/* turbopackIgnore: true */ process.cwd(), file);
}

/**
 * Which database a URL names, for people (the operator CLIs print it): the SQLite file's path, or
 * PostgreSQL's host, port and database. Never the password.
 */
export function describeDatabase(url: string = databaseUrl()): string {
  if (databaseKind(url) === "sqlite") return `SQLite ${sqliteFilePath(url)}`;
  const parsed = new URL(url);
  return `PostgreSQL ${parsed.hostname}:${parsed.port || "5432"}${parsed.pathname}`;
}
