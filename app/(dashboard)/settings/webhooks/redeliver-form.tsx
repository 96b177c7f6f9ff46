"use client";

import { useActionState, useId } from "react";
import { redeliverRangeAction, type RedeliverState } from "./actions";

const initial: RedeliverState = { status: "idle" };
const SPANS = [
  { label: "the last hour", hours: 1 },
  { label: "the last 24 hours", hours: 24 },
  { label: "the last 7 days", hours: 7 * 24 },
];

/** "Redeliver since…": the endpoint's events of a recent span sent again (POST /my/webhooks/{id}/redeliver). */
export function RedeliverForm({ id, url }: { id: string; url: string }) {
  const [state, redeliver, pending] = useActionState(redeliverRangeAction, initial);
  const spanId = useId();
  return (
    <form action={redeliver} className="flex flex-wrap items-center gap-2 text-xs" data-testid="redeliver-range">
      <input type="hidden" name="id" value={id} />
      <label htmlFor={spanId} className="text-slate-700">
        Send again the events of
      </label>
      <select id={spanId} name="hours" className="h-7 rounded border border-slate-300 bg-white px-1 text-xs" defaultValue={1}>
        {SPANS.map((span) => (
          <option key={span.hours} value={span.hours}>
            {span.label}
          </option>
        ))}
      </select>
      <button type="submit" disabled={pending} aria-label={`Redeliver to ${url}`} className="rounded border border-slate-300 bg-white px-2 py-1 font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60">
        {pending ? "Queuing…" : "Redeliver"}
      </button>
      {state.status !== "idle" ? (
        <span role={state.status === "error" ? "alert" : "status"} className={state.status === "error" ? "text-red-700" : "text-slate-700"}>
          {state.message}
        </span>
      ) : null}
    </form>
  );
}
