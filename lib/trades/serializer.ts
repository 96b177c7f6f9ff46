import { apiFields } from "../db/json-sql";
import type { Trade } from "./schema";

/** A trade as the API and the pages show it (tradeSchema), written by the database as JSON; see INDICATION_FIELDS. */
export const TRADE_FIELDS = apiFields<Trade>({
  id: "text",
  attributed_to_owner: "boolean",
  carried_interest_fee_percent: "decimal",
  client_id: "text",
  created_at: "timestamp",
  details: "text",
  issuer: "ref",
  is_verified: "boolean",
  management_fee_percent: "decimal",
  permalink_id: "text",
  price_per_share: "decimal",
  sign_date: "text",
  stock_class: "text",
  stock_class_type: "text",
  stock_type: "text",
  structure: "text",
  third_party_id: "text",
  updated_at: "timestamp",
  verification_officer_email: "text",
  verification_officer_name: "text",
  volume: "decimal",
  won_date: "text",
});
