"use client";

import type { CompanyOption } from "@/components/data-table/types";
import type { Trade } from "@/lib/trades/schema";
import { tradeCreateSchema } from "@/lib/trades/write-schema";
import { createTradeAction, readTradeAction, updateTradeAction } from "../../_actions/trades";
import { DealForm } from "./deal-form";
import { EMPTY_TRADE, TRADE_FORM_FIELDS } from "./field-defs";
import { valuesOf } from "./fields";
import { FormDialog } from "./form-dialog";

/** "Record trade": on /trades, and on a company page with the company filled in. */
export function RecordTradeButton({ issuer = null }: { issuer?: CompanyOption | null }) {
  return (
    <FormDialog label="Record trade" title="Record trade" testId="record-trade" shortcut="n">
      {({ saved, cancel }) => (
        <DealForm<Trade>
          noun="trade"
          fields={TRADE_FORM_FIELDS}
          schema={tradeCreateSchema}
          mode="create"
          initial={{ ...EMPTY_TRADE, issuer_id: issuer?.id ?? "" }}
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
