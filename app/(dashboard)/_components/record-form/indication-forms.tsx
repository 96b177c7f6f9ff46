"use client";

import type { CompanyOption } from "@/components/data-table/types";
import type { Indication } from "@/lib/indications/schema";
import { indicationCreateSchema } from "@/lib/indications/write-schema";
import { createIndicationAction, readIndicationAction, updateIndicationAction } from "../../_actions/indications";
import { RecordForm } from "./record-form";
import { EMPTY_INDICATION, INDICATION_FORM_FIELDS } from "./field-defs";
import { valuesOf } from "./fields";
import type { FormDone } from "./form-dialog";
import { LoadThen } from "./load-then";

/**
 * The indication forms inside their dialogs (indication-form.tsx), in a module of their own: the
 * page loads them, and the write schema with zod, only when a dialog opens.
 */
export function CreateIndicationForm({ issuer, from, done }: { issuer: CompanyOption | null; from?: Indication; done: FormDone }) {
  const initial = from ? { ...valuesOf(INDICATION_FORM_FIELDS, from), third_party_id: "" } : { ...EMPTY_INDICATION, issuer_id: issuer?.id ?? "" };
  return (
    <RecordForm<Indication>
      noun="indication"
      fields={INDICATION_FORM_FIELDS}
      schema={indicationCreateSchema}
      mode="create"
      initial={initial}
      issuer={from ? from.issuer : issuer}
      submit={(body) => createIndicationAction(body)}
      onSaved={({ resource }) =>
        done.saved({ text: `Saved: ${resource.side === "bid" ? "bid" : "offer"} ${resource.permalink_id} in ${resource.issuer.name}.`, href: `/indications/${resource.id}` })
      }
      onCancel={done.cancel}
    />
  );
}

/** Without an ETag (a table row), the indication is read as it is now first. */
export function EditIndicationForm({ indication, etag, done }: { indication: Indication; etag?: string; done: FormDone }) {
  const form = (current: Indication, currentEtag: string) => (
    <RecordForm<Indication>
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
      onSaved={({ resource }) => done.saved({ text: `Saved changes to ${resource.permalink_id}.`, href: `/indications/${resource.id}` })}
      onCancel={done.cancel}
    />
  );
  return etag ? form(indication, etag) : <LoadThen load={() => readIndicationAction(indication.id)}>{(state) => form(state.resource, state.etag)}</LoadThen>;
}
