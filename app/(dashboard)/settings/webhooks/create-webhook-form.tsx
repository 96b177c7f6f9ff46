"use client";

import { useActionState, useEffect, useId, useRef, useState } from "react";
import { createWebhookAction, type SecretState } from "./actions";
import { SecretShown } from "./secret-shown";

const initial: SecretState = { status: "idle" };
const INPUT = "h-8 w-full rounded border border-slate-300 bg-white px-2 text-sm shadow-sm focus:border-indigo-500";

/** A labelled input of the form: the label names the input the children render with the id given. */
function Field({ label, width, children }: { label: string; width: string; children: (id: string) => React.ReactNode }) {
  const id = useId();
  return (
    <div className={`flex w-full flex-col gap-0.5 ${width}`}>
      <label htmlFor={id} className="text-[11px] font-medium uppercase tracking-wide text-slate-500">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

export function CreateWebhookForm({ eventTypes }: { eventTypes: string[] }) {
  const [state, formAction, pending] = useActionState(createWebhookAction, initial);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const errorId = useId();

  useEffect(() => {
    if (state.status === "shown") formRef.current?.reset();
  }, [state]);

  return (
    <div className="space-y-3">
      <form ref={formRef} action={formAction} className="space-y-2" data-testid="create-webhook-form">
        <div className="flex flex-wrap items-end gap-2">
          <Field label="Endpoint URL" width="max-w-md">
            {(id) => (
              <input
                id={id}
                name="url"
                type="url"
                required
                maxLength={2000}
                placeholder="https://hooks.example.com/desk"
                aria-invalid={state.status === "error" ? true : undefined}
                aria-describedby={state.status === "error" ? errorId : undefined}
                className={INPUT}
              />
            )}
          </Field>
          <Field label="Description (optional)" width="max-w-xs">
            {(id) => <input id={id} name="description" type="text" maxLength={500} placeholder="e.g. CRM sync" className={INPUT} />}
          </Field>
        </div>
        <fieldset>
          <legend className="text-[11px] font-medium uppercase tracking-wide text-slate-500">Events</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {eventTypes.map((type) => (
              <label key={type} className="inline-flex items-center gap-1 font-mono text-xs text-slate-800">
                <input type="checkbox" name="events" value={type} defaultChecked={type === "*"} className="h-4 w-4" />
                {type}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" disabled={pending} className="h-8 rounded bg-indigo-600 px-3 text-xs font-semibold text-white shadow-sm hover:bg-indigo-700 disabled:opacity-60">
          {pending ? "Adding…" : "Add endpoint"}
        </button>
        {state.status === "error" ? (
          <p id={errorId} role="alert" className="text-xs text-red-700" data-testid="create-webhook-error">
            {state.message}
          </p>
        ) : null}
      </form>
      {state.status === "shown" && dismissed !== state.nonce ? <SecretShown title={`Endpoint ${state.url} added`} secret={state.secret} onDone={() => setDismissed(state.nonce)} /> : null}
    </div>
  );
}
