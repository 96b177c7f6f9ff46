"use client";

import type { CompanyOption } from "@/components/data-table/types";
import { CURRENT_STRUCTURES, SIDES, STOCK_CLASS_TYPES, STOCK_TYPES, STRUCTURE_LABELS, VISIBILITIES } from "@/lib/domain/enums";
import { SIDE_LABELS, STOCK_CLASS_TYPE_LABELS, STOCK_TYPE_LABELS, VISIBILITY_LABELS } from "@/lib/format";
import type { Indication } from "@/lib/indications/schema";
import { indicationCreateSchema } from "@/lib/indications/write-schema";
import { createIndicationAction, readIndicationAction, updateIndicationAction } from "../../_actions/indications";
import { DealForm } from "./deal-form";
import { valuesOf, type FieldDef, type FormValues } from "./fields";
import { FormDialog } from "./form-dialog";
import { LoadThen } from "./load-then";

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

const EMPTY: FormValues = {
  ...Object.fromEntries(INDICATION_FORM_FIELDS.map((f) => [f.name, f.kind === "checkboxes" || f.kind === "emails" ? [] : ""])),
  side: "bid",
  visibility: "order_book_public",
  stock_type: "secondary",
  stock_class_type: "common",
};

/** "New indication": on /indications, and on a company page with the company filled in. */
export function NewIndicationButton({ issuer = null }: { issuer?: CompanyOption | null }) {
  return (
    <FormDialog label="New indication" title="New indication" testId="new-indication">
      {({ saved, cancel }) => (
        <DealForm<Indication>
          noun="indication"
          fields={INDICATION_FORM_FIELDS}
          schema={indicationCreateSchema}
          mode="create"
          initial={{ ...EMPTY, issuer_id: issuer?.id ?? "" }}
          issuer={issuer}
          submit={(body) => createIndicationAction(body)}
          onSaved={({ resource }) =>
            saved({ text: `Saved: ${resource.side === "bid" ? "bid" : "offer"} ${resource.permalink_id} in ${resource.issuer.name}.`, href: `/indications/${resource.id}` })
          }
          onCancel={cancel}
        />
      )}
    </FormDialog>
  );
}

/**
 * "Edit" of one indication, guarded by the ETag it was loaded with (a 412 shows what changed).
 * Without an ETag (a table row), the dialog reads the indication as it is now first.
 */
export function EditIndicationButton({ indication, etag }: { indication: Indication; etag?: string }) {
  return (
    <FormDialog label="Edit" title={`Edit ${indication.permalink_id}`} testId="edit-indication" variant="secondary">
      {({ saved, cancel }) => {
        const form = (current: Indication, currentEtag: string) => (
          <DealForm<Indication>
            noun="indication"
            fields={INDICATION_FORM_FIELDS}
            schema={indicationCreateSchema}
            mode="edit"
            initial={valuesOf(INDICATION_FORM_FIELDS, current)}
            issuer={current.issuer}
            etag={currentEtag}
            original={current}
            submit={(body, guard) => updateIndicationAction(current.id, body, guard)}
            reload={() => readIndicationAction(current.id)}
            onSaved={({ resource }) => saved({ text: `Saved changes to ${resource.permalink_id}.`, href: `/indications/${resource.id}` })}
            onCancel={cancel}
          />
        );
        return etag ? form(indication, etag) : <LoadThen load={() => readIndicationAction(indication.id)}>{(state) => form(state.resource, state.etag)}</LoadThen>;
      }}
    </FormDialog>
  );
}
