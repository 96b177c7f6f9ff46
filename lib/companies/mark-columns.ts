import { FRACTION_DIGITS, MAX_STORED_DECIMAL, storedToUnits, toStoredDecimal, unitsToDecimal } from "../domain/decimal";

/**
 * A company's mark as its row keeps it for the directory (`companies.mark_price`,
 * `mark_ratio_30d`, kept by lib/marks/current.ts): the price as a stored decimal, and the 30-day
 * change as the ratio of the mark to the mark 30 days before (1.05 is up 5 %), a stored decimal
 * too, so both sort and compare as text on both databases (lib/domain/decimal.ts). Pure.
 */

const SCALE = BigInt(10) ** BigInt(FRACTION_DIGITS);
const MAX_UNITS = storedToUnits(MAX_STORED_DECIMAL);

/** Units (1e-8) as a stored decimal, at most the largest one. */
function storedUnits(units: bigint): string {
  return units > MAX_UNITS ? MAX_STORED_DECIMAL : toStoredDecimal(unitsToDecimal(units));
}

/** `price` over `before` (both stored), rounded half up to 8 places; null without `before` or for a zero one. */
export function ratioOf(price: string, before: string | null): string | null {
  if (before === null) return null;
  const then = storedToUnits(before);
  if (then === BigInt(0)) return null;
  return storedUnits((storedToUnits(price) * SCALE * BigInt(2) + then) / (then * BigInt(2)));
}

/** A bound on the 30-day change as typed ("-0.05", at least -1, 8 places at most) as the stored ratio it compares with: 1 + change. */
export function ratioBound(change: string): string {
  const negative = change.startsWith("-");
  const units = storedToUnits(toStoredDecimal(negative ? change.slice(1) : change));
  const ratio = SCALE + (negative ? -units : units);
  return storedUnits(ratio < BigInt(0) ? BigInt(0) : ratio);
}

/** A stored ratio as the change it says (1.05 -> 0.05), a number to show. */
export function changeOfRatio(ratio: string | null): number | null {
  return ratio === null ? null : Number(ratio) - 1;
}
