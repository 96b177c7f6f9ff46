import { apiFieldsOf } from "../schema/fields";
import { bidEntrySchema, offerEntrySchema, tapeTradeSchema, type BidEntry, type OfferEntry, type TapeTrade } from "./schema";

/** The market's rows as the database writes them (lib/db/json-sql.ts); derived from the schemas. */
export const BID_FIELDS = apiFieldsOf<BidEntry>(bidEntrySchema);
export const OFFER_FIELDS = apiFieldsOf<OfferEntry>(offerEntrySchema);
export const TAPE_FIELDS = apiFieldsOf<TapeTrade>(tapeTradeSchema);
