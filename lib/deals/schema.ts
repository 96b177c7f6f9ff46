import { z } from "zod";
import { dateInput, decimalInput, textInput } from "../schema/body";
import { dateField, decimalField, timestampField } from "../schema/fields";
import { pageFieldsSchema } from "../schema/pagination";
import { enumList, listQuery, pageParams, sortParam, uuidParam, withoutPage, type SortOrder } from "../schema/params";
import { structureInput } from "../records/write-fields";
import { DEAL_DEAD_REASONS, DEAL_KILL_REASONS, DEAL_ROLES, DEAL_STAGES, SIDES, STRUCTURES } from "../domain/enums";
import { issuerSchema } from "../domain/issuer";

/**
 * A deal as the API answers it (issue 45, docs/api/deals.md), the lists' parameters and the bodies
 * of its steps: one schema for the API, the OpenAPI document and the dashboard. Who is named in
 * it, and when, is lib/deals/naming.ts.
 */

/** A party as the viewer may see it: its team and its broker, each null until it is named. */
const partySchema = z.object({
  team: issuerSchema.nullable(),
  broker: z.object({ name: z.string(), email: z.string() }).nullable(),
});

export const dealSchema = z.object({
  id: z.string(),
  stage: z.enum(DEAL_STAGES),
  /** The viewer's team's part; null for the marketplace team. */
  role: z.enum(DEAL_ROLES).nullable(),
  company: issuerSchema,
  /** The order the introduction was asked for on, as it stands now. */
  indication: z.object({
    permalink_id: z.string(),
    side: z.enum(SIDES),
    price_per_share: decimalField,
    volume: decimalField,
    minimum_volume: decimalField.nullable(),
  }),
  requested: z.object({ volume: decimalField, price_per_share: decimalField.nullable(), note: z.string().nullable() }),
  requester: partySchema,
  owner: partySchema,
  terms: z.object({ price_per_share: decimalField, volume: decimalField, structure: z.enum(STRUCTURES), sign_date: dateField }).nullable(),
  /** The close's trades the viewer may open: its team's; both for the marketplace team. */
  trade_ids: z.array(z.string()),
  won_date: dateField.nullable(),
  dead_reason: z.enum(DEAL_DEAD_REASONS).nullable(),
  /** Why, in words, when the step that ended it gave them (a decline's reason, a kill's note). */
  dead_note: z.string().nullable(),
  created_at: timestampField,
  updated_at: timestampField,
});
export type Deal = z.infer<typeof dealSchema>;

const DEAL_SORT_FIELDS = ["updated_at", "created_at"] as const;
export const DEFAULT_DEAL_SORT = { field: "updated_at", direction: "desc" } as const satisfies SortOrder<(typeof DEAL_SORT_FIELDS)[number]>;

const dealListParams = {
  ...pageParams,
  stage: enumList("stage", DEAL_STAGES),
  issuer_id: uuidParam("issuer_id"),
  sort: sortParam(DEAL_SORT_FIELDS, DEFAULT_DEAL_SORT),
};

const myDealListParams = {
  ...dealListParams,
  role: enumList("role", DEAL_ROLES),
  /** The deals on one of the team's orders (its page's open deals), or on the order the team asked on. */
  indication_id: uuidParam("indication_id", "indication"),
};

/** GET /my/deals: the team's deals, as requester and as owner. */
export const dealListParamsSchema = listQuery(myDealListParams);
export type DealListQuery = z.output<typeof dealListParamsSchema>;

/** GET /my/deals.csv: the list's filters and sort, no page (it exports the whole set). */
export const dealExportParamsSchema = listQuery(withoutPage(myDealListParams));

/** GET /ops/deals: every deal, or one team's. */
export const opsDealListParamsSchema = listQuery({ ...dealListParams, team_id: uuidParam("team_id", "team") });
export type OpsDealListQuery = z.output<typeof opsDealListParamsSchema>;

export const dealListSchema = z.object({ deals: z.array(dealSchema), ...pageFieldsSchema });

/** A nested field's values as flat columns: `requester.team.name` -> `requester_team_name`, nullable below a nullable object. */
function flattened(name: string, field: z.ZodType, underNull = false): [string, z.ZodType][] {
  const nullable = field instanceof z.ZodNullable;
  const inner = nullable ? (field.unwrap() as z.ZodType) : field;
  if (inner instanceof z.ZodObject) return Object.entries(inner.shape).flatMap(([child, schema]) => flattened(`${name}_${child}`, schema as z.ZodType, underNull || nullable));
  return [[name, underNull && !nullable ? field.nullable() : field]];
}

/**
 * A record of GET /my/deals.csv: the deal with its nested fields flattened, since a CSV has no
 * nested objects (`requester_team_name`, `terms_volume`, …), each as empty as the JSON's is null;
 * the company stays a reference (`company.id`, `company.name`), as every export writes one; and
 * `trade_ids` is `trade_id`, the close's trade of the team (a party's list holds only that one).
 */
const exportShape: [string, z.ZodType][] = Object.entries(dealSchema.shape).flatMap(([name, field]): [string, z.ZodType][] => {
  if (name === "trade_ids") return [["trade_id", z.string().nullable()]];
  if (field === issuerSchema) return [[name, field]];
  return field instanceof z.ZodObject || (field instanceof z.ZodNullable && field.unwrap() instanceof z.ZodObject) ? flattened(name, field) : [[name, field]];
});
export const dealExportSchema = z.object(Object.fromEntries(exportShape));
export type DealExport = Record<string, unknown>;

/** The export's columns that are not the deal's own (lib/deals/naming.ts computes each). */
export const DEAL_FLATTENED = exportShape.map(([name]) => name).filter((name) => !(name in dealSchema.shape));

const words = (max: number, what: string) => textInput(max, `text ${what} (1–${max.toLocaleString("en-US")} characters)`).trim().min(1, `must not be empty: ${what}`);

/** POST /market/indications/{permalink_id}/interests. The volume's bounds are the order's (lib/deals/request.ts). */
export const interestSchema = z.strictObject({
  volume: decimalInput({ positive: true }),
  price_per_share: decimalInput({ positive: true }).optional(),
  note: words(1000, "for the order's owner and the marketplace team").optional(),
});
export type InterestInput = z.output<typeof interestSchema>;

/** POST /my/deals/{id}/decline: the owner says why. */
export const declineSchema = z.strictObject({ reason: words(1000, "saying why the deal is declined") });
/** POST /my/deals/{id}/withdraw: either party, why optional. */
export const withdrawSchema = z.strictObject({ reason: words(1000, "saying why the deal is withdrawn").optional() });
/** POST /ops/deals/{id}/terms: what the parties agreed. */
export const termsSchema = z.strictObject({
  price_per_share: decimalInput({ positive: true }),
  volume: decimalInput({ positive: true }),
  structure: structureInput,
  sign_date: dateInput,
});
export type TermsInput = z.output<typeof termsSchema>;
/** POST /ops/deals/{id}/close: the day the deal was won. */
export const closeSchema = z.strictObject({ won_date: dateInput });
/** POST /ops/deals/{id}/kill. */
export const killSchema = z.strictObject({ reason: z.enum(DEAL_KILL_REASONS), note: words(1000, "saying why the deal is killed").optional() });
