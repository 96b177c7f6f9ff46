"use client";

import dynamic from "next/dynamic";
import type { CompanyOption } from "@/components/data-table/types";
import type { Indication } from "@/lib/indications/schema";
import { FormDialog } from "./form-dialog";
import { Loading } from "./load-then";

// Loaded when a dialog first opens, not with the page (docs/performance.md, "Lighthouse").
const CreateIndicationForm = dynamic(() => import("./indication-forms").then((m) => m.CreateIndicationForm), { loading: Loading });
const EditIndicationForm = dynamic(() => import("./indication-forms").then((m) => m.EditIndicationForm), { loading: Loading });

/**
 * "New indication": on /indications, and on a company page with the company filled in. As
 * "Duplicate" on an indication's page, the form starts from that indication (a quote made again,
 * open or closed), its third-party reference left blank: it names the original.
 */
export function NewIndicationButton({ issuer = null, from }: { issuer?: CompanyOption | null; from?: Indication }) {
  return (
    <FormDialog
      label={from ? "Duplicate" : "New indication"}
      title={from ? `New indication from ${from.permalink_id}` : "New indication"}
      testId={from ? "duplicate-indication" : "new-indication"}
      variant={from ? "secondary" : undefined}
      shortcut={from ? undefined : "n"}
    >
      {(done) => <CreateIndicationForm issuer={issuer} from={from} done={done} />}
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
      {(done) => <EditIndicationForm indication={indication} etag={etag} done={done} />}
    </FormDialog>
  );
}
