import { SIDES, STOCK_CLASS_TYPES, STRUCTURES, type Side, type StockClassType, type Structure } from "../domain/enums";
import { median } from "./robust";
import type { QuoteObservation, TradeObservation } from "./types";
import { dayNumber, DAY_MS } from "../domain/days";

/**
 * Market-wide adjustments that put every price on one footing: a direct trade in preferred stock.
 * Each factor is a log-ratio (−0.05: about 5 % below the footing), estimated from the market's own
 * data and shrunk towards 0 where data is thin (docs/marks.md, "Adjustments").
 */

interface Factor {
  /** The log-ratio the estimator subtracts, after shrinkage. */
  value: number;
  /** The robust estimate before shrinkage. */
  raw: number;
  /** How many comparisons it rests on. */
  n: number;
}

export interface MarketFactors {
  structure: Record<Structure, Factor>;
  stockClass: Record<StockClassType, Factor>;
  /** How far bids and offers sit from the trades of their company and time (quotes are not trades). */
  side: Record<Side, Factor>;
}

const NONE: Factor = { value: 0, raw: 0, n: 0 };

function factors<K extends string>(keys: readonly K[], make: (key: K) => Factor): Record<K, Factor> {
  return Object.fromEntries(keys.map((k) => [k, make(k)])) as Record<K, Factor>;
}

/** No adjustment at all: where no market data is at hand (a test, a first run). */
export const NO_FACTORS: MarketFactors = {
  structure: factors(STRUCTURES, () => NONE),
  stockClass: factors(STOCK_CLASS_TYPES, () => NONE),
  side: factors(SIDES, () => NONE),
};

/** The log-adjustment of a trade's price to the footing. */
export function tradeAdjustment(f: MarketFactors, structure: Structure, stockClassType: StockClassType): number {
  return f.structure[structure].value + f.stockClass[stockClassType].value;
}

/** The log-adjustment of a quote's structures and class (not its side); a bid's acceptable structures count alike. */
export function quoteAdjustment(f: MarketFactors, structures: readonly Structure[], stockClassType: StockClassType): number {
  let sum = 0;
  for (const s of structures) sum += f.structure[s].value;
  return (structures.length ? sum / structures.length : 0) + f.stockClass[stockClassType].value;
}

interface FactorOptions {
  /** Comparisons are with the company's footing prices within this many days either side. */
  windowDays: number;
  /** A factor resting on n comparisons keeps n / (n + shrinkage) of its raw estimate. */
  shrinkage: number;
}

const DEFAULT_FACTOR_OPTIONS: FactorOptions = { windowDays: 15, shrinkage: 25 };

/** One company's observations, as the estimator takes them. */
export interface CompanyObservations {
  trades: readonly TradeObservation[];
  quotes: readonly QuoteObservation[];
}

type Dated = { day: number; y: number };

/** Per company: each price against the median of its footing prices within ±window days. */
class Footing {
  private readonly days: number[];
  private readonly ys: number[];
  constructor(points: Dated[], private readonly window: number) {
    points.sort((a, b) => a.day - b.day);
    this.days = points.map((p) => p.day);
    this.ys = points.map((p) => p.y);
  }
  /** The footing log-price around `day`, or null without any within the window. */
  around(day: number): number | null {
    let lo = 0;
    let hi = this.days.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.days[mid] < day - this.window) lo = mid + 1;
      else hi = mid;
    }
    let end = lo;
    while (end < this.days.length && this.days[end] <= day + this.window) end++;
    return end > lo ? median(this.ys.slice(lo, end)) : null;
  }
}

function shrunk(ratios: number[], shrinkage: number): Factor {
  if (ratios.length === 0) return NONE;
  const raw = median(ratios);
  return { value: (raw * ratios.length) / (ratios.length + shrinkage), raw, n: ratios.length };
}

/**
 * The market's factors from many companies' observations. First structures and classes, from
 * trades: each non-direct preferred trade (a structure) and each direct common trade (the class)
 * against the same company's direct preferred trades around its day. Then the sides, from quotes
 * put on the footing with those factors, against all of the company's trades on the footing.
 * Each factor is the median of its log-ratios, shrunk by n / (n + shrinkage).
 */
export function estimateMarketFactors(companies: Iterable<CompanyObservations>, options: FactorOptions = DEFAULT_FACTOR_OPTIONS): MarketFactors {
  const byStructure = new Map<Structure, number[]>(STRUCTURES.map((s) => [s, []]));
  const common: number[] = [];
  const bySide = new Map<Side, number[]>(SIDES.map((s) => [s, []]));
  const kept: { trades: readonly TradeObservation[]; quotes: readonly QuoteObservation[] }[] = [];
  for (const company of companies) {
    const direct = new Footing(
      company.trades.filter((t) => t.structure === "direct" && t.stockClassType === "preferred").map((t) => ({ day: dayNumber(t.date), y: Math.log(t.price) })),
      options.windowDays,
    );
    for (const t of company.trades) {
      const structureOnly = t.stockClassType === "preferred" && t.structure !== "direct";
      const classOnly = t.structure === "direct" && t.stockClassType === "common";
      if (!structureOnly && !classOnly) continue;
      const ref = direct.around(dayNumber(t.date));
      if (ref === null) continue;
      (structureOnly ? byStructure.get(t.structure)! : common).push(Math.log(t.price) - ref);
    }
    if (company.quotes.length) kept.push(company);
  }
  const first: MarketFactors = {
    structure: factors(STRUCTURES, (s) => (s === "direct" ? NONE : shrunk(byStructure.get(s)!, options.shrinkage))),
    stockClass: { preferred: NONE, common: shrunk(common, options.shrinkage) },
    side: NO_FACTORS.side,
  };
  for (const company of kept) {
    const all = new Footing(
      company.trades.map((t) => ({ day: dayNumber(t.date), y: Math.log(t.price) - tradeAdjustment(first, t.structure, t.stockClassType) })),
      options.windowDays,
    );
    for (const q of company.quotes) {
      if (q.visibility === "private") continue;
      const ref = all.around(Math.floor(q.refreshedAt / DAY_MS));
      if (ref !== null) bySide.get(q.side)!.push(Math.log(q.price) - quoteAdjustment(first, q.structures, q.stockClassType) - ref);
    }
  }
  return { ...first, side: factors(SIDES, (s) => shrunk(bySide.get(s)!, options.shrinkage)) };
}
