import { z } from "zod";
import { dateField, decimalField, timestampField } from "../schema/fields";
import { pageFieldsSchema } from "../schema/pagination";
import { booleanParam, dateParam, enumList, pageParams, parseQuery, sortParam, uuidParam, type RawParams, type SortOrder } from "../schema/params";
import { dealOriginFields, dealRangeParams, dealStockFields, dealStockParams } from "../deals/common";
import { STRUCTURES } from "../domain/enums";

export const TRADE_SORT_FIELDS = ["created_at", "updated_at", "sign_date", "won_date", "price_per_share", "volume"] as const;
export type TradeSortField = (typeof TRADE_SORT_FIELDS)[number];
export const DEFAULT_TRADE_SORT = { field: "sign_date", direction: "desc" } as const satisfies SortOrder<TradeSortField>;

/** GET /my/trades query parameters. */
export const tradeListParamsSchema = z.object({
  ...pageParams,
  is_verified: booleanParam("is_verified"),
  /** The team member who recorded the trade (the review's breakdown by broker). */
  user_id: uuidParam("user_id", "user"),
  structure: enumList("structure", STRUCTURES),
  ...dealStockParams,
  sign_date_from: dateParam("sign_date_from"),
  sign_date_to: dateParam("sign_date_to"),
  won_date_from: dateParam("won_date_from"),
  won_date_to: dateParam("won_date_to"),
  ...dealRangeParams,
  sort: sortParam(TRADE_SORT_FIELDS, DEFAULT_TRADE_SORT),
});
export type TradeListQuery = z.output<typeof tradeListParamsSchema>;

export function parseTradeListParams(raw: RawParams) {
  return parseQuery(tradeListParamsSchema, raw);
}

/** GET /my/trades.csv: the list's filters and sort, no page (it exports the whole set). */
export const tradeExportParamsSchema = tradeListParamsSchema.omit({ page: true, per_page: true });

export function parseTradeExportParams(raw: RawParams) {
  return parseQuery(tradeExportParamsSchema, raw);
}

/** Spec 2.6, field for field. */
export const tradeSchema = z.object({
  id: z.string(),
  attributed_to_owner: z.boolean(),
  ...dealOriginFields,
  is_verified: z.boolean(),
  management_fee_percent: decimalField.nullable(),
  permalink_id: z.string(),
  price_per_share: decimalField,
  sign_date: dateField,
  ...dealStockFields,
  structure: z.enum(STRUCTURES),
  third_party_id: z.string().nullable(),
  updated_at: timestampField,
  verification_officer_email: z.string(),
  verification_officer_name: z.string(),
  volume: decimalField,
  won_date: dateField,
});
export type Trade = z.infer<typeof tradeSchema>;

export const tradeListSchema = z.object({ trades: z.array(tradeSchema), ...pageFieldsSchema });

/** A trade as the marketplace team sees it (GET /ops/trades, verify, unverify): with its team. */
export const tradeWithTeamSchema = tradeSchema.extend({ team: z.object({ id: z.string(), name: z.string() }) });
export type TradeWithTeam = z.infer<typeof tradeWithTeamSchema>;
export const opsTradeListSchema = z.object({ trades: z.array(tradeWithTeamSchema), ...pageFieldsSchema });

/**
 * GET /ops/trades: every team's trades, the trade filters plus `team_id`. Sorted by sign date only:
 * across every team only that order has its indexes (oldest first is the verification queue).
 */
export const opsTradeListParamsSchema = tradeListParamsSchema.extend({
  team_id: uuidParam("team_id", "team"),
  sort: sortParam(["sign_date"], DEFAULT_TRADE_SORT),
});
export type OpsTradeListQuery = z.output<typeof opsTradeListParamsSchema>;
