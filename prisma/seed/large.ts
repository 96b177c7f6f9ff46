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
 * thousands of rows, indexes rebuilt at the end). The table and column names are those of the
 * committed migrations. Indications and trades come from the demo seed's own row generators
 * (prisma/seed/deal-rows.ts: same realism and validity rules: structure only for offers,
 * acceptable_structures only for bids, recipients only for private indications, won_date on or
 * after sign_date, timestamps in order, decimals in the stored fixed-width form), generated in a
 * worker thread while the main thread writes. Companies come from the demo seed's companyRow in its
 * "large" style (the demo names stop at 1,344). Teams and users are generated here (the demo
 * rosters are fixed), from the same word lists.
 *
 * Every row comes from rowSource(seed, table, index) (prisma/seed/prng.ts), so the data is
 * deterministic and any slice can be generated alone.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import bcrypt from "bcryptjs";
import { SQLITE_SEARCH_OPTIMIZE } from "../../lib/companies/search";
import { databaseKind, sqliteFilePath } from "../../lib/db/url";
import { BROKER_PERMISSIONS, type Permission } from "../../lib/domain/enums";
import { DEMO_PASSWORD, mayOwnDeals, TEAMS, USERS } from "./accounts";
import { companyRow, companySlug } from "./company-rows";
import { indicationRow, tradeRow } from "./deal-rows";
import { BASE_TIME, type CompanyRow, type RowContext } from "./generators";
import { Rng } from "../../lib/random";
import { namedUuid } from "./prng";
import { FIRST_NAMES, LAST_NAMES } from "./vocab";

export interface LargeScale {
  companies: number;
  teams: number;
  indications: number;
  trades: number;
  /** Only the first this many trading teams own indications and trades (default: every one). */
  dealTeams?: number;
}

export const SCALES = {
  large: { companies: 10_000, teams: 200, indications: 1_000_000, trades: 1_000_000 },
  // The CI smoke benchmark: same shapes, tiny, seconds to load.
  smoke: { companies: 300, teams: 12, indications: 6_000, trades: 4_000 },
  // The CSV export benchmark (issue 15: one caller's 1,000,000-row export): in "large" a team owns
  // about a fifth of the rows, so here Alpha owns every one; the same generators, fewer companies.
  export: { companies: 1_000, teams: 5, indications: 1_000_000, trades: 1_000_000, dealTeams: 1 },
  "export-smoke": { companies: 100, teams: 5, indications: 3_000, trades: 2_000, dealTeams: 1 },
} satisfies Record<string, LargeScale>;

export type ScaleName = keyof typeof SCALES;
const isScaleName = (name: string): name is ScaleName => Object.hasOwn(SCALES, name);

export const LARGE_SEED = 4242;
export const DEFAULT_LARGE_URL = `file:${path.join(process.cwd(), "prisma", "data", "large.db")}`;

/** Where a scale is seeded when DATABASE_URL is unset: "large" and "smoke" in large.db, the others in a file of their name. */
export function defaultScaleUrl(name: ScaleName): string {
  return name === "large" || name === "smoke" ? DEFAULT_LARGE_URL : `file:${path.join(process.cwd(), "prisma", "data", `${name}.db`)}`;
}

/** "Now" of the generated data: fixed so the data set is the same on every run. */
const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);
const DAY = 86_400_000;
const HISTORY_DAYS = 3 * 365;

// ---------------------------------------------------------------------------------------------
// Teams and users

interface TeamRow {
  id: string;
  name: string;
  createdAt: number;
  weight: number;
}

interface UserRow {
  id: string;
  email: string;
  name: string;
  role: string;
  permissions: string;
  teamId: string;
  createdAt: number;
}

const TEAM_WORDS_A = ["Harbor", "Summit", "Granite", "Beacon", "Cedar", "Northbridge", "Ironside", "Bluewater", "Kingsley", "Meridian", "Ashford", "Clearpoint", "Redstone", "Westlake", "Oakmont", "Silverline", "Foxhall", "Lakeview", "Brookfield", "Stonegate"] as const;
const TEAM_WORDS_B = ["Securities", "Capital Markets", "Private Markets", "Partners", "Advisors", "Secondaries", "Brokerage", "Trading"] as const;

