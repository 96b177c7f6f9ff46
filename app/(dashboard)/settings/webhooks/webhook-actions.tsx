"use client";

import { useActionState, useEffect, useRef, useState } from "react";
import { deleteWebhookAction, rotateWebhookAction, type DeleteState, type SecretState } from "./actions";
import { SecretShown } from "./secret-shown";

const rotated: SecretState = { status: "idle" };
const deleted: DeleteState = { status: "idle" };

/** An endpoint's actions: a new secret (shown once), and deletion in two steps. */
export function WebhookActions({ id, url }: { id: string; url: string }) {
  const [rotation, rotate, rotating] = useActionState(rotateWebhookAction, rotated);
  const [deletion, remove, deleting] = useActionState(deleteWebhookAction, deleted);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <form action={rotate}>
        <input type="hidden" name="id" value={id} />
        <button type="submit" disabled={rotating} aria-label={`New secret for ${url}`} className="rounded border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60" data-testid="rotate-secret">
          {rotating ? "Rotating…" : "New secret"}
        </button>
      </form>
      {confirming ? (
        <form action={remove} className="inline-flex flex-wrap items-center justify-end gap-2" data-testid="delete-confirm">
          <input type="hidden" name="id" value={id} />
          <span className="text-xs text-slate-700">Delete this endpoint? Nothing more is sent to it.</span>
          <button ref={confirmRef} type="submit" disabled={deleting} className="rounded bg-red-600 px-2 py-1 text-xs font-semibold text-white hover:bg-red-700 disabled:opacity-60" data-testid="confirm-delete">
            {deleting ? "Deleting…" : "Yes, delete"}
          </button>
          <button type="button" onClick={() => setConfirming(false)} className="rounded px-2 py-1 text-xs font-medium text-slate-700 hover:underline">
            Cancel
          </button>
        </form>
      ) : (
        <button type="button" onClick={() => setConfirming(true)} aria-label={`Delete ${url}`} className="rounded border border-red-300 bg-white px-2 py-1 text-xs font-medium text-red-700 hover:bg-red-50" data-testid="delete-webhook">
          Delete
        </button>
      )}
      {rotation.status === "shown" && dismissed !== rotation.nonce ? (
        <SecretShown title="New secret made: the old one signs beside it for 24 hours" secret={rotation.secret} onDone={() => setDismissed(rotation.nonce)} />
      ) : null}
      {rotation.status === "error" || deletion.status === "error" ? (
        <p role="alert" className="w-full text-right text-xs text-red-700">
          {rotation.status === "error" ? rotation.message : deletion.status === "error" ? deletion.message : ""}
        </p>
      ) : null}
    </div>
  );
}
