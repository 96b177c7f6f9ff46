import { Timestamp } from "@/components/timestamp";
import type { AuditEvent } from "@/lib/audit/events";
import { fieldLabel, valueText } from "./resource-fields";

/** The audit trail of one resource, oldest first: who, when, how (browser, API key), each change. */

const ACTION_LABELS: Record<AuditEvent["action"], string> = {
  "indication.created": "Created",
  "indication.updated": "Edited",
  "indication.refreshed": "Refreshed (still live)",
  "indication.closed": "Closed",
  "trade.created": "Recorded",
  "trade.updated": "Edited",
  "trade.verified": "Verified",
  "trade.unverified": "Unverified",
  "deal.requested": "Introduction asked for",
  "deal.accepted": "Accepted",
  "deal.introduced": "Introduced",
  "deal.terms": "Terms recorded",
  "deal.closed": "Closed: trades recorded",
  "deal.dead": "Ended",
};

function via(actor: AuditEvent["actor"]): string {
  if (actor.via === "api_key") return `via API key ${actor.api_key_prefix ?? ""}`.trim();
  if (actor.via === "session") return "in the browser";
  return "by the service";
}

/**
 * A changed value; a time in the reader's own time zone, as everywhere on the page, kept on one
 * line (the change's line wraps around it: at 390 px "Dec 2, 2026, 12:49 → Dec 2, 2026, 12:49"
 * broke inside the second time).
 */
function ChangeValue({ field, value }: { field: string; value: unknown }) {
  return field.endsWith("_at") && typeof value === "string" ? <Timestamp iso={value} className="whitespace-nowrap" /> : <>{valueText(field, value)}</>;
}

export function HistoryTimeline({ events, total }: { events: AuditEvent[]; total: number }) {
  return (
    <section aria-labelledby="history-heading" className="rounded-md border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="history-heading" className="mb-3 text-sm font-semibold text-slate-900">
        History
      </h2>
      {events.length === 0 ? <p className="text-sm text-slate-500">No recorded changes.</p> : null}
      <ol className="relative space-y-4 border-l border-slate-200 pl-5" data-testid="history">
        {events.map((event) => {
          // Every change moves updated_at: the event's own time says it already.
          const changes = Object.entries(event.changes).filter(([field]) => field !== "updated_at");
          // A deal is made by its request: its fields are the page's, not changes.
          const creation = event.action.endsWith(".created") || event.action === "deal.requested";
          // A party's step as the other party recorded it before the introduction: it names no one
          // (lib/deals/events.ts), and the record stays as it was when the parties are named.
          const unnamed = event.action.startsWith("deal.") && event.actor.user_id === "";
          return (
            <li key={event.id} className="relative" data-testid="history-event" data-action={event.action}>
              <span aria-hidden="true" className="absolute -left-[25px] top-1.5 h-2 w-2 rounded-full bg-indigo-500 ring-4 ring-white" />
              <p className="text-sm text-slate-900">
                <span className="font-semibold">{ACTION_LABELS[event.action]}</span> by{" "}
                {unnamed ? "the other party" : <span title={event.actor.email}>{event.actor.name}</span>}{" "}
                <span className="text-slate-500">{unnamed ? "(not named when this was recorded, before the introduction)" : via(event.actor)}</span>
              </p>
              <p className="text-xs text-slate-500">
                <Timestamp iso={event.occurred_at} />
              </p>
              {event.reason ? <p className="mt-1 text-xs text-slate-700">Reason: {event.reason}</p> : null}
              {changes.length > 0 && !creation ? (
                <ul className="mt-1 space-y-0.5 text-xs text-slate-700">
                  {changes.map(([field, change]) => (
                    <li key={field} data-field={field}>
                      <span className="font-medium">{fieldLabel(field)}</span>: <span className="text-slate-500 line-through decoration-slate-300">
                        <ChangeValue field={field} value={change.from} />
                      </span>{" "}
                      <span aria-label="changed to">→</span> <ChangeValue field={field} value={change.to} />
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ol>
      {total > events.length ? <p className="mt-3 text-xs text-slate-500">The first {events.length} of {total} events; the API (…/history) pages through all.</p> : null}
    </section>
  );
}