/** The five demo teams first (fixed ids as in the demo seed), then generated ones. */
function buildTeams(seed: number, count: number, dealTeams = count): TeamRow[] {
  const teams: TeamRow[] = TEAMS.map((t, i) => ({
    id: namedUuid(seed, "team", t.key),
    name: t.name,
    createdAt: NOW - (HISTORY_DAYS + 30 - i) * DAY,
    weight: 0,
  }));
  const names = new Set(teams.map((t) => t.name));
  for (let i = teams.length; i < count; i++) {
    const rng = new Rng(seed * 7919 + i);
    let name = `${rng.pick(TEAM_WORDS_A)} ${rng.pick(TEAM_WORDS_B)}`;
    if (names.has(name)) name = `${name} ${["II", "III", "IV", "Europe", "Asia", "West", "East"][i % 7]}`;
    if (names.has(name)) name = `${name} ${i}`;
    names.add(name);
    teams.push({ id: namedUuid(seed, "team", `large-${i}`), name, createdAt: NOW - rng.int(60, HISTORY_DAYS) * DAY, weight: 0 });
  }
  // Skew: Zipf-like weights over the trading teams, Alpha first (the biggest), then Beta, Gamma,
  // Delta, then the long tail. The ops team does not trade.
  const trading = teams.filter((t) => t.name !== "Marketplace Operations");
  trading.forEach((t, rank) => (t.weight = rank < dealTeams ? 1 / Math.pow(rank + 1, 1.05) : 0));
  return teams;
}

function slug(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function buildUsers(seed: number, teams: TeamRow[]): UserRow[] {
  const byKey = new Map(TEAMS.map((t) => [t.key, teams.find((row) => row.name === t.name)!]));
  const users: UserRow[] = USERS.map((u, i) => ({
    id: namedUuid(seed, "user", u.email),
    email: u.email,
    name: u.name,
    role: u.role,
    permissions: JSON.stringify(u.permissions),
    teamId: byKey.get(u.team)!.id,
    createdAt: NOW - (HISTORY_DAYS + 20 - i) * DAY,
  }));
  const maxWeight = Math.max(...teams.map((t) => t.weight));
  for (const [t, team] of teams.entries()) {
    if (t < TEAMS.length) continue;
    const domain = `${slug(team.name)}-${t}.example`;
    const extra = 2 + Math.round(10 * Math.sqrt(team.weight / maxWeight));
    for (let k = 0; k < extra; k++) {
      const rng = new Rng(seed * 104_729 + t * 97 + k);
      const first = rng.pick(FIRST_NAMES);
      const last = rng.pick(LAST_NAMES);
      const lead = k === 0;
      const permissions: Permission[] = rng.chance(0.1) ? ["indications_manage", "trades_manage"] : [...BROKER_PERMISSIONS];
      users.push({
        id: namedUuid(seed, "user", `${domain}:${k}`),
        email: `${slug(first)}.${slug(last)}.${k}@${domain}`,
        name: `${first} ${last}`,
        role: lead ? "team_lead" : "broker",
        permissions: JSON.stringify(permissions),
        teamId: team.id,
        createdAt: team.createdAt + rng.int(0, 30) * DAY,
      });
    }
  }
  return users;
}

// ---------------------------------------------------------------------------------------------
// Indications and trades

/** Cumulative weights for weighted picks by binary search (popular issuers, big teams). */
class Picker {
  private readonly cumulative: Float64Array;
  constructor(weights: readonly number[]) {
    this.cumulative = new Float64Array(weights.length);
    let sum = 0;
    weights.forEach((w, i) => (this.cumulative[i] = sum += w));
  }
  index(u: number): number {
    const target = u * this.cumulative[this.cumulative.length - 1];
    let lo = 0;
    let hi = this.cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.cumulative[mid] > target) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }
}

interface Context {
  seed: number;
  teams: TeamRow[];
  usersByTeam: Map<string, UserRow[]>;
  companyIds: string[];
  teamPicker: Picker;
  /** The demo generators' context (companies in popularity order; owners set per row). */
  demo: RowContext;
}

function buildContext(seed: number, teams: TeamRow[], users: UserRow[], companies: CompanyRow[]): Context {
  const usersByTeam = new Map<string, UserRow[]>();
  for (const u of users) {
    if (!mayOwnDeals(JSON.parse(u.permissions) as string[])) continue;
    const list = usersByTeam.get(u.teamId) ?? [];
    list.push(u);
    usersByTeam.set(u.teamId, list);
  }
  return {
    seed,
    teams,
    usersByTeam,
    companyIds: companies.map((c) => c.id),
    teamPicker: new Picker(teams.map((t) => t.weight)),
    demo: { seed, baseTime: BASE_TIME, companies: companies.map((c) => ({ id: c.id, slug: companySlug(c.name) })), owners: [] },
  };
}

