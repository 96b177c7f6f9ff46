import { z } from "zod";
import { ApiError } from "../schema/errors";
import { apiToRow } from "../schema/fields";
import type { ApiFields } from "../db/json-sql";
import { decimalInput, fieldName, textInput } from "../schema/body";
import { CURRENT_STRUCTURES, LEGACY_STRUCTURE, STOCK_CLASS_TYPES, STOCK_TYPES, type Structure } from "../domain/enums";

/**
 * The request bodies of indications and trades, the parts they share: the writable fields both
 * have, how a create's optional fields default, which fields are refused and why, and the check of
 * the rules between fields. Each resource's write-schema.ts adds its own fields and rules.
 */

/** A structure a new value may take: the deprecated one is refused with its successors named. */
export const structureInput = z.string().superRefine((value, ctx) => {
  if (value === LEGACY_STRUCTURE) ctx.addIssue({ code: "custom", message: `"${LEGACY_STRUCTURE}" is deprecated; use spv_1_layer or spv_2_layer` });
  else if (!(CURRENT_STRUCTURES as readonly string[]).includes(value)) ctx.addIssue({ code: "custom", message: `must be one of ${CURRENT_STRUCTURES.join(", ")}` });
})
  // The document lists what the check above takes.
  .meta({ enum: [...CURRENT_STRUCTURES] }) as unknown as z.ZodType<Structure>;

const percent = decimalInput({ max: "100" }).nullable();

/** The writable fields indications and trades both have. */
export const dealWritable = {
  issuer_id: z.uuid({ message: "must be a company UUID" }),
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

/** A problem between fields, at the field that should change. */
export interface RuleIssue {
  path: (string | number)[];
  message: string;
}

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
  // Through a transform, so the rules run only once every field is valid.
  const schema = z
    .strictObject(shape)
    .transform((input) => input as T)
    .superRefine((input, ctx) => {
      for (const issue of rules(input)) ctx.addIssue({ code: "custom", ...issue });
    });
  RULES.set(schema, rules as (input: unknown) => RuleIssue[]);
  return schema;
}

// The rules of each create schema, for the form's check (earlyRuleIssues).
const RULES = new WeakMap<z.ZodType, (input: unknown) => RuleIssue[]>();

/**
 * The rules a body breaks while some of its fields are still invalid, which the schema leaves for
 * later (the rules assume valid fields): the form shows every problem on the first submit. The
 * invalid fields are read as left out (null, or an empty list); rules that still cannot judge the
 * values say nothing, and the server decides anyway.
 */
export function earlyRuleIssues(schema: z.ZodType, body: Record<string, unknown>, invalid: readonly string[]): RuleIssue[] {
  const rules = RULES.get(schema);
  if (!rules) return [];
  const judged = { ...body };
  for (const field of invalid) judged[field] = Array.isArray(body[field]) ? [] : null;
  try {
    return rules(judged);
  } catch {
    return [];
  }
}

/** The first rule a whole resource breaks, as the 400 of its field. */
export function throwRuleIssue(issues: RuleIssue[]): void {
  const [issue] = issues;
  if (!issue) return;
  const param = fieldName(issue.path);
  throw ApiError.invalid(param, `${param}: ${issue.message}`);
}

/**
 * Why a create and a change refuse the fields they do not take (lib/schema/body.ts parseBody): the
 * fields the service assigns, the issuer by its object, and on a change the fields fixed at
 * creation.
 */
export function refusedFields(assigned: readonly string[], fixed: readonly string[], noun: string) {
  const onCreate: Record<string, string> = {
    ...Object.fromEntries(assigned.map((field) => [field, "is assigned by the service"])),
    issuer: "is written as issuer_id",
  };
  const onPatch: Record<string, string> = {
    ...onCreate,
    ...Object.fromEntries(fixed.map((field) => [field, `is fixed once the ${noun} is created`])),
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
