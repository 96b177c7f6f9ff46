import type { z } from "zod";
import { FRACTION_DIGITS, INTEGER_DIGITS } from "@/lib/domain/decimal";
import { earlyRuleIssues } from "@/lib/records/write-fields";
import { fieldName } from "@/lib/schema/body";
import { NOT_NEGATIVE, sentence } from "@/lib/schema/messages";
import { valueText } from "../resource-fields";

/**
 * What a record form (indication, trade) is made of, as data: each field's input kind, whether it
 * applies given the other values (an offer's structure, a bid's acceptable structures), and how
 * its text becomes the API's value. The rules themselves stay in the resource's write schema.
 */

type FieldKind = "issuer" | "decimal" | "text" | "textarea" | "select" | "radio" | "checkboxes" | "emails" | "date" | "checkbox";

export type FormValue = string | string[] | boolean;
export type FormValues = Record<string, FormValue>;

export interface FieldDef {
  name: string;
  label: string;
  kind: FieldKind;
  options?: { value: string; label: string }[];
  /** Null when left empty (else the empty text goes to the schema, which says what is wrong). */
  nullable?: boolean;
  /** Fixed once created: shown, not sent, on an edit. */
  fixed?: boolean;
  /** Applies only when this holds (else it is sent empty: null or []). */
  when?: (values: FormValues) => boolean;
  hint?: string;
}

/** How a decimal field wants an amount typed: as readAmount reads it, within the API's digits. */
const AMOUNT_WORDS = `must be an amount like 250,000 or 1250.50: digits, commas only between thousands, at most one point, at most ${INTEGER_DIGITS} digits before it and ${FRACTION_DIGITS} after`;

/**
 * An amount as people type it, read as the API's decimal: "$14" -> "14", "2,000,000.50" ->
 * "2000000.50" (a leading dollar sign, commas that group thousands, spaces around). Anything else
 * is left as typed, for the schema to judge ("12,5" is not read as 12.5). The API stays strict.
 */
export function readAmount(text: string): string {
  const m = /^\s*\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?\s*$/.exec(text);
  return m ? `${m[1].replace(/,/g, "")}${m[2] ?? ""}` : text;
}

/** The body the API would receive: the text typed (amounts read by readAmount, no numbers), empty -> null. */
export function bodyOf(fields: readonly FieldDef[], values: FormValues, mode: "create" | "edit"): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    if (mode === "edit" && field.fixed) continue;
    const value = values[field.name];
    const applies = !field.when || field.when(values);
    if (field.kind === "checkboxes" || field.kind === "emails") body[field.name] = applies && Array.isArray(value) ? value : [];
    else if (field.kind === "checkbox") body[field.name] = applies && value === true;
    else if (!applies || value === "" || value === undefined) body[field.name] = field.nullable || !applies ? null : "";
    else body[field.name] = field.kind === "decimal" && typeof value === "string" ? readAmount(value) : value;
  }
  return body;
}

/** The form's values of an existing resource (what an edit starts from). */
export function valuesOf(fields: readonly FieldDef[], resource: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = field.kind === "issuer" ? (resource.issuer as { id: string } | undefined)?.id : resource[field.name];
    if (field.kind === "checkboxes" || field.kind === "emails") values[field.name] = Array.isArray(value) ? (value as string[]) : [];
    else if (field.kind === "checkbox") values[field.name] = value === true;
    else values[field.name] = value === null || value === undefined ? "" : String(value);
  }
  return values;
}

/**
 * The first problem of each top-level field, from a schema's issues, worded as the API words it
 * (`price_per_share must be …`, `private_recipients[0] must be …`: lib/schema/messages.ts).
 */
export function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    if (!(field in errors)) errors[field] = sentence(fieldName(issue.path), issue.message);
  }
  return errors;
}