// The demo seed's row generators (prisma/seed/deal-rows.ts) make the rows, so both data sets
// follow the same realism and validity rules. Two adaptations for 2 M rows: the owner is picked
// here in O(log n) from the 200 teams' users (the generator's weighted pick walks its whole owner
// list per row) and handed to the generator as a one-owner context; and the row object is turned
// into column values in table order.

/** The demo generators' context for row `index`: its owner already chosen. */
function ownerContext(ctx: Context, table: BulkTable, index: number): RowContext {
  const rng = new Rng((ctx.seed * 2_654_435_761 + index * 40_503 + (table === "trades" ? 0x5bd1e995 : 0)) >>> 0);
  const team = ctx.teams[ctx.teamPicker.index(rng.float())];
  const user = rng.pick(ctx.usersByTeam.get(team.id)!);
  return { ...ctx.demo, owners: [{ userId: user.id, teamId: team.id, weight: 1 }] };
}

function indicationValues(ctx: Context, index: number): unknown[] {
  const r = indicationRow(ownerContext(ctx, "indications", index), index);
  return [
    r.id, r.teamId, r.userId, r.issuerId, r.acceptableStructures, r.carriedInterestFeePercent, r.clientId,
    r.createdAt.getTime(), r.details, r.lastRefreshedAt.getTime(), r.managementFeePercent, r.minimumVolume,
    r.openedAt.getTime(), r.permalinkId, r.pricePerShare, r.privateRecipients, r.side, r.stage, r.stockClass,
    r.stockClassType, r.stockType, r.structure, r.thirdPartyId, r.updatedAt.getTime(), r.visibility, r.volume,
  ];
}

function tradeValues(ctx: Context, index: number): unknown[] {
  const r = tradeRow(ownerContext(ctx, "trades", index), index);
  return [
    r.id, r.teamId, r.userId, r.issuerId, r.attributedToOwner ? 1 : 0, r.carriedInterestFeePercent, r.clientId,
    r.createdAt.getTime(), r.details, r.isVerified ? 1 : 0, r.managementFeePercent, r.permalinkId,
    r.pricePerShare, r.signDate, r.stockClass, r.stockClassType, r.stockType, r.structure, r.thirdPartyId,
    r.updatedAt.getTime(), r.verificationOfficerEmail, r.verificationOfficerName, r.volume, r.wonDate,
  ];
}

/** Column order of the indications table (the INSERT statements list them in this order). */
const INDICATION_COLUMNS = [
  "id", "team_id", "user_id", "issuer_id", "acceptable_structures", "carried_interest_fee_percent",
  "client_id", "created_at", "details", "last_refreshed_at", "management_fee_percent", "minimum_volume",
  "opened_at", "permalink_id", "price_per_share", "private_recipients", "side", "stage", "stock_class",
  "stock_class_type", "stock_type", "structure", "third_party_id", "updated_at", "visibility", "volume",
] as const;

const TRADE_COLUMNS = [
  "id", "team_id", "user_id", "issuer_id", "attributed_to_owner", "carried_interest_fee_percent",
  "client_id", "created_at", "details", "is_verified", "management_fee_percent", "permalink_id",
  "price_per_share", "sign_date", "stock_class", "stock_class_type", "stock_type", "structure",
  "third_party_id", "updated_at", "verification_officer_email", "verification_officer_name", "volume",
  "won_date",
] as const;

// ---------------------------------------------------------------------------------------------
// Progress

class Progress {
  private readonly started = Date.now();
  private lastPrint = 0;
  private lastDone = -1;
  constructor(
    private readonly label: string,
    private readonly total: number,
    private readonly quiet: boolean,
  ) {}

  update(done: number, force = false) {
    if (this.quiet || (force && this.lastDone === done)) return;
    const now = Date.now();
    if (!force && now - this.lastPrint < 200) return;
    this.lastPrint = now;
    this.lastDone = done;
    const width = 30;
    const filled = Math.round((done / this.total) * width);
    const seconds = (now - this.started) / 1000;
    const rate = seconds > 0 ? Math.round(done / seconds) : 0;
    const line = `  ${this.label.padEnd(12)} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${done.toLocaleString("en-US").padStart(9)}/${this.total.toLocaleString("en-US")}  ${rate.toLocaleString("en-US").padStart(8)} rows/s  ${seconds.toFixed(1)}s`;
    process.stderr.write(process.stderr.isTTY ? `\r${line}` : `${line}\n`);
  }

