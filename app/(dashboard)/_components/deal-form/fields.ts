import type { z } from "zod";
import { earlyRuleIssues } from "@/lib/deals/write-fields";
import { fieldName } from "@/lib/schema/body";

/**
 * What a deal form (indication, trade) is made of, as data: each field's input kind, whether it
 * applies given the other values (an offer's structure, a bid's acceptable structures), and how
 * its text becomes the API's value. The rules themselves stay in the resource's write schema.
 */

export type FieldKind = "issuer" | "decimal" | "text" | "textarea" | "select" | "radio" | "checkboxes" | "emails" | "date" | "checkbox";

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

/** The body the API would receive: the exact text typed (no trimming, no numbers), empty -> null. */
export function bodyOf(fields: readonly FieldDef[], values: FormValues, mode: "create" | "edit"): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    if (mode === "edit" && field.fixed) continue;
    const value = values[field.name];
    const applies = !field.when || field.when(values);
    if (field.kind === "checkboxes" || field.kind === "emails") body[field.name] = applies && Array.isArray(value) ? value : [];
    else if (field.kind === "checkbox") body[field.name] = applies && value === true;
    else if (!applies || value === "" || value === undefined) body[field.name] = field.nullable || !applies ? null : "";
    else body[field.name] = value;
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

/** The first message of each top-level field, from a schema's issues (`acceptable_structures[1]` -> its field). */
export function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? "");
    const at = fieldName(issue.path);
    if (!(field in errors)) errors[field] = at !== field ? `${at}: ${issue.message}` : issue.message;
  }
  return errors;
}

/** The browser's check: the very schema the server parses the body with. */
export function validate(schema: z.ZodType, body: Record<string, unknown>): Record<string, string> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return {};
  const errors = errorsOf(parsed.error.issues);
  // The rules between fields, for the fields still without a problem: every message at once.
  for (const [field, message] of Object.entries(errorsOf(earlyRuleIssues(schema, body, Object.keys(errors))))) errors[field] ??= message;
  return errors;
}

/** The server's 400 `param` (`private_recipients[0]`) as the form field it belongs to. */
export function fieldOfParam(param: string | null): string {
  return (param ?? "").split(/[.[]/)[0];
}

/**
 * A field's problem as the form says it: the schema's (and the API's) messages are written for
 * programs ("must be a company UUID", "non-negative decimal … got"), so the kinds of field whose
 * messages read so say it in plain words; the rules between fields already do.
 */
export function plainMessage(field: Pick<FieldDef, "kind" | "label">, message: string): string {
  const rule = message.replace(/^[a-z_]+\[(\d+)\]: /, (_, i: string) => `Entry ${Number(i) + 1}: `);
  if (field.kind === "issuer") return "Choose a company from the list.";
  if (field.kind === "decimal" && /decimal/.test(message)) {
    return /got ""$/.test(message) ? "Enter an amount." : "Enter a decimal number such as 1250.50: digits and one point, no commas or spaces.";
  }
  if ((field.kind === "select" || field.kind === "radio") && /one of/.test(message)) return "Choose one of the options.";
  if (field.kind === "date" && /YYYY-MM-DD/.test(message)) return "Enter a date.";
  if (/^must not be empty$/.test(message)) return `Enter the ${field.label.toLowerCase()}.`;
  return rule.charAt(0).toUpperCase() + rule.slice(1) + (/[.!?]$/.test(rule) ? "" : ".");
}

