import { unitsToDecimal } from "./decimal";

/**
 * The one volume-weighted average price per share of the product (issue 14; docs/api/reading.md,
 * "Average price"). `volume` is USD, so the average a buyer paid per share is total USD over total
 * shares:
 *
 *   VWAP = Σ volume / Σ (volume / price_per_share)
 *
 * correctly rounded to 8 decimals (half up), with exact integer arithmetic, never a float.
 * Inputs are integer counts of 1e-8 units (lib/domain/decimal.ts); prices are positive (the write
 * rules refuse 0).
 */

/** The definition in words, for the pages' hints. */
export const VWAP_DEFINITION = "Volume-weighted average price per share: total USD ÷ total shares, Σ volume ÷ Σ (volume ÷ price)";

/** Scale of the fast path's share counts: 40 digits below the unit (see vwapOf). */
const SHARE_SCALE = BigInt(10) ** BigInt(40);
const ZERO = BigInt(0);
const ONE = BigInt(1);
const TWO = BigInt(2);

/** Half-up rounding of the non-negative fraction num / den to an integer. */
function roundHalfUp(num: bigint, den: bigint): bigint {
  return (TWO * num + den) / (TWO * den);
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== ZERO) [a, b] = [b, a % b];
  return a;
}

/** Volume (1e-8 USD units) per price (1e-8 USD units): trades of one price add up first. */
export type VolumeByPrice = ReadonlyMap<bigint, bigint>;

/** The exact rational Σ W/P, reduced at every step: always right, slower on many prices. */
export function vwapExact(volumes: VolumeByPrice): string | null {
  let num = ZERO;
  let den = ONE;
  let volume = ZERO;
  for (const [price, w] of volumes) {
    volume += w;
    num = num * price + w * den;
    den = den * price;
    const g = gcd(num, den);
    num /= g;
    den /= g;
  }
  if (volume === ZERO) return null;
  // VWAP in 1e-8 units = volume / (num / den).
  return unitsToDecimal(roundHalfUp(volume * den, num));
}

/**
 * The VWAP of trades given as volume per price, or null without volume. Fast path: each price's
 * shares truncated to 40 decimals, so the true share total lies in [sum, sum + terms) and the
 * VWAP in a tiny interval; when both ends round alike that is the answer, else (a value within
 * ~1e-30 of a rounding boundary, such as an exact tie) the exact rational decides.
 */
export function vwapOf(volumes: VolumeByPrice): string | null {
  let volume = ZERO;
  let shares = ZERO;
  for (const [price, w] of volumes) {
    volume += w;
    shares += shareTerm(price, w);
  }
  return vwapOfSums(volumes, volume, shares);
}

/** A price's shares in the fast path: its volume over it, truncated to 40 decimals. */
function shareTerm(price: bigint, volume: bigint): bigint {
  if (price <= ZERO) throw new RangeError("a price must be positive");
  return (volume * SHARE_SCALE) / price;
}

/** vwapOf from its sums: the volume and the fast path's shares of `volumes`. */
function vwapOfSums(volumes: VolumeByPrice, volume: bigint, shares: bigint): string | null {
  if (volume === ZERO) return null;
  const scaled = volume * SHARE_SCALE;
  const high = roundHalfUp(scaled, shares);
  const low = roundHalfUp(scaled, shares + BigInt(volumes.size));
  return high === low ? unitsToDecimal(high) : vwapExact(volumes);
}

/**
 * vwapOf over a window that trades enter and leave (a chart's rolling averages, lib/market/chart.ts):
 * the same answer, its sums kept as trades come and go, so a day costs its trades, not every
 * price in the window.
 */
export class RollingVwap {
  private readonly volumes = new Map<bigint, bigint>();
  private volume = ZERO;
  private shares = ZERO;

  /** A trade enters (`sign` 1) or leaves (-1) the window: its price's term of the shares is replaced. */
  change(price: bigint, volume: bigint, sign: 1 | -1): void {
    const before = this.volumes.get(price) ?? ZERO;
    const after = before + BigInt(sign) * volume;
    this.volume += BigInt(sign) * volume;
    if (before !== ZERO) this.shares -= shareTerm(price, before);
    if (after === ZERO) {
      this.volumes.delete(price);
      return;
    }
    this.volumes.set(price, after);
    this.shares += shareTerm(price, after);
  }

  vwap(): string | null {
    return vwapOfSums(this.volumes, this.volume, this.shares);
  }
}

/** Collects trades (price, volume in 1e-8 units) for vwapOf. */
export class VwapAccumulator {
  readonly volumes = new Map<bigint, bigint>();
  volume = ZERO;
  count = 0;

  add(price: bigint, volume: bigint, count = 1): void {
    this.volumes.set(price, (this.volumes.get(price) ?? ZERO) + volume);
    this.volume += volume;
    this.count += count;
  }

  merge(other: VwapAccumulator): void {
    for (const [price, volume] of other.volumes) this.add(price, volume, 0);
    this.count += other.count;
  }

  vwap(): string | null {
    return vwapOf(this.volumes);
  }
}