  done() {
    this.update(this.total, true);
    if (!this.quiet && process.stderr.isTTY) process.stderr.write("\n");
  }
}

// ---------------------------------------------------------------------------------------------
// Loading

/** Teams, users, companies and the generation context: cheap, rebuilt by every worker. */
function generateBase(seed: number, scale: LargeScale) {
  const teams = buildTeams(seed, scale.teams, scale.dealTeams);
  const users = buildUsers(seed, teams);
  const companies = Array.from({ length: scale.companies }, (_, i) => companyRow(seed, i, "large"));
  return { teams, users, companies, ctx: buildContext(seed, teams, users, companies) };
}

export interface SeedLargeOptions {
  url?: string;
  scale?: LargeScale;
  /** A name of SCALES, for `npm run db:seed -- --scale <name>`; picks the default file too. */
  scaleName?: string;
  seed?: number;
  quiet?: boolean;
}

function migrate(url: string) {
  // The committed migrations, exactly as `npm run db:setup` applies them.
  execFileSync(process.platform === "win32" ? "npx.cmd" : "npx", ["prisma", "migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ["ignore", "ignore", "inherit"],
  });
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
}

// ---------------------------------------------------------------------------------------------
// Row generation in a worker thread: generating a row (hashing, formatting) costs about as much
// as inserting it, and the machine has two cores, so one worker generates while the main thread
// writes. Rows travel as one flat array per batch (row-major, columns in table order).

type BulkTable = "indications" | "trades";
interface BatchRequest {
  table: BulkTable;
  start: number;
  end: number;
}
interface Batch extends BatchRequest {
  flat: unknown[];
}

function generateFlat(ctx: Context, { table, start, end }: BatchRequest): unknown[] {
  const row = table === "indications" ? indicationValues : tradeValues;
  const flat: unknown[] = [];
  for (let i = start; i < end; i++) for (const value of row(ctx, i)) flat.push(value);
  return flat;
}

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

interface Sink {
  begin(): Promise<void>;
  insert(table: string, columns: readonly string[], rows: unknown[][]): Promise<void>;
  stream(table: string, columns: readonly string[], batches: AsyncIterable<Batch>, progress: Progress): Promise<void>;
  finish(): Promise<void>;
  close(): Promise<void>;
}

const BULK_TABLES = ["indications", "trades"];

async function sqliteSink(url: string): Promise<Sink> {
  const file = sqliteFilePath(url);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (const suffix of ["", "-wal", "-shm", "-journal"]) fs.rmSync(file + suffix, { force: true });
  migrate(url);
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(file);
  // Load-time settings only: no journal, no fsync, a big page cache. A crash mid-load leaves a
  // broken file, which the next run deletes anyway.
  db.pragma("journal_mode = OFF");
  db.pragma("synchronous = OFF");
  // 4 GB of page cache: the whole load stays in memory (a 1 GB cache spilled and halved the rate).
  db.pragma("cache_size = -4000000");
  db.pragma("temp_store = MEMORY");
  db.pragma("locking_mode = EXCLUSIVE");
  // Lets CREATE INDEX sort with a helper thread (both cores).
  db.pragma("threads = 2");
  const placeholders = BULK_TABLES.map((t) => `'${t}'`).join(",");
  // Secondary indexes and the change-counter triggers go during the load and come back at the end.
  const indexes = db
    .prepare(`SELECT type, name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL AND tbl_name IN (${placeholders})`)
    .all() as { type: "index" | "trigger"; name: string; sql: string }[];
  for (const index of indexes) db.exec(`DROP ${index.type.toUpperCase()} "${index.name}"`);

  const ROWS_PER_STATEMENT = 50;
  const statementFor = (table: string, columns: readonly string[], rows: number) =>
    db.prepare(
      `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(",")}) VALUES ${Array.from({ length: rows }, () => `(${columns.map(() => "?").join(",")})`).join(",")}`,
    );
  return {
    async begin() {},
    async insert(table, columns, rows) {
      const one = statementFor(table, columns, 1);
      db.transaction(() => rows.forEach((r) => one.run(r)))();
    },
    async stream(table, columns, source, progress) {
      const many = statementFor(table, columns, ROWS_PER_STATEMENT);
      const one = statementFor(table, columns, 1);
      const width = columns.length;
      const chunk = ROWS_PER_STATEMENT * width;
      for await (const { flat, end } of source) {
        // One transaction per batch; the flat array is cut into multi-row statements.
        db.transaction(() => {
          let offset = 0;
          for (; offset + chunk <= flat.length; offset += chunk) many.run(flat.slice(offset, offset + chunk));
          for (; offset < flat.length; offset += width) one.run(flat.slice(offset, offset + width));
        })();
        progress.update(end);
      }
      progress.done();
    },
    async finish() {
      for (const index of indexes) db.exec(index.sql);
      db.exec(`UPDATE table_versions SET version = version + 1`);
      // The triggers that keep the teams' row counts were off during the load.
      db.exec(TEAM_ROW_COUNTS);
      // The companies went into the search index one trigger at a time (lib/companies/search.ts).
      db.exec(SQLITE_SEARCH_OPTIMIZE);
      // Statistics for the query planner (sqlite_stat1), from a sample of each index: exact
      // statistics would read all 2 GB again for the same plans.
      db.pragma("analysis_limit = 2000");
      db.exec("ANALYZE");
    },
    async close() {
      db.close();
    },
  };
}

