import type { Caller } from "../auth/caller";
import { getEngine } from "../db/client";
import type { Dialect } from "../db/dialect";
import { whereSql } from "../db/sql";
import { FRACTION_DIGITS, INTEGER_DIGITS, unitsToDecimal } from "../domain/decimal";
import type { Issuer } from "../domain/issuer";
import { tradeFilters } from "./queries";
import type { TradeListQuery } from "./schema";

export interface TradeTotals {
  count: number;
  /** Exact sum of volume (USD), a decimal string. */
  total_volume: string;
  /** Σ(price × volume) / Σ volume, rounded half-up to 8 decimals; null when there is no volume. */
  vwap_price_per_share: string | null;
}

export interface TradeSummary extends TradeTotals {
  by_company: (TradeTotals & { issuer: Issuer })[];
  /** Per broker: the team member who recorded the trade (trades.user_id). */
  by_broker: (TradeTotals & { broker: { id: string; name: string } })[];
  /** Per month of the sign date (YYYY-MM) and structure, oldest month first: the review's chart. */
  by_month: (TradeTotals & { month: string; structure: string })[];
}

/**
 * Exact sums in SQL without a decimal type. A stored decimal (lib/domain/decimal.ts) is 26 digits,
 * i.e. an integer count of 1e-8 units; the database cuts it into chunks of CHUNK_DIGITS digits
 * (least significant first) and sums chunks and chunk products as 64-bit integers, which JavaScript
 * reassembles with BigInt. A chunk is < 1e5, a chunk product < 1e10, and one row adds at most
 * CHUNKS products to a sum, so a sum stays exact up to ~150 million trades per company in one
 * team's selection before SQLite's 64-bit SUM would stop with an overflow error (PostgreSQL sums
 * bigints as numeric and has no such limit). The rows themselves never reach JavaScript, so
 * memory stays bounded (docs/performance.md, step 15).
 */
const CHUNK_DIGITS = 5;
const DIGITS = INTEGER_DIGITS + FRACTION_DIGITS;
const CHUNKS = Math.ceil(DIGITS / CHUNK_DIGITS);
const CHUNK_BASE = BigInt(10) ** BigInt(CHUNK_DIGITS);

/** The stored decimal in `column` as CHUNKS integer expressions, least significant chunk first. */
function chunksSql(column: string): string[] {
  const chunks: string[] = [];
  for (let end = DIGITS; end > 0; end -= CHUNK_DIGITS) {
    const start = Math.max(0, end - CHUNK_DIGITS);
    // Digit k (0-based, most significant first) sits at 1-based position k + 1 before the point
    // and k + 2 after it.
    const parts: string[] = [];
    if (start < INTEGER_DIGITS) parts.push(`substr(${column}, ${start + 1}, ${Math.min(end, INTEGER_DIGITS) - start})`);
    if (end > INTEGER_DIGITS) {
      const from = Math.max(start, INTEGER_DIGITS);
      parts.push(`substr(${column}, ${from + 2}, ${end - from})`);
    }
    chunks.push(`CAST(${parts.join(" || ")} AS BIGINT)`);
  }
  return chunks;
}

/**
 * Each matching row's group (`key`, e.g. `t.issuer_id`) and chunks (`p0`… for the price, `v0`…
 * for the volume), in group order, so the GROUP BY over it streams instead of sorting. The
 * dialect's fence keeps the planner from inlining the chunk expressions into every product that
 * uses them (twice the work; step 15).
 */
function chunkedRowsSql(dialect: Dialect, where: string, key: string): string {
  const columns = [
    ...chunksSql("t.price_per_share").map((chunk, i) => `${chunk} AS p${i}`),
    ...chunksSql("t.volume").map((chunk, i) => `${chunk} AS v${i}`),
  ];
  return `SELECT ${key} AS grp, ${columns.join(", ")} FROM trades t WHERE ${where} ORDER BY grp ${dialect.fence}`;
}

/** Σ volume per chunk (`v0`…), and Σ price × volume per power of the chunk base (`n0`…), as text. */
function sumsSql(): string {
  const sum = (expression: string, alias: string) => `CAST(SUM(${expression}) AS TEXT) AS "${alias}"`;
  const volumeSums = Array.from({ length: CHUNKS }, (_, i) => sum(`v${i}`, `v${i}`));
  const notionalSums = Array.from({ length: 2 * CHUNKS - 1 }, (_, power) => {
    const products: string[] = [];
    for (let i = Math.max(0, power - CHUNKS + 1); i <= Math.min(power, CHUNKS - 1); i++) products.push(`p${i} * v${power - i}`);
    return sum(products.join(" + "), `n${power}`);
  });
  return [...volumeSums, ...notionalSums].join(", ");
}

