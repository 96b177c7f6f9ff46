import {
  STRUCTURE_LABELS,
  type Side,
  type Stage,
  type StockClassType,
  type StockType,
  type Visibility,
} from "./domain/enums";

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
  return formatted.startsWith("-") ? `-$${formatted.slice(1)}` : `$${formatted}`;
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

/** Calendar dates (YYYY-MM-DD) are shown as they are: unambiguous and sortable by eye. */
export function formatDate(value: string | null | undefined): string {
  return value ? value : EMPTY;
}

/** A UTC rendering of a timestamp, identical on server and client (the <Timestamp> fallback). */
export function formatUtcTimestamp(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace("T", " ")} UTC`;
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
  if (!value) return EMPTY;
  return (STRUCTURE_LABELS as Record<string, string>)[value] ?? value;
}

export function labelOf(labels: Record<string, string>, value: string | null | undefined): string {
  if (!value) return EMPTY;
  return labels[value] ?? value;
}
