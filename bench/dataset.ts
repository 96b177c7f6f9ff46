/**
 * The data sets `npm run bench` (bench/run.ts) measures on: seeded when missing or short of the
 * scale, migrated when kept, and the API key of the user the bench signs in as.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { createApiKey } from "../lib/api-keys/keys";
import { createDb } from "../lib/db/client";
import { databaseKind, sqliteFilePath } from "../lib/db/url";
import { seedLarge } from "../prisma/seed/large";
import type { LargeScale } from "../prisma/seed/large-scales";
import { log, ROOT } from "./processes";

export const DEMO_EMAIL = "broker@alpha.example";
export const DEMO_PASSWORD = "demo-password";

export interface DatasetRows {
  indications: number;
  trades: number;
  companies: number;
}

export async function datasetRows(url: string): Promise<DatasetRows | null> {
  try {
    const db = createDb(url);
    try {
      const [indications, trades, companies] = await Promise.all([db.indication.count(), db.trade.count(), db.company.count()]);
      await db.tableVersion.count(); // the perf migration is applied
      return { indications, trades, companies };
    } finally {
      await db.$disconnect();
    }
  } catch {
    return null;
  }
}

export async function ensureDataset(url: string, scale: LargeScale, smoke: boolean) {
  if (databaseKind(url) === "postgres") await createPostgresDatabase(url);
  // The smoke data set takes seconds: always fresh, so it can never lag behind the migrations.
  if (smoke) return seedLarge({ url, scale, quiet: true });
  if (databaseKind(url) === "sqlite" && !fs.existsSync(sqliteFilePath(url))) {
    log(`no dataset at ${sqliteFilePath(url)}: seeding it`);
    return seedLarge({ url, scale });
  }
  const rows = await datasetRows(url);
  if (!rows || rows.indications < scale.indications || rows.trades < scale.trades || rows.companies < scale.companies) {
    log(`dataset at ${redact(url)} is missing or smaller than the scale (${JSON.stringify(rows)}): seeding it`);
    return seedLarge({ url, scale });
  }
  // An existing data set gets the migrations committed since it was loaded (new indexes).
  execFileSync(path.join(ROOT, "node_modules", ".bin", "prisma"), ["migrate", "deploy"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url },
    stdio: ["ignore", "ignore", "inherit"],
  });
  log(`dataset: ${rows.companies.toLocaleString("en-US")} companies, ${rows.indications.toLocaleString("en-US")} indications, ${rows.trades.toLocaleString("en-US")} trades`);
}

async function createPostgresDatabase(url: string) {
  const { default: pg } = await import("pg");
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** A database URL fit for the log: without its password. */
export function redact(url: string): string {
  return url.replace(/:[^:@/]*@/, ":***@");
}

export async function mintApiKey(url: string, email = DEMO_EMAIL): Promise<string> {
  const db = createDb(url);
  try {
    const user = await db.user.findUnique({ where: { email }, select: { id: true } });
    if (!user) throw new Error(`${email} is missing from the dataset`);
    const { secret } = await createApiKey(db, { userId: user.id, name: `bench ${new Date().toISOString()}` });
    return secret;
  } finally {
    await db.$disconnect();
  }
}

/** The company with the most trades: the market view's heaviest book and tape (issue 14). */
export async function busiestCompany(url: string): Promise<string> {
  const db = createDb(url);
  try {
    const [row] = await db.$queryRawUnsafe<{ id: string }[]>(`SELECT issuer_id AS id FROM trades GROUP BY issuer_id ORDER BY count(*) DESC, issuer_id LIMIT 1`);
    if (!row) throw new Error("the dataset has no trades");
    return row.id;
  } finally {
    await db.$disconnect();
  }
}
