"use client";

import { useActionState, useEffect, useId, useRef, useState } from "react";
import { createKeyAction, type CreateKeyState } from "./actions";

const initial: CreateKeyState = { status: "idle" };

export function CreateKeyForm() {
  const [state, formAction, pending] = useActionState(createKeyAction, initial);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const nameId = useId();
  const errorId = useId();

  useEffect(() => {
    if (state.status === "created") formRef.current?.reset();
  }, [state]);

  const showSecret = state.status === "created" && dismissed !== state.nonce;

  return (
    <div className="space-y-3">
      <form ref={formRef} action={formAction} className="flex flex-wrap items-end gap-2" data-testid="create-key-form">
        <div className="flex flex-col gap-0.5">
          <label htmlFor={nameId} className="text-[11px] font-medium uppercase tracking-wide text-slate-500">
            Key name
          </label>
          <input
            id={nameId}
            name="name"
            type="text"
            required
            maxLength={100}
            placeholder="e.g. CRM sync"
            aria-invalid={state.status === "error" ? true : undefined}
            aria-describedby={state.status === "error" ? errorId : undefined}
            className="h-8 w-64 rounded border border-slate-300 bg-white px-2 text-sm shadow-sm focus:border-indigo-500"
          />
        </div>
        <button
          type="submit"
          disabled={pending}
          className="h-8 rounded bg-indigo-600 px-3 text-xs font-semibold text-white shadow-sm hover:bg-indigo-700 disabled:opacity-60"
        >
          {pending ? "Creating…" : "Create key"}
        </button>
        {state.status === "error" ? (
          <p id={errorId} role="alert" className="w-full text-xs text-red-700" data-testid="create-key-error">
            {state.message}
          </p>
        ) : null}
      </form>

      {showSecret ? (
        <NewSecret name={state.name} secret={state.secret} onDone={() => setDismissed(state.nonce)} />
      ) : null}
    </div>
  );
}

function NewSecret({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  const codeRef = useRef<HTMLElement>(null);
  const headingId = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied("copied");
    } catch {
      // Clipboard API unavailable (e.g. plain http on another host): select it for Ctrl+C.
      const range = document.createRange();
      if (codeRef.current) {
        range.selectNodeContents(codeRef.current);
        window.getSelection()?.removeAllRanges();
        window.getSelection()?.addRange(range);
      }
      setCopied("failed");
    }
  }

  return (
    <section
      aria-labelledby={headingId}
      role="status"
      className="rounded-md border border-emerald-300 bg-emerald-50 p-4"
      data-testid="new-key-secret"
    >
      <h3 id={headingId} className="text-sm font-semibold text-emerald-900">
        Key “{name}” created
      </h3>
      <p className="mt-0.5 text-xs text-emerald-900">
        Copy the secret now. It is shown only this once; we store only a hash of it.
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code
          ref={codeRef}
          className="rounded border border-emerald-200 bg-white px-2 py-1 font-mono text-sm text-slate-900 select-all"
          data-testid="api-key-secret"
        >
          {secret}
        </code>
        <button
          type="button"
          onClick={copy}
          className="h-8 rounded border border-emerald-400 bg-white px-3 text-xs font-semibold text-emerald-900 hover:bg-emerald-100"
          data-testid="copy-secret"
        >
          {copied === "copied" ? "Copied" : "Copy"}
        </button>
        <button type="button" onClick={onDone} className="h-8 rounded px-3 text-xs font-medium text-emerald-900 hover:underline">
          Done
        </button>
      </div>
      <p className="mt-1 text-[11px] text-emerald-800" aria-live="polite">
        {copied === "copied" ? "Copied to the clipboard." : copied === "failed" ? "Copy failed: the secret is selected, press Ctrl+C." : ""}
      </p>
      <p className="mt-2 text-xs text-emerald-900">
        Use it as <code className="font-mono">Authorization: Bearer &lt;secret&gt;</code>, e.g.{" "}
        <code className="font-mono">curl -H &quot;Authorization: Bearer …&quot; {"<origin>"}/api/v1/my/trades</code>
      </p>
    </section>
  );
}
