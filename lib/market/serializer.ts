import { apiFieldsOf } from "../schema/fields";
import { bidEntrySchema, marketBidSchema, marketOfferSchema, offerEntrySchema, tapeTradeSchema, type BidEntry, type MarketIndication, type OfferEntry, type TapeTrade } from "./schema";

/** The market's rows as the database writes them (lib/db/json-sql.ts); derived from the schemas. */
export const BID_FIELDS = apiFieldsOf<BidEntry>(bidEntrySchema);
export const OFFER_FIELDS = apiFieldsOf<OfferEntry>(offerEntrySchema);
export const TAPE_FIELDS = apiFieldsOf<TapeTrade>(tapeTradeSchema);
/** One order read alone, by side (GET /market/indications/{permalink_id}). */
export const MARKET_ORDER_FIELDS = {
  bid: apiFieldsOf<Extract<MarketIndication, { side: "bid" }>>(marketBidSchema),
  offer: apiFieldsOf<Extract<MarketIndication, { side: "offer" }>>(marketOfferSchema),
};
