"use client";

import dynamic from "next/dynamic";
import type { CompanyOption } from "@/components/data-table/types";
import type { Indication } from "@/lib/indications/schema";
import { FormDialog, FormModal, type FormDone } from "./form-dialog";
import { Loading } from "./load-then";

// Loaded when a dialog first opens, not with the page (docs/performance-live.md, "Lighthouse").
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

const editTitle = (indication: Indication) => `Edit ${indication.permalink_id}`;
const editForm = (indication: Indication, etag?: string) =>
  function EditForm(done: FormDone) {
    return <EditIndicationForm indication={indication} etag={etag} done={done} />;
  };

/** "Edit" of one indication on its page, guarded by the ETag it was loaded with (a 412 shows what changed). */
export function EditIndicationButton({ indication, etag }: { indication: Indication; etag: string }) {
  return (
    <FormDialog label="Edit" title={editTitle(indication)} testId="edit-indication" variant="secondary">
      {editForm(indication, etag)}
    </FormDialog>
  );
}

/** The edit dialog opened from a table row's menu: without an ETag, it reads the indication as it is now first. */
export function EditIndicationModal({ indication, onClose }: { indication: Indication; onClose: () => void }) {
  return (
    <FormModal title={editTitle(indication)} testId="edit-indication" onClose={onClose}>
      {editForm(indication)}
    </FormModal>
  );
}
