import { z } from "zod";
import { dateField, decimalField, timestampField } from "../schema/fields";
import { pageFieldsSchema } from "../schema/pagination";
import { enumList, integer, listQuery, pageParams, sortParam } from "../schema/params";
import { timeRange } from "../schema/time-params";
import { recordStockFields } from "../records/common";
import { STAGES, STRUCTURES, VISIBILITIES } from "../domain/enums";
import { issuerSchema } from "../domain/issuer";

/**
 * The market view of a company (issue 14): its order book and its trade tape as every caller with
 * the `companies` permission may see them (visibility rules: lib/market/visibility.ts).
 */

/** A team as the market shows it: `{id, name}`, or null where the row's owner is not shown. */
const shownTeam = issuerSchema.nullable();
const { stock_class_type, stock_type } = recordStockFields;

// ---------------------------------------------------------------------------------------------
// GET /companies/{company_id}/order_book

const ORDER_BOOK_DEPTH = { min: 1, max: 200, fallback: 50 } as const;

export const orderBookParamsSchema = z.object({
  depth: integer("depth", ORDER_BOOK_DEPTH.min, ORDER_BOOK_DEPTH.max, ORDER_BOOK_DEPTH.fallback),
});
export type OrderBookQuery = z.output<typeof orderBookParamsSchema>;

const entryHead = {
  price_per_share: decimalField,
  volume: decimalField,
  minimum_volume: decimalField.nullable(),
};
const entryTail = {
  stock_type,
  stock_class_type,
  visibility: z.enum(VISIBILITIES),
  team: shownTeam,
  own: z.boolean(),
  /** The indication's id: the caller's own rows only. */
  indication_id: z.string().nullable(),
  /**
   * Every entry's, another team's anonymous one included: a permalink names no team, and is the
   * handle GET /market/indications/{permalink_id} answers the entry by.
   */
  permalink_id: z.string(),
  updated_at: timestampField,
  /**
   * When its team last confirmed it live (spec 2.4): how fresh a quote is, and whether it may hold
   * the mark (docs/marks.md, "The book's bounds": refreshed within 7 days).
   */
  last_refreshed_at: timestampField,
};

export const bidEntrySchema = z.object({ ...entryHead, acceptable_structures: z.array(z.enum(STRUCTURES)), ...entryTail });
export type BidEntry = z.infer<typeof bidEntrySchema>;
export const offerEntrySchema = z.object({ ...entryHead, structure: z.enum(STRUCTURES), ...entryTail });
export type OfferEntry = z.infer<typeof offerEntrySchema>;

export const orderBookSchema = z.object({
  company: issuerSchema,
  /** Highest price first, ties oldest (updated_at) first. */
  bids: z.array(bidEntrySchema),
  /** Lowest price first, ties oldest (updated_at) first. */
  offers: z.array(offerEntrySchema),
  bid_count: z.number().int().min(0),
  offer_count: z.number().int().min(0),
  best_bid: decimalField.nullable(),
  best_offer: decimalField.nullable(),
  /** best_offer − best_bid (negative when the book is crossed); null when either side is empty. */
  spread: z.string().describe("big decimal string, may be negative").nullable(),
});
export type OrderBook = z.infer<typeof orderBookSchema>;

// ---------------------------------------------------------------------------------------------
// GET /market/indications/{permalink_id}

/**
 * One order by its permalink: its book entry's fields as the caller may see them, with what the
 * book says by where it lists an entry (its side and company) and its stage (a closed order is
 * still answered, to whoever could see it in the book: docs/api/deals.md).
 */
const orderOf = <S extends "bid" | "offer", E extends z.ZodRawShape>(side: S, entry: E) =>
  z.object({ company: issuerSchema, side: z.literal(side), stage: z.enum(STAGES), ...entry });
export const marketBidSchema = orderOf("bid", bidEntrySchema.shape);
export const marketOfferSchema = orderOf("offer", offerEntrySchema.shape);
export const marketIndicationSchema = z.discriminatedUnion("side", [marketBidSchema, marketOfferSchema]);
export type MarketIndication = z.infer<typeof marketIndicationSchema>;

// ---------------------------------------------------------------------------------------------
// GET /companies/{company_id}/trades

/** The tape's time: when its trades were signed; newest first by default. */
export const DEFAULT_TAPE_SORT = { field: "sign_date", direction: "desc" } as const;
export const TAPE_SIGN_DATE = timeRange("sign_date", { date: true });

export const companyTradeListParamsSchema = listQuery({
  ...pageParams,
  ...TAPE_SIGN_DATE.params,
  structure: enumList("structure", STRUCTURES),
  sort: sortParam(["sign_date"], DEFAULT_TAPE_SORT),
});
export type CompanyTradeListQuery = z.output<typeof companyTradeListParamsSchema>;

export const tapeTradeSchema = z.object({
  price_per_share: decimalField,
  volume: decimalField,
  structure: z.enum(STRUCTURES),
  stock_type,
  stock_class_type,
  sign_date: dateField,
  team: shownTeam,
  own: z.boolean(),
  /** The trade's id: the caller's own trades only. */
  trade_id: z.string().nullable(),
});
export type TapeTrade = z.infer<typeof tapeTradeSchema>;

/** Over the company's verified trades, whatever the list's filters; windows by sign_date, ending today (UTC). */
export const tradeSummarySchema = z.object({
  last_price: decimalField.nullable(),
  last_sign_date: dateField.nullable(),
  vwap_30d: decimalField.nullable(),
  vwap_90d: decimalField.nullable(),
  volume_90d: decimalField,
  trade_count_90d: z.number().int().min(0),
});
export type TradeSummary = z.infer<typeof tradeSummarySchema>;

export const companyTradeListSchema = z.object({ trades: z.array(tapeTradeSchema), ...pageFieldsSchema, summary: tradeSummarySchema });
