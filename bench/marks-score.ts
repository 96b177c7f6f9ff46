/** The backtest's scoreboard (bench/marks-backtest.ts): errors of each predictor on the same trades. */

export const PREDICTORS = ["mark", "last verified trade", "90-day VWAP"] as const;
export type Predictor = (typeof PREDICTORS)[number];
export const GROUPS = ["all", "thin (≤ 3 verified trades in 180 days)"] as const;
export type Group = (typeof GROUPS)[number];

/** One verified trade's predictions (null: the predictor had nothing), its price and the generator's reference. */
export interface Case {
  thin: boolean;
  price: number;
  reference: number | null;
  predictions: Record<Predictor, number | null>;
  band: { low: number; high: number } | null;
}

const error = (predicted: number | null, actual: number) => (predicted === null ? Infinity : Math.abs(predicted / actual - 1));

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const pct = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(1)} %` : "—");
const share = (errors: number[], bound: number) => errors.filter((e) => e <= bound).length / errors.length;

export interface Summary {
  n: number;
  answered: number;
  medianError: number;
  within10: number;
  within20: number;
  medianErrorVsReference: number;
}

/** A predictor's figures over `cases`; a trade it had no answer for counts as a miss. */
export function summarize(cases: readonly Case[], p: Predictor): Summary {
  const errors = cases.map((c) => error(c.predictions[p], c.price));
  const withReference = cases.filter((c) => c.reference !== null);
  return {
    n: cases.length,
    answered: cases.filter((c) => c.predictions[p] !== null).length,
    medianError: median(errors),
    within10: share(errors, 0.1),
    within20: share(errors, 0.2),
    medianErrorVsReference: median(withReference.map((c) => error(c.predictions[p], c.reference!))),
  };
}

export function groupCases(cases: readonly Case[], group: Group): Case[] {
  return group === "all" ? [...cases] : cases.filter((c) => c.thin);
}

/** The markdown tables of docs/marks.md: each group, first on every trade, then on those every predictor answered. */
export function report(cases: readonly Case[]): string {
  const lines: string[] = [];
  for (const [title, subset] of [
    ["every verified trade (no answer = a miss)", cases],
    ["the verified trades every predictor answered", cases.filter((c) => PREDICTORS.every((p) => c.predictions[p] !== null))],
  ] as const) {
    lines.push(`On ${title}:`, "", "| trades | predictor | n | answered | median abs. error | within ±10 % | within ±20 % | median abs. error vs reference |", "|---|---|---:|---:|---:|---:|---:|---:|");
    for (const g of GROUPS) {
      const inGroup = groupCases(subset, g);
      for (const p of PREDICTORS) {
        const s = summarize(inGroup, p);
        lines.push(`| ${g} | ${p} | ${s.n} | ${s.answered} | ${pct(s.medianError)} | ${pct(s.within10)} | ${pct(s.within20)} | ${pct(s.medianErrorVsReference)} |`);
      }
    }
    lines.push("");
  }
  lines.push("The mark's band (low–high of the day before) against the next verified trade:", "", "| trades | n | inside the band | median half-width |", "|---|---:|---:|---:|");
  for (const g of GROUPS) {
    const banded = groupCases(cases, g).filter((c) => c.band !== null);
    const inside = banded.filter((c) => c.band!.low <= c.price && c.price <= c.band!.high).length;
    const width = median(banded.map((c) => (c.band!.high - c.band!.low) / (c.band!.high + c.band!.low)));
    lines.push(`| ${g} | ${banded.length} | ${pct(inside / banded.length)} | ${pct(width)} |`);
  }
  return lines.join("\n");
}
