import type { Side } from "../domain/enums";
import { quoteAdjustment, type MarketFactors } from "./adjustments";
import { DAY_MS } from "./days";
import type { MarkParams, SizeRule } from "./params";
import { weightedMedian } from "./robust";
import type { QuoteObservation } from "./types";

/**
 * What the book says of the price at one moment, as one observation for the mark: each side's
 * weighted median of its quotes put on the footing (structure, class and side adjustments), each
 * quote weighted by its size and its age since `last_refreshed_at`; two sides average into a
 * two-sided quote, one side alone is a one-sided quote (docs/marks.md, "The book").
 */

interface BookView {
  /** The book's footing log-price and its variance, or null when no quote is fresh enough. */
  y: number;
  variance: number;
  twoSided: boolean;
}

/** The visible quotes still in the window (older ones have faded out), `at` ms being the moment. */
export function liveQuotes(quotes: readonly QuoteObservation[], at: number, params: MarkParams): QuoteObservation[] {
  const oldest = at - params.windowDays * DAY_MS;
  return quotes.filter((q) => q.visibility !== "private" && q.refreshedAt > oldest && q.price > 0);
}

/** A size's weight under its kind's rule: (volume / reference volume)^exponent, kept within the rule's range. */
export function sizeWeight(volume: number, rule: SizeRule, params: MarkParams): number {
  const [min, max] = rule.range;
  return Math.min(max, Math.max(min, (volume / params.referenceVolume) ** rule.exponent));
}

function sideView(quotes: readonly QuoteObservation[], side: Side, at: number, factors: MarketFactors, params: MarkParams) {
  const ys: number[] = [];
  const precisions: number[] = [];
  for (const q of quotes) {
    if (q.side !== side) continue;
    const age = Math.max(0, (at - q.refreshedAt) / DAY_MS);
    // A quote's variance: the spread of quotes about the market, plus how far the market may
    // have moved since the quote was last refreshed: stale quotes fade.
    const variance = (params.quoteVariance + params.dailyVariance * age) / sizeWeight(q.volume, params.quoteSize, params);
    ys.push(Math.log(q.price) - quoteAdjustment(factors, q.structures, q.stockClassType) - factors.side[side].value);
    precisions.push(1 / variance);
  }
  if (ys.length === 0) return null;
  const precision = precisions.reduce((a, b) => a + b, 0);
  return { y: weightedMedian(ys, precisions), variance: 1 / precision };
}

/** The book as one observation at `at` (ms), from quotes already filtered by liveQuotes. */
export function bookView(quotes: readonly QuoteObservation[], at: number, factors: MarketFactors, params: MarkParams): BookView | null {
  const bid = sideView(quotes, "bid", at, factors, params);
  const offer = sideView(quotes, "offer", at, factors, params);
  if (bid && offer) return { y: (bid.y + offer.y) / 2, variance: (bid.variance + offer.variance) / 4 + params.twoSidedVariance, twoSided: true };
  const one = bid ?? offer;
  return one && { y: one.y, variance: one.variance + params.oneSidedVariance, twoSided: false };
}

/**
 * The book's imbalance near the mark: (bid − offer) / (bid + offer) of the USD volume of quotes
 * whose price, on the footing of structure and class, lies within ±imbalanceBand of the mark.
 * +1: only buyers near the price; −1: only sellers; null: nobody near it.
 */
export function orderImbalance(quotes: readonly QuoteObservation[], markLog: number, factors: MarketFactors, params: MarkParams): number | null {
  let bid = 0;
  let offer = 0;
  const reach = Math.log1p(params.imbalanceBand);
  for (const q of quotes) {
    const distance = Math.log(q.price) - quoteAdjustment(factors, q.structures, q.stockClassType) - markLog;
    if (Math.abs(distance) > reach) continue;
    if (q.side === "bid") bid += q.volume;
    else offer += q.volume;
  }
  return bid + offer > 0 ? (bid - offer) / (bid + offer) : null;
}
