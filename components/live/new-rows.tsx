"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { subscribe } from "./live-stream";

interface Counts {
  added: number;
  changed: number;
}
const NONE: Counts = { added: 0, changed: 0 };

function described(noun: string, { added, changed }: Counts): string {
  const parts = [added > 0 ? `${added} new ${noun}${added === 1 ? "" : "s"}` : "", changed > 0 ? `${changed} change${changed === 1 ? "" : "s"}` : ""];
  return parts.filter(Boolean).join(" and ");
}

/** The action that adds a row to each kind of table (a deal is made by asking for an introduction). */
const ADDED = { indication: "indication.created", trade: "trade.created", deal: "deal.requested" } as const;

/**
 * A team table does not move under the user's cursor when someone else writes: it says how many
 * rows came or changed and redraws when asked (docs/ui.md, "Live pages"). The user's own writes
 * from this dashboard redraw the table already, so they are not counted.
 */
export function NewRows({ kind, me }: { kind: keyof typeof ADDED; me: string }) {
  const router = useRouter();
  const [counts, setCounts] = useState<Counts>(NONE);
  useEffect(
    () =>
      subscribe(({ type, data }) => {
        if (!type.startsWith(`${kind}.`)) return;
        const actor = data.actor as { user_id?: string; via?: string } | undefined;
        if (actor?.user_id === me && actor.via === "session") return;
        setCounts((now) => (type === ADDED[kind] ? { ...now, added: now.added + 1 } : { ...now, changed: now.changed + 1 }));
      }),
    [kind, me],
  );

  const text = described(kind, counts);
  return (
    <div role="status" aria-live="polite" className="min-h-0">
      {text ? (
        <button
          type="button"
          onClick={() => {
            setCounts(NONE);
            router.refresh();
          }}
          className="mb-3 w-full rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-left text-sm font-medium text-indigo-900 hover:bg-indigo-100 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-600"
          data-testid="new-rows"
        >
          {text}: show them
        </button>
      ) : null}
    </div>
  );
}