/** The browser's check: the very schema the server parses the body with, every problem at once, as the server would name them. */
export function validate(schema: z.ZodType, body: Record<string, unknown>): Record<string, string> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return {};
  const errors = errorsOf(parsed.error.issues);
  // The rules between fields that can already be judged (as the server's parseBody adds them).
  for (const [field, message] of Object.entries(errorsOf(earlyRuleIssues(schema, body, Object.keys(errors))))) errors[field] ??= message;
  return errors;
}

/** The server's 400 `param` (`private_recipients[0]`) as the form field it belongs to. */
export function fieldOfParam(param: string | null): string {
  return (param ?? "").split(/[.[]/)[0];
}

/**
 * The server's problems (the `errors` of its 400) at the fields this form shows, each field's
 * first; `others` are those no shown field takes (the form says them above its fields).
 */
export function errorsAtFields(problems: readonly { param: string; message: string }[], shown: (field: string) => boolean) {
  const errors: Record<string, string> = {};
  const others: string[] = [];
  for (const { param, message } of problems) {
    const field = fieldOfParam(param);
    if (shown(field)) errors[field] ??= message;
    else others.push(message);
  }
  return { errors, others };
}

/**
 * A field's problem as the form says it beside the field: the API's sentence (the schemas word
 * them for people, lib/schema/messages.ts) with the field's label in place of the parameter's name
 * and without the echo of what was typed, which the field shows; a value left empty asks for one,
 * and the company, chosen from a list, asks for a choice.
 */
export function plainMessage(field: Pick<FieldDef, "name" | "kind" | "label">, message: string, others: readonly Pick<FieldDef, "name" | "label">[] = []): string {
  const entry = new RegExp(`^${field.name}\\[(\\d+)\\] `).exec(message);
  const rest = entry ? message.slice(entry[0].length) : message.startsWith(`${field.name} `) ? message.slice(field.name.length + 1) : null;
  if (rest === null) return message;
  if (field.kind === "issuer") return "Choose a company from the list.";
  if (!entry && /^(is required\b|must not be empty\b)|; got ""\.$/.test(rest)) {
    return `${field.kind === "select" || field.kind === "radio" ? "Choose" : "Enter"} the ${subjectOf(field).toLowerCase()}.`;
  }
  // A minus sign, not a malformed number: what is wrong is the sign (the format text would not say so).
  if (field.kind === "decimal" && /; got "-\$?[\d,]*\.?\d+"\.$/.test(rest)) return `${subjectOf(field)} ${NOT_NEGATIVE}.`;
  // The form reads "250,000" and "$14" (readAmount): the API's format words ("no commas") would contradict it.
  if (field.kind === "decimal" && rest.startsWith("must be a decimal number")) return `${subjectOf(field)} ${AMOUNT_WORDS}.`;
  // Values as the fields show them: amounts grouped ("volume ($1,000,000)"), dates in the reader's way.
  let said = rest
    .replace(/; got ".*"\.$/, ".")
    .replace(/\b([a-z_]+) \((\d+(?:\.\d+)?)\)/g, (whole, name: string, value: string) => (others.some((o) => o.name === name) ? `${name} (${valueText(name, value)})` : whole))
    .replace(/\b(\d{4}-\d{2}-\d{2})\b/g, (iso: string) => localDate(iso));
  // Another field the rule names ("must not be before sign_date") by its label too.
  for (const other of others) if (other.name.includes("_")) said = said.replace(new RegExp(`\\b${other.name}\\b`, "g"), subjectOf(other).toLowerCase());
  return entry ? `Entry ${Number(entry[1]) + 1} ${said}` : `${subjectOf(field)} ${said}`;
}

/** A calendar date as a date field shows it in the reader's locale ("2026-03-09" -> "03/09/2026" in en-US). */
function localDate(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString(undefined, { timeZone: "UTC", year: "numeric", month: "2-digit", day: "2-digit" });
}

/** A field's label as the subject of a sentence: "Price per share (USD)" -> "Price per share". */
function subjectOf(field: Pick<FieldDef, "label">): string {
  return field.label.replace(/\s*\(.*\)$/, "");
}
