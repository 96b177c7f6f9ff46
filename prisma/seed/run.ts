import type { Db } from "../../lib/db/client";
import { hashPassword, verifyPassword } from "../../lib/auth/password";
import { DEMO_PASSWORD, mayOwnRecords, TEAMS, USERS } from "./accounts";
import { companyRow, companySlug } from "./company-rows";
import { demoDeals } from "./demo-deals";
import { indicationRow, tradeRow } from "./record-rows";
import { BASE_TIME, SEED, teamId, teamRows, userId, userRows, type RowContext } from "./generators";

export interface SeedOptions {
  companies?: number;
  indications?: number;
  trades?: number;
  /** Rows per INSERT; 1,000 x 27 columns stays under SQLite's and PostgreSQL's bind limits. */
  chunkSize?: number;
}

export interface SeedResult {
  counts: { companies: number; teams: number; users: number; apiKeys: number; indications: number; trades: number };
  ms: number;
}

/** Above the minimums of the brief (250 / 5,000 / 2,000) with a margin, and quick to insert. */
export const DEFAULT_COUNTS = { companies: 300, indications: 5500, trades: 2200 } as const;

/**
 * bcrypt salts are random, so hashing afresh would change `users.password_hash` on every run.
 * Reuse the current demo hash when it still verifies, so reseeding leaves identical data; hash
 * once otherwise (bcrypt is slow on purpose: never per user).
 */
async function demoPasswordHash(db: Db): Promise<string> {
  const existing = await db.user.findUnique({ where: { email: USERS[0].email }, select: { passwordHash: true } });
  if (existing && (await verifyPassword(DEMO_PASSWORD, existing.passwordHash))) return existing.passwordHash;
  return hashPassword(DEMO_PASSWORD);
}

/** The context indications and trades are generated against: companies and weighted owners. */
export function rowContext(seed: number, baseTime: number, companies: readonly { id: string; slug: string }[]): RowContext {
  const dealers = USERS.filter((user) => mayOwnRecords(user.permissions));
  const owners = dealers.flatMap((user) => {
    const team = TEAMS.find((t) => t.key === user.team)!;
    if (team.tradingWeight === 0) return [];
    const members = dealers.filter((u) => u.team === team.key).length;
    return [{ userId: userId(seed, user), teamId: teamId(seed, team), weight: team.tradingWeight / members }];
  });
  return { seed, baseTime, companies, owners };
}

async function insertInChunks<T>(rows: readonly T[], size: number, insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * Replaces the whole content of the database with the demo data (API keys included), in one
 * transaction: a failure leaves the previous data untouched, and the same options always produce
 * exactly the same rows.
 */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now();
  const companyCount = options.companies ?? DEFAULT_COUNTS.companies;
  const indicationCount = options.indications ?? DEFAULT_COUNTS.indications;
  const tradeCount = options.trades ?? DEFAULT_COUNTS.trades;
  const chunkSize = options.chunkSize ?? 1000;

  const passwordHash = await demoPasswordHash(db);

  const companies = Array.from({ length: companyCount }, (_, i) => companyRow(SEED, i));
  const teams = teamRows(SEED, BASE_TIME, TEAMS);
  const users = userRows(SEED, BASE_TIME, TEAMS, USERS, passwordHash);
  const ctx = rowContext(SEED, BASE_TIME, companies.map((c) => ({ id: c.id, slug: companySlug(c.name) })));
  const indications = Array.from({ length: indicationCount }, (_, i) => indicationRow(ctx, i));
  const trades = Array.from({ length: tradeCount }, (_, i) => tradeRow(ctx, i));
  const deals = demoDeals(SEED, BASE_TIME, indications, users);

  await db.$transaction(
    async (tx) => {
      // Children before parents (foreign keys).
      await tx.deal.deleteMany();
      await tx.indication.deleteMany();
      await tx.trade.deleteMany();
      await tx.apiKey.deleteMany();
      await tx.savedView.deleteMany();
      await tx.watchlistEntry.deleteMany();
      await tx.webhookEndpoint.deleteMany();
      await tx.user.deleteMany();
      await tx.team.deleteMany();
      await tx.company.deleteMany();

      await insertInChunks(teams, chunkSize, (data) => tx.team.createMany({ data }));
      await insertInChunks(users, chunkSize, (data) => tx.user.createMany({ data }));
      await insertInChunks(companies, chunkSize, (data) => tx.company.createMany({ data }));
      await insertInChunks(indications, chunkSize, (data) => tx.indication.createMany({ data }));
      await insertInChunks([...trades, ...deals.trades], chunkSize, (data) => tx.trade.createMany({ data }));
      await tx.deal.createMany({ data: deals.deals });
    },
    { maxWait: 10_000, timeout: 300_000 },
  );

  const [companiesN, teamsN, usersN, apiKeysN, indicationsN, tradesN] = await Promise.all([
    db.company.count(),
    db.team.count(),
    db.user.count(),
    db.apiKey.count(),
    db.indication.count(),
    db.trade.count(),
  ]);
  return {
    counts: { companies: companiesN, teams: teamsN, users: usersN, apiKeys: apiKeysN, indications: indicationsN, trades: tradesN },
    ms: Math.round(performance.now() - started),
  };
}

export function formatSeedSummary(result: SeedResult): string {
  const c = result.counts;
  return (
    `Seeded demo data in ${(result.ms / 1000).toFixed(2)} s: ` +
    `${c.companies} companies, ${c.teams} teams, ${c.users} users, ${c.indications} indications, ` +
    `${c.trades} trades, ${c.apiKeys} API keys. Demo password for every user: demo-password.`
  );
}