type SumsRow = { key: string; name: string | null; count: unknown } & Record<string, unknown>;

/** Reassembles numbered chunk sums (`${prefix}0`, `${prefix}1`, …) into one integer. */
function reassemble(row: SumsRow, prefix: string, count: number): bigint {
  let total = BigInt(0);
  for (let i = count - 1; i >= 0; i--) total = total * CHUNK_BASE + BigInt(String(row[`${prefix}${i}`] ?? "0"));
  return total;
}

class Accumulator {
  count = 0;
  /** In 1e-8 units. */
  volume = BigInt(0);
  /** In 1e-16 units (price units × volume units). */
  notional = BigInt(0);

  add(other: Accumulator) {
    this.count += other.count;
    this.volume += other.volume;
    this.notional += other.notional;
  }

  totals(): TradeTotals {
    return { count: this.count, total_volume: unitsToDecimal(this.volume), vwap_price_per_share: vwap(this.notional, this.volume) };
  }
}

function vwap(notional: bigint, volume: bigint): string | null {
  if (volume === BigInt(0)) return null;
  // Dividing 1e-16 units by volume units leaves price units; + volume / 2 rounds half up.
  return unitsToDecimal((notional * BigInt(2) + volume) / (volume * BigInt(2)));
}

/** The groupings of the review: what a group is, and where its name comes from. */
const GROUPINGS = {
  company: { key: "t.issuer_id", names: 'JOIN companies n ON n.id = g."key"' },
  broker: { key: "t.user_id", names: 'JOIN users n ON n.id = g."key"' },
  // A sign date is stored as YYYY-MM-DD text on both databases: its first 7 characters are the month.
  month: { key: "substr(t.sign_date, 1, 7) || '|' || t.structure", names: null },
} as const;

/** Exact totals of the selected trades per group. */
async function groupTotals(where: ReturnType<typeof whereSql>, grouping: keyof typeof GROUPINGS): Promise<{ key: string; name: string | null; acc: Accumulator }[]> {
  const engine = getEngine();
  const { key, names } = GROUPINGS[grouping];
  const grouped = `SELECT r.grp AS "key", count(*) AS "count", ${sumsSql()} FROM (${chunkedRowsSql(engine.dialect, where.where, key)}) r GROUP BY r.grp`;
  const rows = await engine.run<SumsRow>({
    text: names ? `SELECT g.*, n.name AS "name" FROM (${grouped}) g ${names}` : `SELECT g.*, NULL AS "name" FROM (${grouped}) g`,
    values: where.sql.values,
  });
  return rows.map((row) => {
    const acc = new Accumulator();
    acc.count = Number(row.count);
    acc.volume = reassemble(row, "v", CHUNKS);
    acc.notional = reassemble(row, "n", 2 * CHUNKS - 1);
    return { key: row.key, name: row.name, acc };
  });
}

/** Largest volume first, then by name. */
function byVolume(a: { acc: Accumulator; name: string | null }, b: { acc: Accumulator; name: string | null }): number {
  return a.acc.volume === b.acc.volume ? (a.name ?? "").localeCompare(b.name ?? "") : a.acc.volume > b.acc.volume ? -1 : 1;
}

/**
 * Totals of the team lead's review for the filtered trades (same filters as the trade list, page
 * and sort ignored), overall, per company, per broker and per month and structure. Exact: see
 * CHUNK_DIGITS.
 */
export async function summarizeTrades(caller: Caller, query: TradeListQuery): Promise<TradeSummary> {
  // The trade list's own filters (team scope first), so the totals are of exactly the rows listed.
  const where = whereSql(getEngine().dialect, tradeFilters(caller.teamId, query));
  const [companies, brokers, months] = await Promise.all([groupTotals(where, "company"), groupTotals(where, "broker"), groupTotals(where, "month")]);
  const all = new Accumulator();
  for (const { acc } of companies) all.add(acc);
  return {
    ...all.totals(),
    by_company: companies.sort(byVolume).map(({ key, name, acc }) => ({ issuer: { id: key, name: name ?? "" }, ...acc.totals() })),
    by_broker: brokers.sort(byVolume).map(({ key, name, acc }) => ({ broker: { id: key, name: name ?? "" }, ...acc.totals() })),
    by_month: months
      .map(({ key, acc }) => {
        const [month, structure] = key.split("|");
        return { month, structure, ...acc.totals() };
      })
      .sort((a, b) => a.month.localeCompare(b.month) || a.structure.localeCompare(b.structure)),
  };
}
