/** Scales of the dashboard's SVG charts (the company's price chart, the review's month chart). */

/** About `count` round tick values (1, 2 or 5 times a power of ten apart) within [min, max]. */
export function ticks(min: number, max: number, count: number): number[] {
  const span = max - min || Math.abs(max) || 1;
  const raw = span / count;
  const step = [1, 2, 5, 10].map((m) => m * 10 ** Math.floor(Math.log10(raw))).find((s) => s >= raw) ?? raw;
  const out: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step / 1e6; v += step) out.push(Number(v.toPrecision(12)));
  return out;
}

/** The ticks of an axis from 0 that reaches at least `max` (its top tick is the axis' top). */
export function axisTicks(max: number): number[] {
  const out = ticks(0, max, 4);
  const step = out.length > 1 ? out[1] - out[0] : 1;
  if (out.length === 1 || out[out.length - 1] < max) out.push(Number((out[out.length - 1] + step).toPrecision(12)));
  return out;
}

/** Every month from `first` to `last` (YYYY-MM), the empty ones included. */
export function everyMonth(first: string, last: string): string[] {
  const out: string[] = [];
  let [year, month] = first.split("-").map(Number);
  for (let guard = 0; guard < 1200; guard++) {
    const key = `${year}-${String(month).padStart(2, "0")}`;
    out.push(key);
    if (key >= last) break;
    month = month === 12 ? 1 : month + 1;
    if (month === 1) year++;
  }
  return out;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-03" -> "Mar 2026" (a two-digit year read as a day: "Dec 26"). */
export function monthLabel(month: string): string {
  const [year, m] = month.split("-");
  return `${MONTHS[Number(m) - 1] ?? m} ${year}`;
}

/** An axis or bar label: "$0", "$950", "$1.5K", "$12M", "$2.5B" (a picture's figure, not an exact one). */
export function formatUsdCompact(value: number): string {
  const units: [number, string][] = [
    [1e12, "T"],
    [1e9, "B"],
    [1e6, "M"],
    [1e3, "K"],
  ];
  for (const [size, suffix] of units) {
    if (Math.abs(value) >= size) return `$${Number((value / size).toPrecision(3)).toString()}${suffix}`;
  }
  return `$${Math.round(value)}`;
}
