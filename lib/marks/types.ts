import type { Side, StockClassType, Structure, Visibility } from "../domain/enums";

/**
 * What the mark is computed from and what it answers (docs/marks.md). Prices and volumes come in
 * as numbers: the mark is an estimate, computed in floating point; only its answer is decimal text.
 */

/** One trade of the company's tape, verified or not; `date` is its sign date (YYYY-MM-DD). */
export interface TradeObservation {
  date: string;
  price: number;
  /** USD. */
  volume: number;
  structure: Structure;
  stockClassType: StockClassType;
  verified: boolean;
}

/**
 * One order of the company's book as every caller with `companies` sees it. A bid carries its
 * acceptable structures, an offer its one structure. `refreshedAt` (ms) is `last_refreshed_at`:
 * the quote's age counts from it. Private orders are ignored, whoever passes them.
 */
export interface QuoteObservation {
  side: Side;
  price: number;
  volume: number;
  structures: readonly Structure[];
  stockClassType: StockClassType;
  visibility: Visibility;
  refreshedAt: number;
}

/** What a mark rests on: trades, both, quotes, or nothing new (the last mark carried forward). */
export type MarkMethod = "trades" | "trades_and_quotes" | "quotes" | "carried";

/** A company's mark on one day: the fields the API serves, prices as exact decimal strings. */
export interface Mark {
  date: string;
  price_per_share: string;
  low: string;
  high: string;
  method: MarkMethod;
  data_points_180d: number;
  /** The trades among data_points_180d (the rest are quotes): stored and served, for the page's "6 verified trades and 4 quotes". */
  trades_180d: number;
  days_since_last_trade: number | null;
  /** (bid − offer) / (bid + offer) USD volume of the book within ±10 % of the mark, or null without any. */
  order_imbalance: number | null;
  /** What `data_points_180d` counts, by kind (not stored: the marks' tape is the verified trades, lib/marks/inputs.ts). */
  basis: { verified_trades: number; unverified_trades: number; quotes: number };
}
