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
 * Each matching row's chunks (`p0`… for the price, `v0`… for the volume), in issuer order, so the
 * GROUP BY over it streams instead of sorting. The dialect's fence keeps the planner from
 * inlining the chunk expressions into every product that uses them (twice the work; step 15).
 */
function chunkedRowsSql(dialect: Dialect, where: string): string {
  const columns = [
    ...chunksSql("t.price_per_share").map((chunk, i) => `${chunk} AS p${i}`),
    ...chunksSql("t.volume").map((chunk, i) => `${chunk} AS v${i}`),
  ];
  return `SELECT t.issuer_id AS issuer_id, ${columns.join(", ")} FROM trades t WHERE ${where} ORDER BY t.issuer_id ${dialect.fence}`;
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

type SumsRow = { issuerId: string; name: string; count: unknown } & Record<string, unknown>;

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

/**
 * Totals of the team lead's review for the filtered trades (same filters as the trade list, page
 * and sort ignored), overall and per company. Exact: see CHUNK_DIGITS.
 */
export async function summarizeTrades(caller: Caller, query: TradeListQuery): Promise<TradeSummary> {
  // The trade list's own filters (team scope first), so the totals are of exactly the rows listed.
  const engine = getEngine();
  const { sql, where } = whereSql(engine.dialect, tradeFilters(caller.teamId, query));
  const rows = await engine.run<SumsRow>({
    text:
      `SELECT g.*, c.name AS "name" FROM (` +
      `SELECT r.issuer_id AS "issuerId", count(*) AS "count", ${sumsSql()} FROM (${chunkedRowsSql(engine.dialect, where)}) r GROUP BY r.issuer_id` +
      `) g JOIN companies c ON c.id = g."issuerId"`,
    values: sql.values,
  });
  const all = new Accumulator();
  const byCompany = rows.map((row) => {
    const acc = new Accumulator();
    acc.count = Number(row.count);
    acc.volume = reassemble(row, "v", CHUNKS);
    acc.notional = reassemble(row, "n", 2 * CHUNKS - 1);
    all.add(acc);
    return { issuer: { id: row.issuerId, name: row.name }, acc };
  });
  // Largest volume first, then by name.
  byCompany.sort((a, b) =>
    a.acc.volume === b.acc.volume ? a.issuer.name.localeCompare(b.issuer.name) : a.acc.volume > b.acc.volume ? -1 : 1,
  );
  return { ...all.totals(), by_company: byCompany.map(({ issuer, acc }) => ({ issuer, ...acc.totals() })) };
}
