/**
 * `npm run marks:backtest -- … --lone-quote`: how far one order moves a mark (docs/marks.md, "The
 * book's scatter"). On each company's last day, its mark made again with one fresh $500,000 order
 * added to its book: an offer at half the mark, then a bid at twice it. A data service's price
 * that one order can halve is one anybody can move.
 */
import type { MarketFactors } from "../lib/marks/adjustments";
import { DAY_MS } from "../lib/domain/days";
import type { MarkState } from "../lib/marks/estimator";
import { MarkSeries } from "../lib/marks/estimator";
import type { MarkParams } from "../lib/marks/params";
import type { QuoteObservation } from "../lib/marks/types";

const LONE_VOLUME = 500_000;

/** The mark's relative moves, one per company with a mark, for an offer at half it and a bid at twice it. */
export function loneQuoteMoves(states: readonly MarkState[], factors: MarketFactors, params: MarkParams): { offer: number[]; bid: number[] } {
  const moves = { offer: [] as number[], bid: [] as number[] };
  for (const state of states) {
    if (state.day === null || state.last === null) continue;
    const day = state.day;
    const remark = (book: readonly QuoteObservation[]) => Number(new MarkSeries(factors, state, params).rebook(day, book)!.price_per_share);
    const before = remark(state.book);
    const lone = (side: "bid" | "offer", price: number): QuoteObservation => ({ side, price, volume: LONE_VOLUME, structures: ["direct"], stockClassType: "preferred", visibility: "order_book_anonymous", refreshedAt: day * DAY_MS });
    moves.offer.push(remark([...state.book, lone("offer", before / 2)]) / before - 1);
    moves.bid.push(remark([...state.book, lone("bid", before * 2)]) / before - 1);
  }
  return moves;
}

/** The report's lines: the median move and the tail's (the 10th percentile of the falls, the 90th of the rises). */
export function loneQuoteReport({ offer, bid }: { offer: number[]; bid: number[] }): string {
  const at = (values: number[], q: number) => `${(100 * [...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]).toFixed(1)} %`;
  return [
    `One fresh $500,000 order added to each company's book on its last day (${offer.length} companies):`,
    `  an offer at half the mark moves it by ${at(offer, 0.5)} (median), ${at(offer, 0.1)} (10th percentile)`,
    `  a bid at twice the mark moves it by ${at(bid, 0.5)} (median), ${at(bid, 0.9)} (90th percentile)`,
  ].join("\n");
}
