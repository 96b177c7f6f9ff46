import { apiFields } from "../db/json-sql";
import type { Indication } from "./schema";

/**
 * An indication as the API and the pages show it (indicationSchema), written by the database as
 * JSON (lib/db/json-sql.ts): every response field, in response order, and how its column becomes
 * JSON. Enumerated columns are written only through validated paths (seed, fixtures), so they are
 * passed through as stored.
 */
export const INDICATION_FIELDS = apiFields<Indication>({
  id: "text",
  acceptable_structures: "list",
  carried_interest_fee_percent: "decimal",
  client_id: "text",
  created_at: "timestamp",
  details: "text",
  issuer: "ref",
  last_refreshed_at: "timestamp",
  management_fee_percent: "decimal",
  minimum_volume: "decimal",
  opened_at: "timestamp",
  permalink_id: "text",
  price_per_share: "decimal",
  private_recipients: "list",
  side: "text",
  stage: "text",
  stock_class: "text",
  stock_class_type: "text",
  stock_type: "text",
  structure: "text",
  third_party_id: "text",
  updated_at: "timestamp",
  visibility: "text",
  volume: "decimal",
});
