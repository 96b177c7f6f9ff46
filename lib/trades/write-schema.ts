import { z } from "zod";
import { dateInput, emailInput, expecting, textInput } from "../schema/body";
import { createSchema, recordWritable, refusedFields, structureInput, type RuleIssue } from "../records/write-fields";

/**
 * The bodies of POST /my/trades and PATCH /my/trades/{id}: the fields a caller may send and the
 * rules a whole trade must keep. The service assigns the rest; `is_verified` only the marketplace
 * team changes (POST /ops/trades/{id}/verify).
 */

const ASSIGNED_FIELDS = ["id", "permalink_id", "created_at", "updated_at", "is_verified"] as const;
/** Fixed at creation, as for indications: a trade of another company is another trade. */
export const FIXED_FIELDS = ["issuer_id"] as const;


const writable = {
  ...recordWritable,
  structure: structureInput,
  attributed_to_owner: z.boolean({ error: expecting("true or false") }),
  sign_date: dateInput,
  won_date: dateInput,
  verification_officer_name: textInput(200, "the name of the trade's verification officer (1–200 characters)").min(1, "must not be empty: give the name of the trade's verification officer"),
  verification_officer_email: emailInput,
};

export const WRITABLE_FIELDS = Object.keys(writable) as (keyof typeof writable)[];

export type TradeInput = {
  [K in keyof typeof writable]: z.output<(typeof writable)[K]>;
};

/** Spec 2.6 and issue 12: signed before it was won, neither in the future (UTC). */
export function tradeRuleIssues(input: TradeInput): RuleIssue[] {
  const issues: RuleIssue[] = [];
  // Today's date in UTC, YYYY-MM-DD: the latest a trade can have been signed or won.
  const today = new Date().toISOString().slice(0, 10);
  if (input.sign_date > today) issues.push({ path: ["sign_date"], message: `must not be after today (${today}, UTC)` });
  if (input.won_date > today) issues.push({ path: ["won_date"], message: `must not be after today (${today}, UTC)` });
  if (input.sign_date > input.won_date) issues.push({ path: ["won_date"], message: `must not be before sign_date (${input.sign_date})`, reads: ["sign_date", "won_date"] });
  return issues;
}

/** POST /my/trades. `attributed_to_owner` defaults to false; optional fields to null. */
export const tradeCreateSchema = createSchema<typeof writable, TradeInput>(writable, tradeRuleIssues, { attributed_to_owner: false });

/** PATCH /my/trades/{id}: a JSON merge patch of the writable fields but the issuer. */
export const tradePatchSchema = z.strictObject(writable).omit({ issuer_id: true }).partial();
export type TradePatch = z.output<typeof tradePatchSchema>;

export const TRADE_REFUSED = refusedFields(ASSIGNED_FIELDS, FIXED_FIELDS, "trade");

/** POST /ops/trades/{id}/verify and /unverify: why, for the audit; required to unverify. */
const reason = (why: string) => textInput(1000, `text saying why ${why} (1–1,000 characters)`).trim().min(1, `must not be empty: say why ${why}`);
export const verifySchema = z.strictObject({ reason: reason("the trade is verified").optional() });
export const unverifySchema = z.strictObject({ reason: reason("the trade is unverified") });
