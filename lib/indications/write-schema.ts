import { z } from "zod";
import { decimalInput, emailInput, textInput } from "../api/body";
import { toStoredDecimal } from "../domain/decimal";
import { CURRENT_STRUCTURES, LEGACY_STRUCTURE, SIDES, STOCK_CLASS_TYPES, STOCK_TYPES, VISIBILITIES, type Structure } from "../domain/enums";

/**
 * The bodies of POST /my/indications and PATCH /my/indications/{id}: which fields a caller may
 * send, and the rules a whole indication must keep (one schema for the API and, later, the
 * dashboard's forms). The service assigns the rest (ASSIGNED_FIELDS).
 */

/** Fields the service sets; a body that names one is refused by name. */
export const ASSIGNED_FIELDS = ["id", "permalink_id", "created_at", "updated_at", "opened_at", "last_refreshed_at", "stage"] as const;

/** A structure a new value may take: the deprecated one is refused with its successors named. */
const structureInput = z.string().superRefine((value, ctx) => {
  if (value === LEGACY_STRUCTURE) ctx.addIssue({ code: "custom", message: `"${LEGACY_STRUCTURE}" is deprecated; use spv_1_layer or spv_2_layer` });
  else if (!(CURRENT_STRUCTURES as readonly string[]).includes(value)) ctx.addIssue({ code: "custom", message: `must be one of ${CURRENT_STRUCTURES.join(", ")}` });
}) as unknown as z.ZodType<Structure>;

const percent = decimalInput({ max: "100" }).nullable();

/** Every field a caller may write, as it may be sent. */
const writable = {
  issuer_id: z.uuid({ message: "must be a company UUID" }),
  side: z.enum(SIDES),
  price_per_share: decimalInput({ positive: true }),
  volume: decimalInput({ positive: true }),
  minimum_volume: decimalInput({ positive: true }).nullable(),
  structure: structureInput.nullable(),
  acceptable_structures: z.array(structureInput),
  visibility: z.enum(VISIBILITIES),
  private_recipients: z.array(emailInput).max(50, "may hold at most 50 addresses"),
  stock_type: z.enum(STOCK_TYPES),
  stock_class_type: z.enum(STOCK_CLASS_TYPES),
  stock_class: textInput(200).nullable(),
  carried_interest_fee_percent: percent,
  management_fee_percent: percent,
  client_id: textInput(200).nullable(),
  third_party_id: textInput(200).nullable(),
  details: textInput(10_000).nullable(),
};

/** The fields a caller may write, in the API's names. */
export const WRITABLE_FIELDS = Object.keys(writable) as (keyof typeof writable)[];

/** An indication's writable fields, whole: what a create makes and what a change must leave. */
export type IndicationInput = {
  [K in keyof typeof writable]: z.output<(typeof writable)[K]>;
};

type Issue = { path: (string | number)[]; message: string };

/**
 * The rules between fields (issue 12): an offer has one structure, a bid acceptable structures;
 * private visibility and recipients go together; the minimum fits the volume. `legacy` lets a row
 * that already carries the deprecated structure keep it.
 */
export function indicationRuleIssues(input: IndicationInput): Issue[] {
  const issues: Issue[] = [];
  if (input.side === "offer") {
    if (input.structure === null) issues.push({ path: ["structure"], message: "an offer needs a structure" });
    if (input.acceptable_structures.length > 0) issues.push({ path: ["acceptable_structures"], message: "only a bid has acceptable structures" });
  } else {
    if (input.structure !== null) issues.push({ path: ["structure"], message: "a bid has acceptable_structures, not a structure" });
    if (input.acceptable_structures.length === 0) issues.push({ path: ["acceptable_structures"], message: "a bid needs at least one acceptable structure" });
    input.acceptable_structures.forEach((structure, i) => {
      if (input.acceptable_structures.indexOf(structure) !== i) issues.push({ path: ["acceptable_structures", i], message: `"${structure}" is listed twice` });
    });
  }
  if (input.visibility === "private" && input.private_recipients.length === 0) {
    issues.push({ path: ["private_recipients"], message: "a private indication needs at least one recipient" });
  }
  if (input.visibility !== "private" && input.private_recipients.length > 0) {
    issues.push({ path: ["private_recipients"], message: "only a private indication has recipients" });
  }
  const seen = new Set<string>();
  input.private_recipients.forEach((email, i) => {
    if (seen.has(email.toLowerCase())) issues.push({ path: ["private_recipients", i], message: `"${email}" is listed twice` });
    seen.add(email.toLowerCase());
  });
  if (input.minimum_volume !== null && toStoredDecimal(input.minimum_volume) > toStoredDecimal(input.volume)) {
    issues.push({ path: ["minimum_volume"], message: "must not exceed volume" });
  }
  return issues;
}

function withRules<S extends z.ZodType<IndicationInput>>(schema: S) {
  return schema.superRefine((input, ctx) => {
    for (const issue of indicationRuleIssues(input)) ctx.addIssue({ code: "custom", ...issue });
  });
}

/** POST /my/indications. Optional fields may be left out (null / empty). */
export const indicationCreateSchema = withRules(
  z
    .strictObject({
      ...writable,
      minimum_volume: writable.minimum_volume.default(null),
      structure: writable.structure.default(null),
      acceptable_structures: writable.acceptable_structures.default([]),
      private_recipients: writable.private_recipients.default([]),
      stock_class: writable.stock_class.default(null),
      carried_interest_fee_percent: percent.default(null),
      management_fee_percent: percent.default(null),
      client_id: writable.client_id.default(null),
      third_party_id: writable.third_party_id.default(null),
      details: writable.details.default(null),
    })
    .transform((input) => input as IndicationInput),
);

/** PATCH /my/indications/{id}: a JSON merge patch of the writable fields but those fixed at creation. */
export const indicationPatchSchema = z.strictObject(writable).omit({ issuer_id: true, side: true }).partial();
export type IndicationPatch = z.output<typeof indicationPatchSchema>;

/** Fields fixed at creation: a patch that names one is refused by name. */
export const FIXED_FIELDS = ["issuer_id", "side"] as const;

const ASSIGNED = Object.fromEntries(ASSIGNED_FIELDS.map((field) => [field, "is assigned by the service"]));
/** Why a create refuses a field it does not take (parseBody). */
export const REFUSED_ON_CREATE: Record<string, string> = { ...ASSIGNED, issuer: "is written as issuer_id" };
/** Why a change refuses a field it does not take. */
export const REFUSED_ON_PATCH: Record<string, string> = {
  ...REFUSED_ON_CREATE,
  ...Object.fromEntries(FIXED_FIELDS.map((field) => [field, "is fixed once the indication is created"])),
};
