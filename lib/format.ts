import {
  STRUCTURE_LABELS,
  type Side,
  type Stage,
  type StockClassType,
  type StockType,
  type Visibility,
} from "./domain/enums";
import { DAY_MS } from "./domain/days";

/**
 * Display formatting for the dashboard. Money is formatted from the API's exact decimal strings by
 * string manipulation only: no value ever becomes a JavaScript number, so nothing is rounded.
 */

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;
const EMPTY = "—";

/** "1234567" -> "1,234,567" (digits only). */
function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * A decimal string with grouped integer digits and at least `minFraction` fractional digits.
 * Extra fractional digits are kept (trailing zeros beyond the minimum are dropped, which loses
 * nothing). Anything that is not a plain decimal is returned unchanged.
 */
export function formatDecimal(value: string | null | undefined, minFraction = 0): string {
  if (value === null || value === undefined || value === "") return EMPTY;
  const m = PLAIN_DECIMAL.exec(value.trim());
  if (!m) return value;
  const [, sign, intRaw, fracRaw = ""] = m;
  const int = intRaw.replace(/^0+(?=\d)/, "");
  let frac = fracRaw.replace(/0+$/, "");
  if (frac.length < minFraction) frac = frac.padEnd(minFraction, "0");
  const isZero = /^0*$/.test(int) && /^0*$/.test(frac);
  return `${sign && !isZero ? "-" : ""}${groupDigits(int)}${frac ? `.${frac}` : ""}`;
}

/** US dollars: "1234567.5" -> "$1,234,567.50"; "0.00000001" -> "$0.00000001". */
export function formatUsd(value: string | null | undefined): string {
  const formatted = formatDecimal(value, 2);
  if (formatted === EMPTY || !PLAIN_DECIMAL.test((value ?? "").trim())) return formatted;
  return dollars(formatted);
}

/** A formatted decimal with the dollar sign after its minus. */
function dollars(formatted: string): string {
  return formatted.startsWith("-") ? `-$${formatted.slice(1)}` : `$${formatted}`;
}

/**
 * A decimal string rounded half away from zero to `digits` fractional digits, exactly (BigInt on
 * the digits, never a float). Anything that is not a plain decimal is returned unchanged.
 */
export function roundDecimal(value: string, digits: number): string {
  const m = PLAIN_DECIMAL.exec(value.trim());
  if (!m) return value;
  const [, sign, int, frac = ""] = m;
  if (frac.length <= digits) return value.trim();
  const kept = BigInt(`${int}${frac.slice(0, digits)}`) + (frac.charCodeAt(digits) >= "5".charCodeAt(0) ? BigInt(1) : BigInt(0));
  const text = kept.toString().padStart(digits + 1, "0");
  return `${sign}${text.slice(0, text.length - digits)}${digits ? `.${text.slice(text.length - digits)}` : ""}`;
}

/**
 * How many decimals a table's price column shows (docs/ui.md "Numbers"): 2, or 4 when a price on
 * the page is under a dollar, where a cent is too coarse. One count for the whole column, so the
 * decimal points line up; the exact value is on hover.
 */
export function pricePlaces(values: readonly (string | null | undefined)[]): 2 | 4 {
  return values.some((value) => value && /^0*(\.\d*)?$/.test(value.trim())) ? 4 : 2;
}

/** A price in a table column: rounded to the column's places (pricePlaces), padded to them. */
export function formatUsdPlaces(value: string | null | undefined, places: number): string {
  if (value === null || value === undefined || !PLAIN_DECIMAL.test(value.trim())) return formatUsd(value);
  return dollars(formatDecimal(roundDecimal(value, places), places));
}

/** An amount in a table column: whole dollars; a non-zero amount under 50 cents reads "< $1". */
export function formatUsdWhole(value: string | null | undefined): string {
  if (value === null || value === undefined || !PLAIN_DECIMAL.test(value.trim())) return formatUsd(value);
  const whole = roundDecimal(value, 0);
  if (/^-?0+$/.test(whole) && !/^-?0*\.?0*$/.test(value.trim())) return "< $1";
  return dollars(formatDecimal(whole, 0));
}

/**
 * An amount that bounds what passes (an order's minimum, a filter's end): whole dollars as a table
 * column shows amounts, its cents only when it has some, since a rounded bound would misstate it.
 */
export function formatUsdBound(value: string | null | undefined): string {
  return value !== null && value !== undefined && showsExactly(value, 0) ? formatUsdWhole(value) : formatUsd(value);
}

/** The decimals an average shows (formatUsdAverage). */
export const AVERAGE_PLACES = 4;