/**
 * Every team's row count of `team_table_versions` counted afresh (the loader may have bypassed the
 * triggers that keep them), with its version moved on. The same text on both databases.
 */
const TEAM_ROW_COUNTS = (["indications", "trades"] as const)
  .map(
    (table) => `
UPDATE team_table_versions SET row_count = 0, version = version + 1 WHERE table_name = '${table}';
INSERT INTO team_table_versions (table_name, team_id, version, row_count)
  SELECT '${table}', team_id, 1, count(*) FROM ${table} WHERE true GROUP BY team_id
  ON CONFLICT (table_name, team_id) DO UPDATE SET version = team_table_versions.version + 1, row_count = excluded.row_count;`,
  )
  .join("\n");

async function postgresSink(url: string): Promise<Sink> {
  migrate(url);
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("SET synchronous_commit = off");
  await client.query("SET maintenance_work_mem = '512MB'");
  await client.query(`TRUNCATE "api_keys", "indications", "trades", "users", "companies", "teams" CASCADE`);
  const { rows: indexes } = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ANY($1) AND indexname NOT LIKE '%\\_pkey'`,
    [BULK_TABLES],
  );
  for (const index of indexes) await client.query(`DROP INDEX "${index.indexname}"`);
  const types = new Map<string, Map<string, string>>();
  const typeOf = async (table: string) => {
    if (!types.has(table)) {
      const { rows } = await client.query<{ column_name: string; data_type: string }>(
        `SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`,
        [table],
      );
      types.set(table, new Map(rows.map((r) => [r.column_name, r.data_type])));
    }
    return types.get(table)!;
  };
  // Column-wise arrays, one unnest() INSERT per batch: one round trip for thousands of rows.
  const insertBatch = async (table: string, columns: readonly string[], rows: unknown[][]) => {
    const columnTypes = await typeOf(table);
    const arrays = columns.map(() => [] as unknown[]);
    const convert = columns.map((c) => {
      const type = columnTypes.get(c);
      if (type === "boolean") return (v: unknown) => (v === null ? null : v === 1 || v === true);
      if (type?.startsWith("timestamp")) return (v: unknown) => (v === null ? null : new Date(v as number).toISOString());
      return (v: unknown) => v;
    });
    for (const r of rows) for (let c = 0; c < columns.length; c++) arrays[c].push(convert[c](r[c]));
    const casts = columns.map((c, i) => {
      const type = columnTypes.get(c);
      const pgType = type === "boolean" ? "boolean" : type?.startsWith("timestamp") ? "timestamptz" : "text";
      return `$${i + 1}::${pgType}[]`;
    });
    await client.query(
      `INSERT INTO "${table}" (${columns.map((c) => `"${c}"`).join(",")}) SELECT * FROM unnest(${casts.join(",")})`,
      arrays,
    );
  };
  return {
    async begin() {},
    insert: insertBatch,
    async stream(table, columns, source, progress) {
      // The next batch is generated by the worker while this one is in flight.
      for await (const { flat, end } of source) {
        const rows: unknown[][] = [];
        for (let offset = 0; offset < flat.length; offset += columns.length) rows.push(flat.slice(offset, offset + columns.length));
        await insertBatch(table, columns, rows);
        progress.update(end);
      }
      progress.done();
    },
    async finish() {
      for (const index of indexes) await client.query(index.indexdef);
      await client.query(TEAM_ROW_COUNTS);
      await client.query("VACUUM ANALYZE");
    },
    async close() {
      await client.end();
    },
  };
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
