import { decimalToUnits } from "../domain/decimal";
import { formatCount, formatDecimal, formatUsd, formatUsdPlaces, formatUsdWhole, roundDecimal } from "../format";
import { DEFAULT_PARAMS } from "./params";
import type { CompanyMark } from "./schema";
import type { MarkMethod } from "./types";

/**
 * The mark in words for the dashboard (docs/ui.md, "Marks"): every word comes from the mark's
 * fields, prices from its exact decimal strings. In parts, so a page keeps each figure on one line.
 */

type Mark = NonNullable<CompanyMark["mark"]>;

/** What a mark rests on (`method`), as a phrase. */
const METHOD_WORDS: Record<MarkMethod, string> = {
  trades: "from trades",
  trades_and_quotes: "from trades and quotes",
  quotes: "from quotes",
  carried: "carried forward (nothing new came)",
};

const WINDOW = DEFAULT_PARAMS.windowDays;
const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/**
 * The data points of the window, trades then quotes, in two phrases the page keeps each on one line:
 * ["6 verified trades", "and 4 quotes refreshed in 180 days"]. The marks' tape is the verified
 * trades (lib/marks/inputs.ts): every trade counted is one; the other points are the quotes of the
 * book refreshed in the window (an order left alone longer is on the book but not in the mark).
 */
function pointPhrases(mark: Mark): [string, string] {
  const trades = mark.trades_180d;
  const quotes = mark.data_points_180d - trades;
  if (trades === 0 && quotes === 0) return ["no verified trades or quotes", `refreshed in ${WINDOW} days`];
  const tradeWords = trades === 0 ? "no verified trades" : plural(trades, "verified trade", "verified trades");
  const quoteWords = quotes === 0 ? "no quotes" : plural(quotes, "quote", "quotes");
  return [tradeWords, `and ${quoteWords} refreshed in ${WINDOW} days`];
}

export function markWords(mark: Mark): { price: string; band: string; basis: string; points: [string, string]; lastTrade: string } {
  const days = mark.days_since_last_trade;
  return {
    price: formatUsd(mark.price_per_share),
    band: `band ${formatUsd(mark.low)}–${formatUsd(mark.high)}`,
    basis: METHOD_WORDS[mark.method],
    points: pointPhrases(mark),
    // Verified: the marks' tape is (a team's own unverified trades may be newer).
    lastTrade: days === null ? "no verified trade yet" : days === 0 ? "last verified trade today" : days === 1 ? "last verified trade yesterday" : `last verified trade ${formatCount(days)} days ago`,
  };
}

/** "$12.40 (band $11.90–$12.95) from trades and quotes: 6 verified trades and 4 quotes refreshed in 180 days; last verified trade 12 days ago" */
export function markSentence(mark: Mark): string {
  const w = markWords(mark);
  return `${w.price} (${w.band}) ${w.basis}: ${w.points.join(" ")}; ${w.lastTrade}`;
}

/**
 * Why the mark stands above the best offer (or below the best bid) the caller sees in the book, or
 * null when it does not: only fresh quotes of some size bound it (docs/marks.md, "The book's
 * bounds"), and the book shows every open order, however old or small. Prices are the book's
 * best non-private ones (a private order never touches a mark), written to `places` as its ladders
 * write them (pricePlaces over the book's prices).
 */
export function boundWords(mark: Mark, bestBid: string | null, bestOffer: string | null, places: number): string | null {
  const price = decimalToUnits(mark.price_per_share);
  const rule = `of ${formatUsdWhole(String(DEFAULT_PARAMS.boundVolume))} or more, refreshed in the last ${DEFAULT_PARAMS.boundDays} days and inside the mark's band,`;
  if (bestOffer !== null && price > decimalToUnits(bestOffer)) return `Above the book's best offer, ${formatUsdPlaces(bestOffer, places)}: only offers ${rule} hold the mark down.`;
  if (bestBid !== null && price < decimalToUnits(bestBid)) return `Below the book's best bid, ${formatUsdPlaces(bestBid, places)}: only bids ${rule} hold the mark up.`;
  return null;
}

/** Below this (either way) the book counts as balanced. */
const BALANCED = 0.1;

/**
 * order_imbalance, (bid − offer) / (bid + offer) of the visible volume near the mark, in words:
 * the bids' share of that volume is (1 + imbalance) / 2.
 */
export function imbalanceWords(imbalance: number | null): { figure: string; words: string } {
  const near = `within ${DEFAULT_PARAMS.imbalanceBand * 100}% of the mark`;
  if (imbalance === null) return { figure: "—", words: `no visible bids or offers ${near} refreshed in ${WINDOW} days` };
  const figure = `${imbalance > 0 ? "+" : imbalance < 0 ? "−" : ""}${Math.abs(imbalance).toFixed(2)}`;
  // The quotes of the window only: an older order the book still shows is not counted (docs/marks.md, "order_imbalance").
  const bids = `bids are ${Math.round(((1 + imbalance) / 2) * 100)}% of the visible volume ${near} refreshed in ${WINDOW} days`;
  const lean = imbalance >= BALANCED ? "more buyers than sellers" : imbalance <= -BALANCED ? "more sellers than buyers" : "balanced";
  return { figure, words: `${lean} (${bids})` };
}

/** An index weight as a percentage: 0.02 -> "2%", 1/3 -> "33.33%". */
export function formatWeight(weight: number): string {
  return `${Number((weight * 100).toFixed(2))}%`;
}

/** An index value as a figure: two decimals ("119.81912441" -> "119.82"), the stored value in the API. */
export function indexFigure(value: string): string {
  return formatDecimal(roundDecimal(value, 2), 2);
}
