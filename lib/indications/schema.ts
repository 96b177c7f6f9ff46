import { z } from "zod";
import { decimalField, timestampField } from "../schema/fields";
import { pageFieldsSchema } from "../schema/pagination";
import { enumList, listQuery, pageParams, sortParam, withoutPage, type SortOrder } from "../schema/params";
import { timeRange } from "../schema/time-params";
import { recordOriginFields, recordRangeParams, recordStockFields, recordStockParams } from "../records/common";
import { SIDES, STAGES, STRUCTURES, VISIBILITIES } from "../domain/enums";

export const INDICATION_SORT_FIELDS = ["created_at", "updated_at", "opened_at", "last_refreshed_at", "price_per_share", "volume"] as const;
export type IndicationSortField = (typeof INDICATION_SORT_FIELDS)[number];
export const DEFAULT_INDICATION_SORT = { field: "updated_at", direction: "desc" } as const satisfies SortOrder<IndicationSortField>;

/** When an indication was created: created_from / created_to, and the exclusive created_after / created_before of old. */
export const INDICATION_CREATED = timeRange("created_at", { aliases: { created_after: ">", created_before: "<" } });

const indicationListParams = {
  ...pageParams,
  side: enumList("side", SIDES),
  stage: enumList("stage", STAGES),
  structure: enumList("structure", STRUCTURES),
  visibility: enumList("visibility", VISIBILITIES),
  ...recordStockParams,
  ...INDICATION_CREATED.params,
  ...recordRangeParams,
  sort: sortParam(INDICATION_SORT_FIELDS, DEFAULT_INDICATION_SORT),
};

/** GET /my/indications query parameters. */
export const indicationListParamsSchema = listQuery(indicationListParams);
export type IndicationListQuery = z.output<typeof indicationListParamsSchema>;

/** GET /my/indications.csv: the list's filters and sort, no page (it exports the whole set). */
export const indicationExportParamsSchema = listQuery(withoutPage(indicationListParams));

/** Spec 2.4, field for field. */
export const indicationSchema = z.object({
  id: z.string(),
  acceptable_structures: z.array(z.enum(STRUCTURES)),
  ...recordOriginFields,
  last_refreshed_at: timestampField,
  management_fee_percent: decimalField.nullable(),
  minimum_volume: decimalField.nullable(),
  opened_at: timestampField,
  permalink_id: z.string(),
  price_per_share: decimalField,
  private_recipients: z.array(z.string()),
  side: z.enum(SIDES),
  stage: z.enum(STAGES),
  ...recordStockFields,
  structure: z.enum(STRUCTURES).nullable(),
  third_party_id: z.string().nullable(),
  updated_at: timestampField,
  visibility: z.enum(VISIBILITIES),
  volume: decimalField,
});
export type Indication = z.infer<typeof indicationSchema>;

export const indicationListSchema = z.object({ indications: z.array(indicationSchema), ...pageFieldsSchema });
