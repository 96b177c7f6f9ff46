import { apiFieldsOf } from "../api/fields";
import { tradeSchema, type Trade } from "./schema";

/** A trade as the API and the pages show it, written by the database as JSON (see INDICATION_FIELDS). */
export const TRADE_FIELDS = apiFieldsOf<Trade>(tradeSchema);
