import type { Caller } from "../auth/caller";
import { getDb, getDbKind, sqlRunner } from "../db/client";
import { Conditions, SqlWriter, tradePageInput } from "../db/list-sql";
import { decimalToUnits, fromStoredDecimal, unitsToDecimal } from "../domain/decimal";
import type { Issuer } from "../domain/issuer";
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

class Accumulator {
  count = 0;
  volume = BigInt(0);
  notional = BigInt(0);

  add(price: bigint, volume: bigint) {
    this.count += 1;
    this.volume += volume;
    this.notional += price * volume;
  }

  totals(): TradeTotals {
    return { count: this.count, total_volume: unitsToDecimal(this.volume), vwap_price_per_share: vwap(this.notional, this.volume) };
  }
}

function vwap(notional: bigint, volume: bigint): string | null {
  if (volume === BigInt(0)) return null;
  // notional is in 1e-16 units (price units × volume units); dividing by volume units leaves price units.
  return unitsToDecimal((notional * BigInt(2) + volume) / (volume * BigInt(2)));
}

/**
 * Totals of the team lead's review for the filtered trades (same filters as the trade list, page
 * and sort ignored). Sums are exact: the decimals are added as integers with BigInt, never floats.
 */
export async function summarizeTrades(caller: Caller, query: TradeListQuery): Promise<TradeSummary> {
  // The trade list's own WHERE (team scope first), so the totals are of exactly the rows listed.
  const input = tradePageInput(getDbKind(), caller.teamId, query);
  const sql = new SqlWriter(input.dialect);
  const where = new Conditions(sql);
  input.where(where);
  const rows = await sqlRunner(getDb())<{ issuerId: string; pricePerShare: string; volume: string }>({
    text: `SELECT t.issuer_id AS "issuerId", t.price_per_share AS "pricePerShare", t.volume AS "volume" FROM trades t WHERE ${where}`,
    values: sql.values,
  });
  const all = new Accumulator();
  const perIssuer = new Map<string, Accumulator>();
  for (const row of rows) {
    const price = decimalToUnits(fromStoredDecimal(row.pricePerShare));
    const volume = decimalToUnits(fromStoredDecimal(row.volume));
    all.add(price, volume);
    let acc = perIssuer.get(row.issuerId);
    if (!acc) perIssuer.set(row.issuerId, (acc = new Accumulator()));
    acc.add(price, volume);
  }
  const issuers = await getDb().company.findMany({
    where: { id: { in: [...perIssuer.keys()] } },
    select: { id: true, name: true },
  });
  // Largest volume first, then by name.
  const byCompany = issuers
    .map((issuer) => ({ issuer, acc: perIssuer.get(issuer.id)! }))
    .sort((a, b) =>
      a.acc.volume === b.acc.volume ? a.issuer.name.localeCompare(b.issuer.name) : a.acc.volume > b.acc.volume ? -1 : 1,
    )
    .map(({ issuer, acc }) => ({ issuer, ...acc.totals() }));
  return { ...all.totals(), by_company: byCompany };
}
