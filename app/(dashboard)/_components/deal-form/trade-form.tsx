"use client";

import type { CompanyOption } from "@/components/data-table/types";
import { CURRENT_STRUCTURES, STOCK_CLASS_TYPES, STOCK_TYPES, STRUCTURE_LABELS } from "@/lib/domain/enums";
import { STOCK_CLASS_TYPE_LABELS, STOCK_TYPE_LABELS } from "@/lib/format";
import type { Trade } from "@/lib/trades/schema";
import { tradeCreateSchema } from "@/lib/trades/write-schema";
import { createTradeAction, readTradeAction, updateTradeAction } from "../../_actions/trades";
import { DealForm } from "./deal-form";
import { valuesOf, type FieldDef, type FormValues } from "./fields";
import { FormDialog } from "./form-dialog";

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => ({ value, label: labels[value] }));

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
  { name: "verification_officer_name", label: "Verification officer", kind: "text" },
  { name: "verification_officer_email", label: "Verification officer e-mail", kind: "text" },
  { name: "attributed_to_owner", label: "Attributed to owner", kind: "checkbox" },
  { name: "client_id", label: "Client ID", kind: "text", nullable: true },
  { name: "third_party_id", label: "Third-party ID", kind: "text", nullable: true },
  { name: "details", label: "Details", kind: "textarea", nullable: true },
];

const EMPTY: FormValues = {
  ...Object.fromEntries(TRADE_FORM_FIELDS.map((f) => [f.name, f.kind === "checkbox" ? false : ""])),
  stock_type: "secondary",
  stock_class_type: "common",
};

/** "Record trade": on /trades, and on a company page with the company filled in. */
export function RecordTradeButton({ issuer = null }: { issuer?: CompanyOption | null }) {
  return (
    <FormDialog label="Record trade" title="Record trade" testId="record-trade">
      {({ saved, cancel }) => (
        <DealForm<Trade>
          noun="trade"
          fields={TRADE_FORM_FIELDS}
          schema={tradeCreateSchema}
          mode="create"
          initial={{ ...EMPTY, issuer_id: issuer?.id ?? "" }}
          issuer={issuer}
          submit={(body) => createTradeAction(body)}
          onSaved={({ resource }) => saved({ text: `Recorded ${resource.permalink_id} in ${resource.issuer.name}; it waits for verification.`, href: `/trades/${resource.id}` })}
          onCancel={cancel}
        />
      )}
    </FormDialog>
  );
}

/** "Edit" of an unverified trade, guarded by its ETag. */
export function EditTradeButton({ trade, etag }: { trade: Trade; etag: string }) {
  return (
    <FormDialog label="Edit" title={`Edit ${trade.permalink_id}`} testId="edit-trade" variant="secondary">
      {({ saved, cancel }) => (
        <DealForm<Trade>
          noun="trade"
          fields={TRADE_FORM_FIELDS}
          schema={tradeCreateSchema}
          mode="edit"
          initial={valuesOf(TRADE_FORM_FIELDS, trade)}
          issuer={trade.issuer}
          etag={etag}
          original={trade}
          submit={(body, currentEtag) => updateTradeAction(trade.id, body, currentEtag)}
          reload={() => readTradeAction(trade.id)}
          onSaved={({ resource }) => saved({ text: `Saved changes to ${resource.permalink_id}.`, href: `/trades/${resource.id}` })}
          onCancel={cancel}
        />
      )}
    </FormDialog>
  );
}
