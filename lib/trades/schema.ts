import { z } from "zod";
import { pageFieldsSchema } from "../api/pagination";
import {
  booleanParam,
  dateParam,
  decimalParam,
  enumList,
  pageParams,
  parseQuery,
  sortParam,
  timestampParam,
  uuidParam,
  type RawParams,
} from "../api/params";
import { STOCK_CLASS_TYPES, STOCK_TYPES, STRUCTURES } from "../domain/enums";
import { issuerSchema } from "../domain/issuer";

export const TRADE_SORT_FIELDS = ["created_at", "updated_at", "sign_date", "won_date", "price_per_share", "volume"] as const;
export type TradeSortField = (typeof TRADE_SORT_FIELDS)[number];
export const DEFAULT_TRADE_SORT = "-sign_date" as const;

/** GET /my/trades query parameters. */
export const tradeListParamsSchema = z.object({
  ...pageParams,
  is_verified: booleanParam("is_verified"),
  structure: enumList("structure", STRUCTURES),
  stock_type: enumList("stock_type", STOCK_TYPES),
  stock_class_type: enumList("stock_class_type", STOCK_CLASS_TYPES),
  issuer_id: uuidParam("issuer_id"),
  sign_date_from: dateParam("sign_date_from"),
  sign_date_to: dateParam("sign_date_to"),
  won_date_from: dateParam("won_date_from"),
  won_date_to: dateParam("won_date_to"),
  updated_since: timestampParam("updated_since"),
  price_min: decimalParam("price_min"),
  price_max: decimalParam("price_max"),
  volume_min: decimalParam("volume_min"),
  volume_max: decimalParam("volume_max"),
  sort: sortParam(TRADE_SORT_FIELDS, DEFAULT_TRADE_SORT),
});
export type TradeListQuery = z.output<typeof tradeListParamsSchema>;

export function parseTradeListParams(raw: RawParams) {
  return parseQuery(tradeListParamsSchema, raw);
}

const decimal = z.string().describe("big decimal string");
const timestamp = z.string().describe("RFC 3339 UTC timestamp with milliseconds");
const date = z.string().describe("ISO 8601 date YYYY-MM-DD");

/** Spec 2.6, field for field. */
export const tradeSchema = z.object({
  id: z.string(),
  attributed_to_owner: z.boolean(),
  carried_interest_fee_percent: decimal.nullable(),
  client_id: z.string().nullable(),
  created_at: timestamp,
  details: z.string().nullable(),
  issuer: issuerSchema,
  is_verified: z.boolean(),
  management_fee_percent: decimal.nullable(),
  permalink_id: z.string(),
  price_per_share: decimal,
  sign_date: date,
  stock_class: z.string().nullable(),
  stock_class_type: z.enum(STOCK_CLASS_TYPES),
  stock_type: z.enum(STOCK_TYPES),
  structure: z.enum(STRUCTURES),
  third_party_id: z.string().nullable(),
  updated_at: timestamp,
  verification_officer_email: z.string(),
  verification_officer_name: z.string(),
  volume: decimal,
  won_date: date,
});
export type Trade = z.infer<typeof tradeSchema>;

export const tradeListSchema = z.object({ trades: z.array(tradeSchema), ...pageFieldsSchema });
