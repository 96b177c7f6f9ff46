import { CURRENT_STRUCTURES, SIDES, STOCK_CLASS_TYPES, STOCK_TYPES, STRUCTURE_LABELS, VISIBILITIES } from "@/lib/domain/enums";
import { SIDE_LABELS, STOCK_CLASS_TYPE_LABELS, STOCK_TYPE_LABELS, VISIBILITY_LABELS } from "@/lib/format";
import { SHARED_FIELD_LABELS } from "../field-labels";
import type { FieldDef, FormValues } from "./fields";

/**
 * The fields of the indication and trade forms: labels, input kinds, which apply when. Their
 * rules are the write schemas' (lib/indications/write-schema.ts, lib/trades/write-schema.ts).
 */

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => ({ value, label: labels[value] }));

/** The fields of an indication's form; which apply follows the side and the visibility (issue 12's rules). */
export const INDICATION_FORM_FIELDS: FieldDef[] = [
  { name: "issuer_id", label: "Company", kind: "issuer", fixed: true },
  { name: "side", label: "Side", kind: "radio", options: options(SIDES, SIDE_LABELS), fixed: true },
  { name: "price_per_share", label: "Price per share (USD)", kind: "decimal" },
  { name: "volume", label: "Volume (USD)", kind: "decimal" },
  { name: "minimum_volume", label: "Minimum volume (USD)", kind: "decimal", nullable: true },
  { name: "structure", label: "Structure", kind: "select", options: options(CURRENT_STRUCTURES, STRUCTURE_LABELS), when: (v) => v.side === "offer" },
  {
    name: "acceptable_structures",
    label: "Acceptable structures",
    kind: "checkboxes",
    options: options(CURRENT_STRUCTURES, STRUCTURE_LABELS),
    when: (v) => v.side === "bid",
  },
  { name: "visibility", label: "Visibility", kind: "select", options: options(VISIBILITIES, VISIBILITY_LABELS) },
  { name: "private_recipients", label: "Recipients", kind: "emails", when: (v) => v.visibility === "private", hint: "Who may see a private indication." },
  { name: "stock_type", label: "Stock type", kind: "select", options: options(STOCK_TYPES, STOCK_TYPE_LABELS) },
  { name: "stock_class_type", label: "Stock class type", kind: "select", options: options(STOCK_CLASS_TYPES, STOCK_CLASS_TYPE_LABELS) },
  { name: "stock_class", label: "Stock class", kind: "text", nullable: true },
  { name: "management_fee_percent", label: "Management fee (%)", kind: "decimal", nullable: true },
  { name: "carried_interest_fee_percent", label: "Carried interest fee (%)", kind: "decimal", nullable: true },
  { name: "client_id", label: "Client ID", kind: "text", nullable: true },
  { name: "third_party_id", label: "Third-party ID", kind: "text", nullable: true },
  { name: "details", label: "Details", kind: "textarea", nullable: true },
];

export const EMPTY_INDICATION: FormValues = {
  ...Object.fromEntries(INDICATION_FORM_FIELDS.map((f) => [f.name, f.kind === "checkboxes" || f.kind === "emails" ? [] : ""])),
  side: "bid",
  visibility: "order_book_public",
  stock_type: "secondary",
  stock_class_type: "common",
};

/** The fields of a trade's form (lib/trades/write-schema.ts holds their rules). */
export const TRADE_FORM_FIELDS: FieldDef[] = [
  { name: "issuer_id", label: "Company", kind: "issuer", fixed: true },
  { name: "sign_date", label: "Sign date", kind: "date" },
  { name: "won_date", label: "Won date", kind: "date" },
  { name: "price_per_share", label: "Price per share (USD)", kind: "decimal" },
  { name: "volume", label: "Volume (USD)", kind: "decimal" },
  { name: "structure", label: "Structure", kind: "select", options: options(CURRENT_STRUCTURES, STRUCTURE_LABELS) },
  { name: "stock_type", label: "Stock type", kind: "select", options: options(STOCK_TYPES, STOCK_TYPE_LABELS) },
  { name: "stock_class_type", label: "Stock class type", kind: "select", options: options(STOCK_CLASS_TYPES, STOCK_CLASS_TYPE_LABELS) },
  { name: "stock_class", label: "Stock class", kind: "text", nullable: true },
  { name: "management_fee_percent", label: "Management fee (%)", kind: "decimal", nullable: true },
  { name: "carried_interest_fee_percent", label: "Carried interest fee (%)", kind: "decimal", nullable: true },
  { name: "verification_officer_name", label: SHARED_FIELD_LABELS.verification_officer_name, kind: "text", hint: "Whom the marketplace team contacts to verify the trade." },
  { name: "verification_officer_email", label: SHARED_FIELD_LABELS.verification_officer_email, kind: "text" },
  { name: "attributed_to_owner", label: SHARED_FIELD_LABELS.attributed_to_owner, kind: "checkbox" },
  { name: "client_id", label: "Client ID", kind: "text", nullable: true },
  { name: "third_party_id", label: "Third-party ID", kind: "text", nullable: true },
  { name: "details", label: "Details", kind: "textarea", nullable: true },
];

/** The fields each form takes in a textarea: long free text, which its detail page shows across the row. */
export const LONG_TEXT_FIELDS: Record<"indication" | "trade", string[]> = {
  indication: INDICATION_FORM_FIELDS.filter((f) => f.kind === "textarea").map((f) => f.name),
  trade: TRADE_FORM_FIELDS.filter((f) => f.kind === "textarea").map((f) => f.name),
};

export const EMPTY_TRADE: FormValues = {
  ...Object.fromEntries(TRADE_FORM_FIELDS.map((f) => [f.name, f.kind === "checkbox" ? false : ""])),
  stock_type: "secondary",
  stock_class_type: "common",
};

