"use client";

import { useActionState, useEffect, useRef, useState } from "react";
import { revokeKeyAction, type RevokeKeyState } from "./actions";

const initial: RevokeKeyState = { status: "idle" };

/** Revoke in two steps: the button asks, the confirmation revokes. */
export function RevokeKeyButton({ id, name, prefix }: { id: string; name: string; prefix: string }) {
  const [confirming, setConfirming] = useState(false);
  const [state, formAction, pending] = useActionState(revokeKeyAction, initial);
  const confirmRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  if (!confirming) {
    return (
      <button
        type="button"
        onClick={() => setConfirming(true)}
        aria-label={`Revoke key ${name} (${prefix})`}
        className="rounded border border-red-300 bg-white px-2 py-1 text-xs font-medium text-red-700 hover:bg-red-50"
        data-testid="revoke-key"
      >
        Revoke
      </button>
    );
  }

  return (
    <form action={formAction} className="inline-flex flex-wrap items-center justify-end gap-2" data-testid="revoke-confirm">
      <input type="hidden" name="id" value={id} />
      <span className="text-xs text-slate-700">Revoke “{name}”? Programs using it stop working at once.</span>
      <button
        ref={confirmRef}
        type="submit"
        disabled={pending}
        className="rounded bg-red-600 px-2 py-1 text-xs font-semibold text-white hover:bg-red-700 disabled:opacity-60"
        data-testid="confirm-revoke"
      >
        {pending ? "Revoking…" : "Yes, revoke"}
      </button>
      <button
        type="button"
        onClick={() => setConfirming(false)}
        className="rounded px-2 py-1 text-xs font-medium text-slate-700 hover:underline"
      >
        Cancel
      </button>
      {state.status === "error" ? (
        <span role="alert" className="w-full text-right text-xs text-red-700">
          {state.message}
        </span>
      ) : null}
    </form>
  );
}
