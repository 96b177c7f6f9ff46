/**
 * The large-scale dataset of the performance work (issue 4): by default 10,000 companies, 200
 * teams, 1,000,000 indications and 1,000,000 trades, skewed like a real marketplace (a few big
 * teams, Alpha among them, and a long tail of small ones; a few popular issuers carry many rows),
 * with the demo accounts of the demo seed (password `demo-password`) so sign-in and API keys keep
 * working on it.
 *
 *   npm run db:seed -- --scale large                        # SQLite file prisma/data/large.db
 *   DATABASE_URL=postgresql://…/desk_large npm run db:seed -- --scale large
 *   npm run db:seed -- --scale export                       # SQLite file prisma/data/export.db: Alpha owns 1 M + 1 M rows (the CSV export bench)
 *   npx tsx prisma/seed/large.ts [--scale large|smoke|export] [--indications N --trades N …]
 *
 * Target: DATABASE_URL when it is set, else the separate SQLite file prisma/data/large.db (so the
 * demo database prisma/data/desk.db is never overwritten by accident). The target is emptied and
 * refilled: a SQLite file is deleted and re-migrated; a PostgreSQL database is migrated and its
 * tables truncated.
 *
 * Why this bypasses Prisma: this is a bulk loader, not the app's data path. Two million rows
 * through the ORM (one round trip and one JS object graph per row or per small batch) take many
 * minutes; the budget is two minutes on a 2-core machine. So SQLite is written with better-sqlite3
 * directly (one prepared multi-row INSERT, big transactions, journal off during the load, secondary
 * indexes dropped and rebuilt once at the end, which is a sort instead of a million random B-tree
 * inserts), and PostgreSQL with pg (INSERT … SELECT FROM unnest($1::text[], …) in batches of
 * thousands of rows, indexes rebuilt at the end): large-sinks.ts. The table and column names are
 * those of the committed migrations. Indications and trades come from the demo seed's own row
 * generators (prisma/seed/record-rows.ts: same realism and validity rules: structure only for offers,
 * acceptable_structures only for bids, recipients only for private indications, won_date on or
 * after sign_date, timestamps in order, decimals in the stored fixed-width form), generated in a
 * worker thread while the main thread writes (large-rows.ts). Companies come from the demo seed's
 * companyRow in its "large" style (the demo names stop at 1,344). Teams and users are generated for
 * it (large-accounts.ts; the demo rosters are fixed), from the same word lists. The sizes:
 * large-scales.ts.
 *
 * Every row comes from rowSource(seed, table, index) (prisma/seed/prng.ts), so the data is
 * deterministic and any slice can be generated alone.
 */
import path from "node:path";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import bcrypt from "bcryptjs";
import { databaseKind, sqliteFilePath } from "../../lib/db/url";
import { DEMO_PASSWORD, TEAMS } from "./accounts";
import { Progress } from "./large-progress";
import { INDICATION_COLUMNS, TRADE_COLUMNS, generateBase, generateFlat, type Batch, type BatchRequest, type BulkTable } from "./large-rows";
import { LARGE_SEED, SCALES, defaultScaleUrl, isScaleName, type LargeScale, type ScaleName } from "./large-scales";
import { postgresSink, sqliteSink } from "./large-sinks";

export interface SeedLargeOptions {
  url?: string;
  scale?: LargeScale;
  /** A name of SCALES, for `npm run db:seed -- --scale <name>`; picks the default file too. */
  scaleName?: string;
  seed?: number;
  quiet?: boolean;
}

