import { apiFieldsOf } from "../schema/fields";
import { tradeExportSchema, tradeSchema, tradeWithTeamSchema, type Trade, type TradeExport, type TradeWithTeam } from "./schema";

/** A trade as the API and the pages show it, written by the database as JSON (see INDICATION_FIELDS). */
export const TRADE_FIELDS = apiFieldsOf<Trade>(tradeSchema);

/** A trade as GET /my/trades.csv writes it: with its broker. */
export const TRADE_EXPORT_FIELDS = apiFieldsOf<TradeExport>(tradeExportSchema);

/** A trade with its team, for the marketplace team. */
export const OPS_TRADE_FIELDS = apiFieldsOf<TradeWithTeam>(tradeWithTeamSchema);
