"use client";

import { useId } from "react";

/** A signing secret, shown once (after a create or a rotation), until dismissed. */
export function SecretShown({ title, secret, onDone }: { title: string; secret: string; onDone: () => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} role="status" className="w-full rounded-md border border-emerald-300 bg-emerald-50 p-3" data-testid="webhook-secret">
      <h3 id={headingId} className="text-sm font-semibold text-emerald-900">
        {title}
      </h3>
      <p className="mt-0.5 text-xs text-emerald-900">Copy the signing secret now: it is shown only this once. Your program verifies each delivery with it.</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code className="break-all rounded border border-emerald-200 bg-white px-2 py-1 font-mono text-sm text-slate-900 select-all" data-testid="webhook-secret-value">
          {secret}
        </code>
        <button type="button" onClick={onDone} className="h-8 rounded px-3 text-xs font-medium text-emerald-900 hover:underline">
          Done
        </button>
      </div>
    </section>
  );
}
