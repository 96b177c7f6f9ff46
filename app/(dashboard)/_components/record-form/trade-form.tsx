"use client";

import dynamic from "next/dynamic";
import type { CompanyOption } from "@/components/data-table/types";
import type { Trade } from "@/lib/trades/schema";
import { FormDialog } from "./form-dialog";
import { Loading } from "./load-then";

// Loaded when a dialog first opens, not with the page (docs/performance-live.md, "Lighthouse").
const RecordTradeForm = dynamic(() => import("./trade-forms").then((m) => m.RecordTradeForm), { loading: Loading });
const EditTradeForm = dynamic(() => import("./trade-forms").then((m) => m.EditTradeForm), { loading: Loading });

/** "Record trade": on /trades, and on a company page with the company filled in. */
export function RecordTradeButton({ issuer = null }: { issuer?: CompanyOption | null }) {
  return (
    <FormDialog label="Record trade" title="Record trade" testId="record-trade" shortcut="n">
      {(done) => <RecordTradeForm issuer={issuer} done={done} />}
    </FormDialog>
  );
}

/** "Edit" of an unverified trade, guarded by its ETag. */
export function EditTradeButton({ trade, etag }: { trade: Trade; etag: string }) {
  return (
    <FormDialog label="Edit" title={`Edit ${trade.permalink_id}`} testId="edit-trade" variant="secondary">
      {(done) => <EditTradeForm trade={trade} etag={etag} done={done} />}
    </FormDialog>
  );
}
