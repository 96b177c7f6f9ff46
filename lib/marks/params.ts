/**
 * The estimator's parameters, in log-price units (a variance of 0.0004 is a standard deviation of
 * about 2 %). Chosen on data sets generated with other seeds than the ones reported
 * (docs/marks.md, "Backtest"). Stored marks keep the parameters they were made with: run
 * `npm run marks:rebuild` after changing these (docs/marks.md, "Storage and updates").
 */
export interface MarkParams {
  /** How far the price may wander in a day: what an observation's age and a carried mark's band add. */
  dailyVariance: number;
  /** A verified trade's spread about the price, at the reference volume. */
  verifiedVariance: number;
  /** An unverified trade's. */
  unverifiedVariance: number;
  /** A quote's spread about the price once its side is adjusted for, at the reference volume. */
  quoteVariance: number;
  /** Added to a book with both sides (what the side adjustments may still get wrong, halved). */
  twoSidedVariance: number;
  /** Added to a book with one side only. */
  oneSidedVariance: number;
  referenceVolume: number;
  /** A trade's weight for its size. */
  tradeSize: SizeRule;
  /**
   * A quote's: in proportion to its dollars, since a quote costs nothing to place: a few fresh
   * $1,000 orders must not outweigh a stale book of millions (docs/marks.md, "The book").
   */
  quoteSize: SizeRule;
  /** Observations further than this many standard deviations count less and less (robustWeight). */
  robustCutoff: number;
  /**
   * A quote lying behind the book's center (a bid below it, an offer above it) by more than this
   * many of its own spreads counts less and less: it does not contradict the price (lib/marks/book.ts).
   */
  quoteCutoff: number;
  /**
   * The book's variance is at least this many times its quotes' squared standard error about its
   * estimate (their weighted scatter over their effective count): a book that disagrees with itself
   * counts less. 2 rounds up π/2, a median's variance against a mean's (docs/marks.md, "The book's scatter").
   */
  bookScatter: number;
  /**
   * The mark stays within the book's best bid and best offer of at least this volume (USD) refreshed
   * within boundDays: one could buy below a mark above an offer (docs/marks.md, "The book's bounds").
   */
  boundVolume: number;
  boundDays: number;
  /** This many trades in a row beyond the cutoff on the same side restart the mark from them: the price moved. */
  restartAfter: number;
  /** The band's half-width in standard deviations of the next trade: chosen so that ~80 % of next trades fall in it. */
  bandZ: number;
  /** Quotes within ±this fraction of the mark count in order_imbalance. */
  imbalanceBand: number;
  /** data_points_180d's window, and the age past which a quote no longer counts. */
  windowDays: number;
}

/** How an observation's size weighs: (volume / referenceVolume)^exponent, kept within range. */
export interface SizeRule {
  exponent: number;
  range: readonly [number, number];
}

export const DEFAULT_PARAMS: MarkParams = {
  dailyVariance: 0.0004,
  verifiedVariance: 0.0006,
  unverifiedVariance: 0.0009,
  quoteVariance: 0.0012,
  twoSidedVariance: 0.0004,
  oneSidedVariance: 0.0025,
  referenceVolume: 1_000_000,
  tradeSize: { exponent: 0.25, range: [0.5, 2] },
  quoteSize: { exponent: 1, range: [0.001, 2] },
  robustCutoff: 2.5,
  quoteCutoff: 6,
  bookScatter: 2,
  boundVolume: 100_000,
  boundDays: 7,
  restartAfter: 3,
  bandZ: 1.1,
  imbalanceBand: 0.1,
  windowDays: 180,
};
