"use client";

import type { CompanyOption } from "@/components/data-table/types";
import type { Trade } from "@/lib/trades/schema";
import { tradeCreateSchema } from "@/lib/trades/write-schema";
import { createTradeAction, readTradeAction, updateTradeAction } from "../../_actions/trades";
import { RecordForm } from "./record-form";
import { EMPTY_TRADE, TRADE_FORM_FIELDS } from "./field-defs";
import { valuesOf } from "./fields";
import type { FormDone } from "./form-dialog";

/** The trade forms inside their dialogs (trade-form.tsx), loaded when one opens, as indication-forms.tsx. */
export function RecordTradeForm({ issuer, done }: { issuer: CompanyOption | null; done: FormDone }) {
  return (
    <RecordForm<Trade>
      noun="trade"
      fields={TRADE_FORM_FIELDS}
      schema={tradeCreateSchema}
      mode="create"
      initial={{ ...EMPTY_TRADE, issuer_id: issuer?.id ?? "" }}
      issuer={issuer}
      submit={(body) => createTradeAction(body)}
      onSaved={({ resource }) => done.saved({ text: `Recorded ${resource.permalink_id} in ${resource.issuer.name}; it waits for verification.`, href: `/trades/${resource.id}` })}
      onCancel={done.cancel}
    />
  );
}

export function EditTradeForm({ trade, etag, done }: { trade: Trade; etag: string; done: FormDone }) {
  return (
    <RecordForm<Trade>
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
      onSaved={({ resource }) => done.saved({ text: `Saved changes to ${resource.permalink_id}.`, href: `/trades/${resource.id}` })}
      onCancel={done.cancel}
    />
  );
}
