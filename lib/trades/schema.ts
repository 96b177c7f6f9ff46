import { z } from "zod";
import { dateField, decimalField, timestampField } from "../schema/fields";
import { pageFieldsSchema } from "../schema/pagination";
import { booleanParam, enumList, listQuery, pageParams, sortParam, uuidParam, withoutPage, type SortOrder } from "../schema/params";
import { timeRange } from "../schema/time-params";
import { recordOriginFields, recordRangeParams, recordStockFields, recordStockParams } from "../records/common";
import { STRUCTURES } from "../domain/enums";

export const TRADE_SORT_FIELDS = ["created_at", "updated_at", "sign_date", "won_date", "price_per_share", "volume"] as const;
export type TradeSortField = (typeof TRADE_SORT_FIELDS)[number];
export const DEFAULT_TRADE_SORT = { field: "sign_date", direction: "desc" } as const satisfies SortOrder<TradeSortField>;

/** The trades' time filters: sign and won dates, creation (no deprecated names: trades never had others). */
export const SIGN_DATE = timeRange("sign_date", { date: true });
export const WON_DATE = timeRange("won_date", { date: true });
export const TRADE_CREATED = timeRange("created_at");

const tradeListParams = {
  ...pageParams,
  is_verified: booleanParam("is_verified"),
  /** The team member who recorded the trade (the review's breakdown by broker). */
  user_id: uuidParam("user_id", "user"),
  structure: enumList("structure", STRUCTURES),
  ...recordStockParams,
  ...SIGN_DATE.params,
  ...WON_DATE.params,
  ...TRADE_CREATED.params,
  ...recordRangeParams,
  sort: sortParam(TRADE_SORT_FIELDS, DEFAULT_TRADE_SORT),
};

/** GET /my/trades query parameters. */
export const tradeListParamsSchema = listQuery(tradeListParams);
export type TradeListQuery = z.output<typeof tradeListParamsSchema>;

/** GET /my/trades.csv: the list's filters and sort, no page (it exports the whole set). */
export const tradeExportParamsSchema = listQuery(withoutPage(tradeListParams));

/** Spec 2.6, field for field. */
export const tradeSchema = z.object({
  id: z.string(),
  attributed_to_owner: z.boolean(),
  ...recordOriginFields,
  /** The deal whose close recorded it (docs/api/deals.md); null for a trade recorded by hand. */
  deal_id: z.string().nullable(),
  is_verified: z.boolean(),
  management_fee_percent: decimalField.nullable(),
  permalink_id: z.string(),
  price_per_share: decimalField,
  sign_date: dateField,
  ...recordStockFields,
  structure: z.enum(STRUCTURES),
  third_party_id: z.string().nullable(),
  updated_at: timestampField,
  verification_officer_email: z.string(),
  verification_officer_name: z.string(),
  volume: decimalField,
  won_date: dateField,
});
export type Trade = z.infer<typeof tradeSchema>;

/**
 * A record of GET /my/trades.csv: the trade and its broker, the team member who recorded it (what
 * the list's `user_id` filter and the review's "By broker" select by), so a sheet exported of one
 * broker's trades says whose they are.
 */
export const tradeExportSchema = tradeSchema.extend({ broker: z.object({ id: z.string(), name: z.string() }) });
export type TradeExport = z.infer<typeof tradeExportSchema>;

export const tradeListSchema = z.object({ trades: z.array(tradeSchema), ...pageFieldsSchema });

/** A trade as the marketplace team sees it (GET /ops/trades, verify, unverify): with its team. */
export const tradeWithTeamSchema = tradeSchema.extend({ team: z.object({ id: z.string(), name: z.string() }) });
export type TradeWithTeam = z.infer<typeof tradeWithTeamSchema>;
export const opsTradeListSchema = z.object({ trades: z.array(tradeWithTeamSchema), ...pageFieldsSchema });

/** The ops list sorts as the team's does, and by team (its id: a team's trades together). */
export const OPS_TRADE_SORT_FIELDS = [...TRADE_SORT_FIELDS, "team_id"] as const;

/** GET /ops/trades: every team's trades, the trade filters and sorts plus `team_id`, `deal_id`, `from_deal`. */
export const opsTradeListParamsSchema = listQuery({
  ...tradeListParams,
  team_id: uuidParam("team_id", "team"),
  /** The trades of one deal's close (its two, one per party), or with from_deal those of any deal, or none. */
  deal_id: uuidParam("deal_id", "deal"),
  from_deal: booleanParam("from_deal"),
  sort: sortParam(OPS_TRADE_SORT_FIELDS, DEFAULT_TRADE_SORT),
});
export type OpsTradeListQuery = z.output<typeof opsTradeListParamsSchema>;
