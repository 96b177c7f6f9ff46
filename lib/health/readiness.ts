import "server-only";
import { readdirSync } from "node:fs";
import path from "node:path";
import { engineOf, getDb, type Db } from "../db/client";
import { databaseKind } from "../db/url";

/**
 * Whether this instance can serve: the database answers and every committed migration of its
 * kind (prisma/<kind>/migrations, as prisma.config.ts names them) is applied. A load balancer
 * sends traffic only to a ready instance.
 */
export interface Readiness {
  ready: boolean;
  database: "reachable" | "unreachable";
  /** Committed migrations not yet applied to the database. */
  pending_migrations: string[];
}

export function committedMigrations(kind = databaseKind(), root = process.cwd()): string[] {
  const folder = path.join(root, "prisma", kind, "migrations");
  return readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** `db`: the process's client unless another is given (npm run db:setup, tests). */
export async function readiness(db: Db = getDb(), committed: string[] = committedMigrations()): Promise<Readiness> {
  try {
    await engineOf(db).run({ text: "SELECT 1", values: [] });
  } catch {
    return { ready: false, database: "unreachable", pending_migrations: committed };
  }
  let applied: { migration_name: string }[] = [];
  try {
    applied = await engineOf(db).run<{ migration_name: string }>({
      text: "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL",
      values: [],
    });
  } catch {
    // Never migrated: Prisma's table does not exist yet, so every migration is pending.
  }
  const done = new Set(applied.map((row) => row.migration_name));
  const pending = committed.filter((name) => !done.has(name));
  return { ready: pending.length === 0, database: "reachable", pending_migrations: pending };
}
