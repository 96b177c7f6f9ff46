import type { Caller } from "../auth/caller";
import { getEngine } from "../db/client";
import type { Dialect } from "../db/dialect";
import { whereSql } from "../db/sql";
import { FRACTION_DIGITS, INTEGER_DIGITS, storedToUnits, unitsToDecimal } from "../domain/decimal";
import { VwapAccumulator } from "../domain/vwap";
import type { Issuer } from "../domain/issuer";
import { tradeFilters } from "./queries";
import type { TradeListQuery } from "./schema";

export interface TradeTotals {
  count: number;
  /** Exact sum of volume (USD), a decimal string. */
  total_volume: string;
  /** The VWAP, Σ volume / Σ (volume / price_per_share) (lib/domain/vwap.ts); null when there is no volume. */
  vwap_price_per_share: string | null;
}

export interface TradeSummary extends TradeTotals {
  by_company: (TradeTotals & { issuer: Issuer })[];
}

/**
 * Exact sums in SQL without a decimal type. A stored decimal (lib/domain/decimal.ts) is 26 digits,
 * i.e. an integer count of 1e-8 units; the database cuts the volume into chunks of CHUNK_DIGITS
 * digits (least significant first) and sums the chunks as 64-bit integers per company and price,
 * which JavaScript reassembles with BigInt. A chunk is < 1e5, so a sum stays exact up to ~9e13
 * trades. The VWAP divides each price's volume by that price (lib/domain/vwap.ts), which SQL
 * cannot do exactly: so the rows come back one per company and distinct price, not one per trade.
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
 * Each matching row's issuer, price and volume chunks (`v0`…), in issuer and price order, so the
 * GROUP BY over it streams instead of sorting. The dialect's fence keeps the planner from
 * inlining the chunk expressions into every sum that uses them (docs/performance.md, step 15).
 */
function chunkedRowsSql(dialect: Dialect, where: string): string {
  const columns = chunksSql("t.volume").map((chunk, i) => `${chunk} AS v${i}`);
  return `SELECT t.issuer_id AS issuer_id, t.price_per_share AS price, ${columns.join(", ")} FROM trades t WHERE ${where} ORDER BY t.issuer_id, t.price_per_share ${dialect.fence}`;
}

/** Σ volume per chunk (`v0`…), as text. */
function sumsSql(): string {
  return Array.from({ length: CHUNKS }, (_, i) => `CAST(SUM(v${i}) AS TEXT) AS "v${i}"`).join(", ");
}

type SumsRow = { issuerId: string; name: string; price: string; count: unknown } & Record<string, unknown>;

/** Reassembles numbered chunk sums (`${prefix}0`, `${prefix}1`, …) into one integer. */
function reassemble(row: SumsRow, prefix: string, count: number): bigint {
  let total = BigInt(0);
  for (let i = count - 1; i >= 0; i--) total = total * CHUNK_BASE + BigInt(String(row[`${prefix}${i}`] ?? "0"));
  return total;
}

function totalsOf(acc: VwapAccumulator): TradeTotals {
  return { count: acc.count, total_volume: unitsToDecimal(acc.volume), vwap_price_per_share: acc.vwap() };
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
      `SELECT r.issuer_id AS "issuerId", r.price AS "price", count(*) AS "count", ${sumsSql()} FROM (${chunkedRowsSql(engine.dialect, where)}) r GROUP BY r.issuer_id, r.price` +
      `) g JOIN companies c ON c.id = g."issuerId"`,
    values: sql.values,
  });
  const all = new VwapAccumulator();
  const companies = new Map<string, { issuer: Issuer; acc: VwapAccumulator }>();
  for (const row of rows) {
    let company = companies.get(row.issuerId);
    if (!company) companies.set(row.issuerId, (company = { issuer: { id: row.issuerId, name: row.name }, acc: new VwapAccumulator() }));
    const price = storedToUnits(String(row.price));
    const volume = reassemble(row, "v", CHUNKS);
    company.acc.add(price, volume, Number(row.count));
    all.add(price, volume, Number(row.count));
  }
  const byCompany = [...companies.values()];
  // Largest volume first, then by name.
  byCompany.sort((a, b) =>
    a.acc.volume === b.acc.volume ? a.issuer.name.localeCompare(b.issuer.name) : a.acc.volume > b.acc.volume ? -1 : 1,
  );
  return { ...totalsOf(all), by_company: byCompany.map(({ issuer, acc }) => ({ issuer, ...totalsOf(acc) })) };
}
