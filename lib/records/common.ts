import { z } from "zod";
import { decimalField, timestampField } from "../schema/fields";
import { ApiError } from "../schema/errors";
import { enumList, isUuid, priceVolumeParams, uuidParam } from "../schema/params";
import { timeRange } from "../schema/time-params";
import type { Filters } from "../db/sql";
import type { Indication, Trade } from "../generated/kysely/tables";
import { STOCK_CLASS_TYPES, STOCK_TYPES } from "../domain/enums";
import { issuerSchema } from "../domain/issuer";

/**
 * What indications and trades (spec 2.4, 2.6) have in common, written once: the response fields
 * that stand together in both, and the list filters both offer. Each resource's schema and list
 * (lib/indications, lib/trades) spreads these where they stand in its own order.
 */

/** Response fields: fees, the client's reference, creation, details and the issuer. */
export const recordOriginFields = {
  carried_interest_fee_percent: decimalField.nullable(),
  client_id: z.string().nullable(),
  created_at: timestampField,
  details: z.string().nullable(),
  issuer: issuerSchema,
};

/** Response fields: the stock dealt in. */
export const recordStockFields = {
  stock_class: z.string().nullable(),
  stock_class_type: z.enum(STOCK_CLASS_TYPES),
  stock_type: z.enum(STOCK_TYPES),
};

/** Query parameters: the stock and the issuer. */
export const recordStockParams = {
  stock_type: enumList("stock_type", STOCK_TYPES),
  stock_class_type: enumList("stock_class_type", STOCK_CLASS_TYPES),
  issuer_id: uuidParam("issuer_id"),
};

/** When a row last changed: updated_from / updated_to, and updated_since (the same as updated_from). */
const UPDATED = timeRange("updated_at", { aliases: { updated_since: ">=" } });

/** Query parameters: the update window, price and volume ranges. */
export const recordRangeParams = {
  ...UPDATED.params,
  ...priceVolumeParams,
};

type RecordFilterQuery = {
  [K in keyof typeof recordStockParams | keyof typeof recordRangeParams]: z.output<(typeof recordStockParams & typeof recordRangeParams)[K]>;
};

/** The conditions of the filters both lists offer (recordStockParams, recordRangeParams). */
export function recordFilters(w: Filters<Indication> | Filters<Trade>, query: RecordFilterQuery): void {
  w.oneOf("stock_type", query.stock_type);
  w.oneOf("stock_class_type", query.stock_class_type);
  w.equals("issuer_id", query.issuer_id);
  UPDATED.where(w, query);
  w.between("price_per_share", query.price_min, query.price_max);
  w.between("volume", query.volume_min, query.volume_max);
}

/**
 * An indication's or a trade's id as stored (lower case), or the 404 of one that cannot name a
 * row, answered without a statement: a path id reaches here from the API, the dashboard's pages
 * and its actions, and a string PostgreSQL cannot take (U+0000) must not become a 500.
 */
export function storedRecordId(id: string, noun: "indication" | "trade"): string {
  if (!isUuid(id)) throw ApiError.notFound(`No ${noun} with id ${id}.`);
  return id.toLowerCase();
}