/** An average (a VWAP): US dollars to 4 decimals, padded, so every average reads alike (the exact value goes in a title). */
export function formatUsdAverage(value: string | null | undefined): string {
  return value === null || value === undefined ? EMPTY : formatUsdPlaces(value, AVERAGE_PLACES);
}

/**
 * True when rounding `value` to `places` decimals loses nothing (no non-zero digit beyond them),
 * so the rounded amount is the exact one. Anything that is not a plain decimal is shown as it is.
 */
export function showsExactly(value: string, places: number): boolean {
  const m = PLAIN_DECIMAL.exec(value.trim());
  return !m || /^0*$/.test((m[3] ?? "").slice(places));
}

/** US dollars with every digit of the decimal string, trailing zeros too: "0.64200000" -> "$0.64200000". */
export function formatUsdExact(value: string): string {
  const m = PLAIN_DECIMAL.exec(value.trim());
  if (!m) return value;
  const [, sign, int, frac] = m;
  return dollars(`${sign}${groupDigits(int)}${frac === undefined ? "" : `.${frac}`}`);
}

/** A percentage given as a decimal string of percent points: "2.5" -> "2.5%". */
export function formatPercent(value: string | null | undefined): string {
  const formatted = formatDecimal(value, 0);
  return formatted === EMPTY ? EMPTY : `${formatted}%`;
}

/** Counts: 12345 -> "12,345". */
export function formatCount(value: number): string {
  return groupDigits(String(Math.trunc(value)));
}

// One date format for every table: "Oct 30, 2026" (month names fixed here, so the server and
// every browser write the same text whatever their locale).
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const two = (n: number) => String(n).padStart(2, "0");

/** A calendar date (YYYY-MM-DD, no time zone): "2026-10-30" -> "Oct 30, 2026". */
export function formatDate(value: string | null | undefined): string {
  if (!value) return EMPTY;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${MONTHS[Number(m[2]) - 1]} ${Number(m[3])}, ${m[1]}` : value;
}

/** A timestamp in the same date format, with a 24-hour time: in the viewer's zone, or in UTC (marked). */
export function formatDateTime(iso: string, zone: "local" | "utc"): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  if (zone === "utc") {
    return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())} UTC`;
  }
  return `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}, ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/**
 * How long ago a timestamp was, in whole UTC days, compact enough for a ladder's row at 390 px:
 * "today", "5 d", "7 mo", "2 y", each to the nearest month or year (a month of 365.25 / 12 days), so
 * the months stop at 23 ("24 mo" reads as "2 y"); the exact time goes in a title.
 */
export function formatAge(iso: string, now: Date): string {
  const days = Math.floor(now.getTime() / DAY_MS) - Math.floor(new Date(iso).getTime() / DAY_MS);
  if (!(days > 0)) return "today";
  if (days < 60) return `${days} d`;
  const months = Math.round(days / (365.25 / 12));
  return months < 24 ? `${months} mo` : `${Math.round(days / 365.25)} y`;
}

export function formatText(value: string | null | undefined): string {
  return value === null || value === undefined || value === "" ? EMPTY : value;
}

export const SIDE_LABELS: Record<Side, string> = { bid: "Bid", offer: "Offer" };
export const STAGE_LABELS: Record<Stage, string> = { open: "Open", closed_lost: "Closed (lost)" };
export const VISIBILITY_LABELS: Record<Visibility, string> = {
  order_book_public: "Order book (public)",
  order_book_anonymous: "Order book (anonymous)",
  private: "Private",
};
export const STOCK_TYPE_LABELS: Record<StockType, string> = { primary: "Primary", secondary: "Secondary" };
export const STOCK_CLASS_TYPE_LABELS: Record<StockClassType, string> = { common: "Common", preferred: "Preferred" };
export const ROLE_LABELS: Record<string, string> = {
  broker: "Broker",
  team_lead: "Team lead",
  marketplace_ops: "Marketplace ops",
};

/** Structure label; the deprecated `spv` reads "SPV (legacy)". Unknown values are shown raw. */
export function structureLabel(value: string | null | undefined): string {
  return labelOf(STRUCTURE_LABELS, value);
}

/**
 * The class column: the class type, and the class name when it says more ("Preferred · Series B",
 * not "Preferred · Preferred").
 */
export function stockClassLabel(type: string, name: string | null | undefined): { type: string; name: string | null } {
  const label = labelOf(STOCK_CLASS_TYPE_LABELS, type);
  const extra = name?.trim();
  return { type: label, name: extra && extra.toLowerCase() !== label.toLowerCase() ? extra : null };
}

export function labelOf(labels: Record<string, string>, value: string | null | undefined): string {
  if (!value) return EMPTY;
  return labels[value] ?? value;
}
