"use client";

import type { CompanyOption } from "@/components/data-table/types";
import type { Indication } from "@/lib/indications/schema";
import { indicationCreateSchema } from "@/lib/indications/write-schema";
import { createIndicationAction, readIndicationAction, updateIndicationAction } from "../../_actions/indications";
import { DealForm } from "./deal-form";
import { EMPTY_INDICATION, INDICATION_FORM_FIELDS } from "./field-defs";
import { valuesOf } from "./fields";
import { FormDialog } from "./form-dialog";
import { LoadThen } from "./load-then";

/**
 * "New indication": on /indications, and on a company page with the company filled in. As
 * "Duplicate" on an indication's page, the form starts from that indication (a quote made again,
 * open or closed), its third-party reference left blank: it names the original.
 */
export function NewIndicationButton({ issuer = null, from }: { issuer?: CompanyOption | null; from?: Indication }) {
  const initial = from ? { ...valuesOf(INDICATION_FORM_FIELDS, from), third_party_id: "" } : { ...EMPTY_INDICATION, issuer_id: issuer?.id ?? "" };
  return (
    <FormDialog
      label={from ? "Duplicate" : "New indication"}
      title={from ? `New indication from ${from.permalink_id}` : "New indication"}
      testId={from ? "duplicate-indication" : "new-indication"}
      variant={from ? "secondary" : undefined}
      shortcut={from ? undefined : "n"}
    >
      {({ saved, cancel }) => (
        <DealForm<Indication>
          noun="indication"
          fields={INDICATION_FORM_FIELDS}
          schema={indicationCreateSchema}
          mode="create"
          initial={initial}
          issuer={from ? from.issuer : issuer}
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
export function EditIndicationButton({ indication, etag, variant = "secondary" }: { indication: Indication; etag?: string; variant?: "secondary" | "menu" }) {
  return (
    <FormDialog label="Edit" title={`Edit ${indication.permalink_id}`} testId="edit-indication" variant={variant}>
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
