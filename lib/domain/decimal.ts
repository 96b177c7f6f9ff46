/**
 * Exact big decimals on SQLite and PostgreSQL alike.
 *
 * The API speaks decimal strings ("1234567890123456.78"). The database stores them as fixed-width
 * text, 18 integer digits + "." + 8 fractional digits, so that plain byte comparison (which both
 * databases index) is numeric comparison for the non-negative values we hold, and no value ever
 * passes through a float. Sums are done in the database on chunks of digits as integers (the
 * review totals, lib/trades/summary.ts) or here with BigInt.
 */

export const INTEGER_DIGITS = 18;
export const FRACTION_DIGITS = 8;
export const STORED_WIDTH = INTEGER_DIGITS + 1 + FRACTION_DIGITS;
const SCALE = BigInt(10) ** BigInt(FRACTION_DIGITS);
const ZERO = "0".charCodeAt(0);

/** The largest stored decimal. */
export const MAX_STORED_DECIMAL = `${"9".repeat(INTEGER_DIGITS)}.${"9".repeat(FRACTION_DIGITS)}`;

/** A non-negative decimal in plain notation that fits the stored width. */
export const DECIMAL_PATTERN = new RegExp(`^\\d{1,${INTEGER_DIGITS}}(\\.\\d{1,${FRACTION_DIGITS}})?$`);

/** What the OpenAPI document says of every decimal string, request or response (JSON Schema). */
export const DECIMAL_JSON_SCHEMA = { type: "string", pattern: DECIMAL_PATTERN.source, maxLength: STORED_WIDTH, examples: ["12.5"] };

/** "12.5" -> "000000000000000012.50000000". Throws on anything that is not a storable decimal. */
export function toStoredDecimal(value: string): string {
  if (!DECIMAL_PATTERN.test(value)) throw new RangeError(`not a storable decimal: ${JSON.stringify(value)}`);
  const [int, frac = ""] = value.split(".");
  return `${int.padStart(INTEGER_DIGITS, "0")}.${frac.padEnd(FRACTION_DIGITS, "0")}`;
}

/**
 * "000000000000000012.50000000" -> "12.5": no padding, no exponent, never rounded. The API's
 * decimals are written by the database (lib/db/json-sql.ts); this is the rule they are checked
 * against (json-sql.test.ts).
 */
export function fromStoredDecimal(stored: string): string {
  const dot = stored.indexOf(".");
  const intEnd = dot === -1 ? stored.length : dot;
  let start = 0;
  while (start < intEnd - 1 && stored.charCodeAt(start) === ZERO) start++;
  if (dot === -1) return stored.slice(start);
  let end = stored.length;
  while (end > dot + 1 && stored.charCodeAt(end - 1) === ZERO) end--;
  return stored.slice(start, end === dot + 1 ? dot : end);
}

/** Integer count of 1e-8 units -> plain decimal string. */
export function unitsToDecimal(units: bigint): string {
  const negative = units < BigInt(0);
  const abs = negative ? -units : units;
  const int = abs / SCALE;
  const frac = (abs % SCALE).toString().padStart(FRACTION_DIGITS, "0").replace(/0+$/, "");
  return `${negative ? "-" : ""}${int}${frac ? `.${frac}` : ""}`;
}

/** A stored decimal ("000000000000000012.50000000") -> its integer count of 1e-8 units. */
export function storedToUnits(stored: string): bigint {
  return BigInt(stored.replace(".", ""));
}

/** A plain decimal string ("12.5") -> its integer count of 1e-8 units. */
export function decimalToUnits(value: string): bigint {
  return storedToUnits(toStoredDecimal(value));
}
