import { decimalToUnits } from "@/lib/domain/decimal";

/**
 * Depth bars of a ladder: each level's cumulative volume from the best price outward, as a share
 * of the deeper side's total (both ladders on one scale), in whole per mille. Integer arithmetic
 * on the exact volumes; only the bar widths are approximate.
 */
export function depthShares(bids: readonly { volume: string }[], offers: readonly { volume: string }[]): { bids: number[]; offers: number[] } {
  const cumulative = (rows: readonly { volume: string }[]) => {
    let sum = BigInt(0);
    return rows.map((r) => (sum += decimalToUnits(r.volume)));
  };
  const b = cumulative(bids);
  const o = cumulative(offers);
  const max = [...b, ...o].reduce((m, v) => (v > m ? v : m), BigInt(0));
  const share = (v: bigint) => (max === BigInt(0) ? 0 : Number((v * BigInt(1000)) / max));
  return { bids: b.map(share), offers: o.map(share) };
}
