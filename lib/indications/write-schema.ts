import { z } from "zod";
import { emailInput, expecting } from "../schema/body";
import { toStoredDecimal } from "../domain/decimal";
import { CURRENT_STRUCTURES, SIDES, VISIBILITIES } from "../domain/enums";
import { createSchema, recordWritable, refusedFields, structureInput, type RuleIssue } from "../records/write-fields";

/**
 * The bodies of POST /my/indications and PATCH /my/indications/{id}: which fields a caller may
 * send, and the rules a whole indication must keep (one schema for the API and the dashboard's
 * forms). The service assigns the rest (ASSIGNED_FIELDS).
 */

/** Fields the service sets; a body that names one is refused by name. */
const ASSIGNED_FIELDS = ["id", "permalink_id", "created_at", "updated_at", "opened_at", "last_refreshed_at", "stage"] as const;
/** Fields fixed at creation: a patch that names one is refused by name. */
export const FIXED_FIELDS = ["issuer_id", "side"] as const;

/** Every field a caller may write, as it may be sent. */
const writable = {
  ...recordWritable,
  side: z.enum(SIDES),
  minimum_volume: recordWritable.volume.nullable(),
  structure: structureInput.nullable(),
  // Each structure at most once (the rules name a repeat), so never more than there are.
  acceptable_structures: z
    .array(structureInput, { error: expecting('a list of structures, like ["direct"]') })
    .max(CURRENT_STRUCTURES.length, `may hold each of the ${CURRENT_STRUCTURES.length} structures at most once`),
  visibility: z.enum(VISIBILITIES),
  private_recipients: z.array(emailInput, { error: expecting("a list of e-mail addresses, like [\"name@example.com\"]") }).max(50),
};

/** The fields a caller may write, in the API's names. */
export const WRITABLE_FIELDS = Object.keys(writable) as (keyof typeof writable)[];

/** An indication's writable fields, whole: what a create makes and what a change must leave. */
export type IndicationInput = {
  [K in keyof typeof writable]: z.output<(typeof writable)[K]>;
};

/**
 * The rules between fields (issue 12): an offer has one structure, a bid acceptable structures;
 * private visibility and recipients go together; the minimum fits the volume.
 */
export function indicationRuleIssues(input: IndicationInput): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const bySide = ["side", "structure", "acceptable_structures"];
  if (input.side === "offer") {
    if (input.structure === null) issues.push({ path: ["structure"], message: "is required for an offer: the one structure it is offered in", reads: bySide });
    if (input.acceptable_structures.length > 0) {
      issues.push({ path: ["acceptable_structures"], message: "must be empty for an offer: only a bid lists acceptable structures (an offer has one structure)", reads: bySide });
    }
  } else {
    if (input.structure !== null) issues.push({ path: ["structure"], message: "must be null for a bid: a bid has acceptable_structures, not a structure", reads: bySide });
    if (input.acceptable_structures.length === 0) {
      issues.push({ path: ["acceptable_structures"], message: "must list at least one structure for a bid: the structures it would accept", reads: bySide });
    }
    input.acceptable_structures.forEach((structure, i) => {
      if (input.acceptable_structures.indexOf(structure) !== i) {
        issues.push({ path: ["acceptable_structures", i], message: `repeats "${structure}", listed twice: list each structure once`, reads: bySide });
      }
    });
  }
  const byVisibility = ["visibility", "private_recipients"];
  if (input.visibility === "private" && input.private_recipients.length === 0) {
    issues.push({ path: ["private_recipients"], message: "must list at least one recipient for a private indication: the e-mail addresses that may see it", reads: byVisibility });
  }
  if (input.visibility !== "private" && input.private_recipients.length > 0) {
    issues.push({ path: ["private_recipients"], message: "must be empty unless visibility is private: only a private indication has recipients", reads: byVisibility });
  }
  const seen = new Set<string>();
  input.private_recipients.forEach((email, i) => {
    if (seen.has(email.toLowerCase())) {
      issues.push({ path: ["private_recipients", i], message: `repeats "${email}", listed twice (addresses are compared without case): list each once`, reads: ["private_recipients"] });
    }
    seen.add(email.toLowerCase());
  });
  if (input.minimum_volume !== null && toStoredDecimal(input.minimum_volume) > toStoredDecimal(input.volume)) {
    issues.push({ path: ["minimum_volume"], message: `must not exceed volume (${input.volume})`, reads: ["minimum_volume", "volume"] });
  }
  return issues;
}

/** POST /my/indications. Optional fields may be left out (null / empty). */
export const indicationCreateSchema = createSchema<typeof writable, IndicationInput>(writable, indicationRuleIssues);

/** PATCH /my/indications/{id}: a JSON merge patch of the writable fields but those fixed at creation. */
export const indicationPatchSchema = z.strictObject(writable).omit({ issuer_id: true, side: true }).partial();
export type IndicationPatch = z.output<typeof indicationPatchSchema>;

/** Why a create or a change refuses a field it does not take. */
export const INDICATION_REFUSED = refusedFields(ASSIGNED_FIELDS, FIXED_FIELDS, "indication");