export async function seedLarge(options: SeedLargeOptions = {}): Promise<void> {
  if (options.scaleName !== undefined && !isScaleName(options.scaleName)) {
    throw new Error(`--scale must be one of ${Object.keys(SCALES).join(", ")} (got ${options.scaleName})`);
  }
  const url = options.url ?? process.env.DATABASE_URL?.trim() ?? defaultScaleUrl(options.scaleName ?? "large");
  const scale: LargeScale = options.scale ?? SCALES[options.scaleName ?? "large"];
  const seed = options.seed ?? LARGE_SEED;
  const quiet = options.quiet ?? false;
  const log = (message: string) => quiet || console.error(message);
  const started = Date.now();

  const { teams, users, companies } = generateBase(seed, scale);
  // One bcrypt hash for every seeded user: same password, and 1,500 hashes would take minutes.
  const passwordHash = await bcrypt.hash(DEMO_PASSWORD, 10);

  const kind = databaseKind(url);
  log(`large seed → ${kind === "sqlite" ? sqliteFilePath(url) : url.replace(/:[^:@/]*@/, ":***@")}`);
  log(`  ${scale.companies.toLocaleString("en-US")} companies, ${teams.length} teams, ${users.length} users, ${scale.indications.toLocaleString("en-US")} indications, ${scale.trades.toLocaleString("en-US")} trades`);
  const sink = kind === "sqlite" ? await sqliteSink(url) : await postgresSink(url);
  try {
    await sink.begin();
    await sink.insert("teams", ["id", "name", "created_at"], teams.map((t) => [t.id, t.name, t.createdAt]));
    await sink.insert(
      "users",
      ["id", "email", "name", "password_hash", "role", "permissions", "team_id", "created_at"],
      users.map((u) => [u.id, u.email, u.name, passwordHash, u.role, u.permissions, u.teamId, u.createdAt]),
    );
    const companyColumns = ["id", "name", "legal_name", "search_text", "country", "region", "url", "platform_url", "description", "logo_color", "lead_investors"];
    await sink.insert("companies", companyColumns, companies.map((c) => [c.id, c.name, c.legalName, c.searchText, c.country, c.region, c.url, c.platformUrl, c.description, c.logoColor, c.leadInvestors]));
    // The worker runs this same file. Node cannot start a worker from a .ts file by itself, so
    // the worker's entry is a two-line script that registers tsx's loader first.
    const worker = new Worker(`require("tsx/cjs"); require(${JSON.stringify(__filename)});`, {
      eval: true,
      workerData: { largeSeedWorker: true, seed, scale },
    });
    try {
      const size = kind === "sqlite" ? 20_000 : 5_000;
      await sink.stream("indications", INDICATION_COLUMNS, batches(worker, "indications", scale.indications, size), new Progress("indications", scale.indications, quiet));
      await sink.stream("trades", TRADE_COLUMNS, batches(worker, "trades", scale.trades, size), new Progress("trades", scale.trades, quiet));
    } finally {
      await worker.terminate();
    }
    const t = Date.now();
    await sink.finish();
    log(`  indexes rebuilt and statistics gathered in ${((Date.now() - t) / 1000).toFixed(1)}s`);
  } finally {
    await sink.close();
  }
  log(`large seed done in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  // The marks' history (docs/marks.md), timed on its own: docs/performance.md keeps both figures.
  // Imported here: the row worker runs this file too and needs neither.
  const { createDb } = await import("../../lib/db/client");
  const { rebuildMarks } = await import("../../lib/marks/rebuild");
  const db = createDb(url);
  try {
    const marks = await rebuildMarks(db, url, new Date(), log);
    log(`  marks: ${marks.marks.toLocaleString("en-US")} days of ${marks.companies.toLocaleString("en-US")} companies in ${marks.seconds}s`);
  } finally {
    await db.$disconnect();
  }
}

// ---------------------------------------------------------------------------------------------
// Row generation in a worker thread: generating a row (hashing, formatting) costs about as much
// as inserting it, and the machine has two cores, so one worker generates while the main thread
// writes. Rows travel as one flat array per batch (row-major, columns in table order).

if (!isMainThread && (workerData as { largeSeedWorker?: boolean } | null)?.largeSeedWorker) {
  const { seed, scale } = workerData as { seed: number; scale: LargeScale };
  const { ctx } = generateBase(seed, scale);
  parentPort!.on("message", (request: BatchRequest | null) => {
    if (request === null) return parentPort!.close();
    parentPort!.postMessage({ ...request, flat: generateFlat(ctx, request) } satisfies Batch);
  });
}

/** Batches [0, count) of `table` in order, generated `ahead` batches in advance by a worker. */
async function* batches(worker: Worker, table: BulkTable, count: number, size: number, ahead = 3): AsyncGenerator<Batch> {
  const arrived = new Map<number, Batch>();
  const onMessage = (batch: Batch) => arrived.set(batch.start, batch);
  worker.on("message", onMessage);
  let requested = 0;
  const request = () => {
    if (requested >= count) return;
    const end = Math.min(count, requested + size);
    worker.postMessage({ table, start: requested, end } satisfies BatchRequest);
    requested = end;
  };
  try {
    for (let k = 0; k < ahead; k++) request();
    for (let start = 0; start < count; start += size) {
      while (!arrived.has(start)) await new Promise<void>((resolve) => worker.once("message", () => resolve()));
      const batch = arrived.get(start)!;
      arrived.delete(start);
      request();
      yield batch;
    }
  } finally {
    worker.off("message", onMessage);
  }
}

// ---------------------------------------------------------------------------------------------
// CLI: `tsx prisma/seed/large.ts [--scale large|smoke|export] [--companies N] [--indications N] …`

function parseArgs(argv: string[]): { scale: LargeScale; scaleName: ScaleName } {
  const scale: LargeScale = { ...SCALES.large };
  let scaleName: ScaleName = "large";
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const next = () => argv[++i];
    if (arg === "--scale") {
      const name = next();
      if (!isScaleName(name)) throw new Error(`--scale must be one of ${Object.keys(SCALES).join(", ")} (got ${name})`);
      Object.assign(scale, SCALES[name]);
      scaleName = name;
    } else if (["--companies", "--teams", "--indications", "--trades"].includes(arg)) {
      const n = Number(next());
      if (!Number.isInteger(n) || n < 1) throw new Error(`${arg} needs a positive integer`);
      scale[arg.slice(2) as keyof LargeScale] = n;
    } else {
      throw new Error(`unknown argument ${arg}`);
    }
  }
  if (scale.teams < TEAMS.length) throw new Error(`--teams must be at least ${TEAMS.length}`);
  return { scale, scaleName };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  seedLarge(parseArgs(process.argv.slice(2))).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
