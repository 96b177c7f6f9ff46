import { z } from "zod";
import { pageFieldsSchema } from "../api/pagination";
import {
  decimalParam,
  enumList,
  pageParams,
  parseQuery,
  sortParam,
  timestampParam,
  uuidParam,
  type RawParams,
} from "../api/params";
import { SIDES, STAGES, STOCK_CLASS_TYPES, STOCK_TYPES, STRUCTURES, VISIBILITIES } from "../domain/enums";
import { issuerSchema } from "../domain/issuer";

export const INDICATION_SORT_FIELDS = ["created_at", "updated_at", "price_per_share", "volume"] as const;
export type IndicationSortField = (typeof INDICATION_SORT_FIELDS)[number];
export const DEFAULT_INDICATION_SORT = "-updated_at" as const;

/** GET /my/indications query parameters. */
export const indicationListParamsSchema = z.object({
  ...pageParams,
  side: enumList("side", SIDES),
  stage: enumList("stage", STAGES),
  structure: enumList("structure", STRUCTURES),
  visibility: enumList("visibility", VISIBILITIES),
  stock_type: enumList("stock_type", STOCK_TYPES),
  stock_class_type: enumList("stock_class_type", STOCK_CLASS_TYPES),
  issuer_id: uuidParam("issuer_id"),
  created_after: timestampParam("created_after"),
  created_before: timestampParam("created_before"),
  updated_since: timestampParam("updated_since"),
  price_min: decimalParam("price_min"),
  price_max: decimalParam("price_max"),
  volume_min: decimalParam("volume_min"),
  volume_max: decimalParam("volume_max"),
  sort: sortParam(INDICATION_SORT_FIELDS, DEFAULT_INDICATION_SORT),
});
export type IndicationListQuery = z.output<typeof indicationListParamsSchema>;

export function parseIndicationListParams(raw: RawParams) {
  return parseQuery(indicationListParamsSchema, raw);
}

const decimal = z.string().describe("big decimal string");
const timestamp = z.string().describe("RFC 3339 UTC timestamp with milliseconds");

/** Spec 2.4, field for field. */
export const indicationSchema = z.object({
  id: z.string(),
  acceptable_structures: z.array(z.enum(STRUCTURES)),
  carried_interest_fee_percent: decimal.nullable(),
  client_id: z.string().nullable(),
  created_at: timestamp,
  details: z.string().nullable(),
  issuer: issuerSchema,
  last_refreshed_at: timestamp,
  management_fee_percent: decimal.nullable(),
  minimum_volume: decimal.nullable(),
  opened_at: timestamp,
  permalink_id: z.string(),
  price_per_share: decimal,
  private_recipients: z.array(z.string()),
  side: z.enum(SIDES),
  stage: z.enum(STAGES),
  stock_class: z.string().nullable(),
  stock_class_type: z.enum(STOCK_CLASS_TYPES),
  stock_type: z.enum(STOCK_TYPES),
  structure: z.enum(STRUCTURES).nullable(),
  third_party_id: z.string().nullable(),
  updated_at: timestamp,
  visibility: z.enum(VISIBILITIES),
  volume: decimal,
});
export type Indication = z.infer<typeof indicationSchema>;

export const indicationListSchema = z.object({ indications: z.array(indicationSchema), ...pageFieldsSchema });
