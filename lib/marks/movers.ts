/**
 * The day's biggest movers (the Market page), pure: from each company's mark and its changes
 * (lib/marks/changes.ts), the largest rises and falls over one span.
 */

export type MarkChange = {
  company: { id: string; name: string };
  date: string;
  price_per_share: string;
  /** The mark's relative change since the day before (0.05 is +5 %), null without a mark then. */
  change_1d: number | null;
  /** The same since 30 days before. */
  change_30d: number | null;
};

/** now / then − 1 of two decimal strings, or null without `then` (or a zero one). */
export function changeOf(now: string, then: string | null): number | null {
  if (then === null || Number(then) === 0) return null;
  return Number(now) / Number(then) - 1;
}

/** The `count` largest rises and falls over `span`, largest first; an unchanged mark is neither. */
export function moversOf(changes: readonly MarkChange[], span: "change_1d" | "change_30d", count: number): { up: MarkChange[]; down: MarkChange[] } {
  const moved = changes.filter((c) => c[span] !== null && c[span] !== 0);
  // Ties by name, then id: the same list on every load.
  const byName = (a: MarkChange, b: MarkChange) => a.company.name.localeCompare(b.company.name) || (a.company.id < b.company.id ? -1 : 1);
  const size = (c: MarkChange) => c[span] ?? 0;
  return {
    up: moved.filter((c) => size(c) > 0).sort((a, b) => size(b) - size(a) || byName(a, b)).slice(0, count),
    down: moved.filter((c) => size(c) < 0).sort((a, b) => size(a) - size(b) || byName(a, b)).slice(0, count),
  };
}

/**
 * A change as a signed percentage to one decimal: 0.0234 -> "+2.3%", -0.1 -> "−10.0%", null -> "—";
 * one too small for a decimal keeps its sign, "−<0.1%" (a mover, or a row sorted by it, is not 0),
 * and only none at all is "0.0%".
 */
export function formatChange(change: number | null): string {
  if (change === null) return "—";
  if (change === 0) return "0.0%";
  const text = Math.abs(change * 100).toFixed(1);
  return `${change > 0 ? "+" : "−"}${text === "0.0" ? "<0.1" : text}%`;
}
