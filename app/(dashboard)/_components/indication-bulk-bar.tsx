"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useSelection } from "@/components/data-table/selection";
import { bulkIndicationAction } from "../_actions/indications";
import { ConfirmButton } from "./record-form/confirm-button";

const button = "h-7 rounded border border-slate-300 bg-white px-2.5 text-xs font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-50";

/**
 * What to do with the selected indications: refresh or close them all, one write per row, and
 * one result per row (a closed one cannot be refreshed; the others still are).
 */
export function IndicationBulkBar({ names }: { names: Record<string, string> }) {
  const { selected, clear } = useSelection();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [results, setResults] = useState<{ name: string; ok: boolean; text: string }[] | null>(null);
  const ids = [...selected];

  function run(action: "refresh" | "close") {
    startTransition(async () => {
      const answer = await bulkIndicationAction(action, ids);
      if (!answer.ok) return setResults([{ name: "", ok: false, text: answer.error.message }]);
      setResults(
        answer.value.map(({ id, result }) => ({
          name: names[id] ?? id,
          ok: result.ok,
          text: result.ok ? (action === "close" ? "closed" : "refreshed") : result.error.message,
        })),
      );
      clear();
      router.refresh();
    });
  }

  if (ids.length === 0 && !results) return null;
  return (
    <div className="space-y-1 rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2" data-testid="bulk-bar">
      {ids.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-xs font-semibold text-indigo-950" data-testid="bulk-count">
            {ids.length} selected
          </p>
          <button type="button" className={button} disabled={pending} onClick={() => run("refresh")} data-testid="bulk-refresh">
            Refresh all
          </button>
          <ConfirmButton
            label="Close all"
            question={`Close ${ids.length} indication${ids.length === 1 ? "" : "s"}? Closed indications cannot be reopened.`}
            confirmLabel="Close them"
            disabled={pending}
            onConfirm={() => run("close")}
            testId="bulk-close"
            className={button}
          />
          <button type="button" className={button} onClick={clear}>
            Clear selection
          </button>
        </div>
      ) : null}
      {results ? (
        <div role="status" className="text-xs" data-testid="bulk-results">
          <ul className="space-y-0.5">
            {results.map((r, i) => (
              <li key={i} className={r.ok ? "text-emerald-900" : "text-red-800"} data-ok={r.ok}>
                {r.name ? `${r.name}: ` : ""}
                {r.text}
              </li>
            ))}
          </ul>
          <button type="button" className="mt-1 text-indigo-800 underline" onClick={() => setResults(null)}>
            Dismiss
          </button>
        </div>
      ) : null}
    </div>
  );
}
