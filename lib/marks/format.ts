import { FRACTION_DIGITS } from "../domain/decimal";

/**
 * The mark's prices as the API's decimal strings (lib/domain/decimal.ts): cents from $1, four
 * significant digits below (0.1234, 0.001234), never more than the 8 decimals the database keeps,
 * no trailing zeros ("12.5"). `direction` rounds a band's low down and its high up, so rounding
 * never narrows it.
 */
export function priceDecimal(value: number, direction: "nearest" | "down" | "up" = "nearest"): string {
  if (!(value > 0) || !Number.isFinite(value)) throw new RangeError(`not a positive price: ${value}`);
  const decimals = value >= 1 ? 2 : Math.min(FRACTION_DIGITS, 3 - Math.floor(Math.log10(value)));
  const scale = 10 ** decimals;
  const round = direction === "down" ? Math.floor : direction === "up" ? Math.ceil : Math.round;
  // A tiny nudge against the rounding's direction, so that a value a float holds as 1.00499… or
  // 9.99000…1 rounds as written.
  const units = Math.max(1, round(value * scale * (1 + (direction === "up" ? -1 : 1) * 1e-12)));
  const text = (units / scale).toFixed(decimals);
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}
