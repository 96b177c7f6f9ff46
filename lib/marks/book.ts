import type { Side } from "../domain/enums";
import { quoteAdjustment, type MarketFactors } from "./adjustments";
import { DAY_MS } from "../domain/days";
import type { MarkParams, SizeRule } from "./params";
import { robustWeight, weightedMedian } from "./robust";
import type { QuoteObservation } from "./types";

/**
 * What the book says of the price at one moment, as one observation for the mark: each side's
 * weighted median of its quotes put on the footing (structure, class and side adjustments), each
 * quote weighted by its size and its age since `last_refreshed_at` and faded when it lies far
 * behind the price; two sides average into a two-sided quote, one side alone is a one-sided quote
 * (docs/marks.md, "The book").
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

/** A side's quotes on the footing: log-price, precision (size and age) and spread about the market (age alone). */
interface SideQuotes {
  ys: number[];
  precisions: number[];
  spreads: number[];
  /** The side's estimate with no quote faded. */
  plain: SideEstimate;
}

interface SideEstimate {
  y: number;
  variance: number;
  /** Each quote's weight in it, in the order of the side's quotes. */
  weights: readonly number[];
}

function sideQuotes(quotes: readonly QuoteObservation[], side: Side, at: number, factors: MarketFactors, params: MarkParams): SideQuotes | null {
  const ys: number[] = [];
  const precisions: number[] = [];
  const spreads: number[] = [];
  for (const q of quotes) {
    if (q.side !== side) continue;
    const age = Math.max(0, (at - q.refreshedAt) / DAY_MS);
    // A quote's spread about the market, plus how far the market may have moved since the quote
    // was last refreshed: stale quotes fade. Its size weighs in its precision, not its spread.
    const spread = params.quoteVariance + params.dailyVariance * age;
    ys.push(Math.log(q.price) - quoteAdjustment(factors, q.structures, q.stockClassType) - factors.side[side].value);
    precisions.push(sizeWeight(q.volume, params.quoteSize, params) / spread);
    spreads.push(Math.sqrt(spread));
  }
  return ys.length === 0 ? null : { ys, precisions, spreads, plain: estimate(ys, precisions) };
}

function estimate(ys: readonly number[], weights: readonly number[]): SideEstimate {
  const precision = weights.reduce((a, b) => a + b, 0);
  return { y: weightedMedian(ys, weights), variance: 1 / precision, weights };
}

/**
 * A side's estimate judged against `center`: a bid says the price is at least about its own, not
 * that it is no more, so a bid lying below the center by more than params.quoteCutoff of its own
 * spreads counts less and less, and an offer above it likewise. A bid above the center, or an
 * offer below it, is never faded: a rise shows in the bids, a fall in the offers (docs/marks.md,
 * "The book").
 */
function judgedSide(side: SideQuotes, toward: 1 | -1, center: number, params: MarkParams): SideEstimate {
  let faded = false;
  const weights = side.precisions.map((precision, i) => {
    const behind = Math.max(0, toward * (center - side.ys[i])) / side.spreads[i];
    const weight = robustWeight(behind, params.quoteCutoff);
    if (weight < 1) faded = true;
    return precision * weight;
  });
  return faded ? estimate(side.ys, weights) : side.plain;
}

/** Rounds of judging a two-sided book against its own mid: enough to settle (each moves the mid away from the quotes it fades). */
const BOOK_ROUNDS = 4;

/**
 * The book as one observation at `at` (ms), from quotes already filtered by liveQuotes. `prior`,
 * the trades' estimate, is what a one-sided book's quotes are judged against; a two-sided book is
 * judged against its own mid.
 */
export function bookView(
  quotes: readonly QuoteObservation[],
  at: number,
  factors: MarketFactors,
  params: MarkParams,
  prior: number | null = null,
): BookView | null {
  const bids = sideQuotes(quotes, "bid", at, factors, params);
  const offers = sideQuotes(quotes, "offer", at, factors, params);
  if (bids && offers) {
    let bid = bids.plain;
    let offer = offers.plain;
    for (let round = 0; round < BOOK_ROUNDS; round++) {
      const center = (bid.y + offer.y) / 2;
      const nextBid = judgedSide(bids, 1, center, params);
      const nextOffer = judgedSide(offers, -1, center, params);
      const settled = nextBid.y === bid.y && nextOffer.y === offer.y;
      bid = nextBid;
      offer = nextOffer;
      if (settled) break;
    }
    const y = (bid.y + offer.y) / 2;
    const variance = atLeastScatter((bid.variance + offer.variance) / 4 + params.twoSidedVariance, y, [...bids.ys, ...offers.ys], [...bid.weights, ...offer.weights], params);
    return { y, variance, twoSided: true };
  }
  const one = bids ?? offers;
  if (!one) return null;
  const view = prior === null ? one.plain : judgedSide(one, bids ? 1 : -1, prior, params);
  return { y: view.y, variance: atLeastScatter(view.variance + params.oneSidedVariance, view.y, one.ys, view.weights, params), twoSided: false };
}

/**
 * The book's variance: what the model expects of its quotes (`model`), or more when they disagree:
 * params.bookScatter times the squared standard error their weighted scatter about the book's
 * estimate `y` gives, over their effective count. The scatter is the weighted median of their
 * distances (× 1.4826, a normal's standard deviation), so that a few small far quotes do not
 * inflate it, while one order carrying most of the weight far from the rest does: such a book
 * moves the mark by less (docs/marks.md, "The book's scatter").
 */
function atLeastScatter(model: number, y: number, ys: readonly number[], weights: readonly number[], params: MarkParams): number {
  let total = 0;
  let squares = 0;
  for (const w of weights) {
    total += w;
    squares += w * w;
  }
  if (!(total > 0)) return model;
  const deviation = 1.4826 * weightedMedian(ys.map((v) => Math.abs(v - y)), weights);
  // The effective count of quotes: total² / squares.
  return Math.max(model, (params.bookScatter * deviation ** 2 * squares) / total ** 2);
}

/** The log-prices a mark must stay between, on the footing of structure and class (not of side). */
export interface BookBounds {
  floor: number;
  ceiling: number;
}

/**
 * The best bid and best offer of at least params.boundVolume refreshed within params.boundDays, on
 * the footing of structure and class but not of side: where the book's own prices stand. A mark
 * above such an offer is one a buyer could undercut now (docs/marks.md, "The book's bounds"). Null
 * when neither side has one, or the two cross (a crossed book bounds nothing).
 */
export function bookBounds(quotes: readonly QuoteObservation[], at: number, factors: MarketFactors, params: MarkParams): BookBounds | null {
  const oldest = at - params.boundDays * DAY_MS;
  let floor = -Infinity;
  let ceiling = Infinity;
  for (const q of quotes) {
    if (q.refreshedAt <= oldest || q.volume < params.boundVolume) continue;
    const y = Math.log(q.price) - quoteAdjustment(factors, q.structures, q.stockClassType);
    if (q.side === "bid") floor = Math.max(floor, y);
    else ceiling = Math.min(ceiling, y);
  }
  return floor > ceiling || (floor === -Infinity && ceiling === Infinity) ? null : { floor, ceiling };
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
