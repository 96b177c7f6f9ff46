import { z } from "zod";
import { ApiError } from "../schema/errors";
import { apiToRow } from "../schema/fields";
import type { ApiFields } from "../db/json-sql";
import { decimalInput, earlyRuleIssues, expecting, fieldName, registerRules, textInput, type RuleIssue } from "../schema/body";
import { sentence, shown } from "../schema/messages";
import { CURRENT_STRUCTURES, LEGACY_STRUCTURE, STOCK_CLASS_TYPES, STOCK_TYPES, type Structure } from "../domain/enums";

/**
 * The request bodies of indications and trades, the parts they share: the writable fields both
 * have, how a create's optional fields default, which fields are refused and why, and the check of
 * the rules between fields. Each resource's write-schema.ts adds its own fields and rules.
 */

const STRUCTURE_WORDS = `one of ${CURRENT_STRUCTURES.join(", ")}`;

/** A structure a new value may take: the deprecated one is refused with its successors named. */
export const structureInput = z
  .string({ error: expecting(STRUCTURE_WORDS) })
  .superRefine((value, ctx) => {
    if (value === LEGACY_STRUCTURE) ctx.addIssue({ code: "custom", message: `must not be the deprecated "${LEGACY_STRUCTURE}": use spv_1_layer or spv_2_layer` });
    else if (!(CURRENT_STRUCTURES as readonly string[]).includes(value)) ctx.addIssue({ code: "custom", message: `must be ${STRUCTURE_WORDS}; got ${shown(value)}` });
  })
  // The document lists what the check above takes.
  .meta({ enum: [...CURRENT_STRUCTURES] }) as unknown as z.ZodType<Structure>;

const percent = decimalInput({ max: "100" }).nullable();

/** The writable fields indications and trades both have. */
export const recordWritable = {
  issuer_id: z.uuid({ error: expecting("the id of a company, as GET /companies lists it") }),
  price_per_share: decimalInput({ positive: true }),
  volume: decimalInput({ positive: true }),
  stock_type: z.enum(STOCK_TYPES),
  stock_class_type: z.enum(STOCK_CLASS_TYPES),
  stock_class: textInput(200).nullable(),
  carried_interest_fee_percent: percent,
  management_fee_percent: percent,
  client_id: textInput(200).nullable(),
  third_party_id: textInput(200).nullable(),
  details: textInput(10_000).nullable(),
};

export { earlyRuleIssues, type RuleIssue };

type Shape = Record<string, z.ZodType>;

/**
 * The body of a create: every writable field, where a nullable field left out is null, a list
 * left out is empty, and `defaults` name the rest; the rules between fields checked once the
 * fields are valid.
 */
export function createSchema<S extends Shape, T>(writable: S, rules: (input: T) => RuleIssue[], defaults: Partial<Record<keyof S, unknown>> = {}) {
  const shape = Object.fromEntries(
    Object.entries(writable).map(([name, field]) => {
      if (name in defaults) return [name, field.default(defaults[name] as never)];
      if (field instanceof z.ZodNullable) return [name, field.default(null)];
      if (field instanceof z.ZodArray) return [name, field.default([])];
      return [name, field];
    }),
  );
  // Through a transform, so the rules run only once every field is valid; registered with the
  // fields, so a body with invalid fields is told the rules it already breaks (earlyRuleIssues).
  const schema = z
    .strictObject(shape)
    .transform((input) => input as T)
    .superRefine((input, ctx) => {
      for (const { path, message } of rules(input)) ctx.addIssue({ code: "custom", path, message });
    });
  return registerRules(schema, shape, rules);
}

/** The rules a whole resource breaks (a change merged into it), as one 400 naming each field, in `fields` order. */
export function throwRuleIssues(issues: RuleIssue[], fields: readonly string[]): void {
  if (issues.length === 0) return;
  const rank = (issue: RuleIssue) => {
    const at = fields.indexOf(String(issue.path[0]));
    return at === -1 ? fields.length : at;
  };
  const sorted = [...issues].sort((a, b) => rank(a) - rank(b));
  throw ApiError.fields(sorted.map((issue) => ({ param: fieldName(issue.path), code: "invalid_parameter", message: sentence(fieldName(issue.path), issue.message) })));
}

/**
 * Why a create and a change refuse the fields they do not take (lib/schema/body.ts parseBody): the
 * fields the service assigns, the issuer by its object, and on a change the fields fixed at
 * creation.
 */
export function refusedFields(assigned: readonly string[], fixed: readonly string[], noun: string) {
  const onCreate: Record<string, string> = {
    ...Object.fromEntries(assigned.map((field) => [field, "is assigned by the service: leave it out"])),
    issuer: "is not sent: send issuer_id, the id of the company, instead",
  };
  const onPatch: Record<string, string> = {
    ...onCreate,
    ...Object.fromEntries(fixed.map((field) => [field, `is fixed once the ${noun} is created: leave it out of a change`])),
  };
  return { onCreate, onPatch };
}

/** The writable fields of a row as the API shows it: what a create would have sent. */
export function writableOf<T>(shown: Record<string, unknown>, fields: readonly string[], issuerId: string): T {
  const input: Record<string, unknown> = { issuer_id: issuerId };
  for (const field of fields) if (field in shown && field !== "issuer_id") input[field] = shown[field];
  return input as T;
}

/** The stored columns of a resource's writable fields (`C`), from their API values. */
export function columnsOfInput<C>(fields: ApiFields<unknown>, input: { issuer_id: string }): C {
  const { issuer_id, ...rest } = input;
  return { issuerId: issuer_id.toLowerCase(), ...apiToRow(fields, rest) } as C;
}
