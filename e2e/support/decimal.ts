/**
 * Exact decimal arithmetic for assertions on money: the app's decimal strings (up to 18 integer and
 * 8 fractional digits) become BigInts of 1e-8 units. Never a JavaScript float.
 */
const SCALE = 8;
const PLAIN = /^(\d+)(?:\.(\d+))?$/;

export function toUnits(value: string): bigint {
  const m = PLAIN.exec(value.trim());
  if (!m) throw new Error(`not a plain non-negative decimal: ${JSON.stringify(value)}`);
  const [, int, frac = ""] = m;
  if (frac.length > SCALE) throw new Error(`more than ${SCALE} fractional digits: ${value}`);
  return BigInt(int) * 10n ** BigInt(SCALE) + BigInt(frac.padEnd(SCALE, "0") || "0");
}

/** Back to canonical form: no leading zeros, no trailing fractional zeros ("12.5", "100"). */
export function fromUnits(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const base = 10n ** BigInt(SCALE);
  const int = (abs / base).toString();
  const frac = (abs % base).toString().padStart(SCALE, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${int}${frac ? `.${frac}` : ""}`;
}

export function compareDecimal(a: string, b: string): number {
  const x = toUnits(a);
  const y = toUnits(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function sumDecimals(values: readonly string[]): string {
  return fromUnits(values.reduce((acc, v) => acc + toUnits(v), 0n));
}

/** True when each value is <= the next (asc) or >= the next (desc). */
export function isSorted(values: readonly string[], direction: "asc" | "desc"): boolean {
  for (let i = 1; i < values.length; i++) {
    const c = compareDecimal(values[i - 1], values[i]);
    if (direction === "asc" ? c > 0 : c < 0) return false;
  }
  return true;
}

/** "$1,234,567.50" -> "1234567.5" (the dashboard's USD display back to a decimal string). */
export function fromUsd(display: string): string {
  const digits = display.trim().replace(/^\$/, "").replace(/,/g, "");
  return fromUnits(toUnits(digits));
}
