"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { Popover } from "@/components/data-table/popover";
import { useTableUrl } from "@/components/data-table/url-state";
import { VIEW_NAME_MAX, viewQuery, type SavedView, type SavedViewTable } from "@/lib/views/view";
import { withLabel } from "@/lib/schema/messages";
import { deleteViewAction, saveViewAction } from "../_actions/views";

/**
 * The toolbar's "Views" menu (docs/ui.md "Saved views"): the user's saved views of this table, each
 * opened by navigating to its query, and a form that saves the table as it is now under a name.
 * Stored per user in the database, so they follow the user across sign-outs and browsers.
 */
export function SavedViews({ table, saved }: { table: SavedViewTable; saved: SavedView[] }) {
  const { query, open } = useTableUrl();
  const router = useRouter();
  const inputId = useId();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [saving, startSaving] = useTransition();
  const current = viewQuery(query);
  const active = saved.find((view) => view.query === current);

  function save(event: React.FormEvent) {
    event.preventDefault();
    startSaving(async () => {
      const result = await saveViewAction({ table, name, query });
      if (!result.ok) {
        setError(withLabel(result.error.message, "name", "The name"));
        return;
      }
      setError(null);
      setName("");
      router.refresh();
    });
  }

  function remove(view: SavedView) {
    startSaving(async () => {
      const result = await deleteViewAction(view.id);
      setError(result.ok ? null : result.error.message);
      router.refresh();
    });
  }

  return (
    <Popover label={active ? `View: ${active.name}` : "Views"} active={Boolean(active)} align="right" testId="saved-views">
      <div className="w-64 space-y-2" data-testid="saved-views-panel">
        {saved.length > 0 ? (
          <ul className="max-h-60 space-y-0.5 overflow-y-auto" aria-label="Saved views">
            {saved.map((view) => (
              <li key={view.id} className="flex items-center gap-1">
                <button
                  type="button"
                  onClick={() => open(view.query)}
                  aria-current={view === active ? "true" : undefined}
                  className={`min-w-0 flex-1 truncate rounded px-2 py-1.5 text-left text-xs hover:bg-slate-50 ${
                    view === active ? "font-semibold text-indigo-800" : "text-slate-800"
                  }`}
                  data-testid="saved-view"
                >
                  {view.name}
                </button>
                <button
                  type="button"
                  onClick={() => remove(view)}
                  disabled={saving}
                  className="h-7 w-7 shrink-0 rounded text-slate-500 hover:bg-rose-50 hover:text-rose-700"
                  aria-label={`Delete view ${view.name}`}
                  data-testid="delete-saved-view"
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="px-1 text-xs text-slate-600">No saved views yet. Set filters, sort and columns, then name them here.</p>
        )}
        <form onSubmit={save} className="space-y-1 border-t border-slate-100 pt-2">
          <label htmlFor={inputId} className="block px-1 text-[11px] font-semibold uppercase tracking-wide text-slate-600">
            Save this view as
          </label>
          <div className="flex gap-1">
            <input
              id={inputId}
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={VIEW_NAME_MAX}
              required
              placeholder={active?.name ?? "e.g. Open bids"}
              className="h-8 min-w-0 flex-1 rounded border border-slate-300 px-2 text-xs"
              aria-describedby={error ? `${inputId}-error` : undefined}
              data-testid="saved-view-name"
            />
            <button
              type="submit"
              disabled={saving}
              className="h-8 rounded bg-indigo-600 px-3 text-xs font-medium text-white hover:bg-indigo-700 disabled:opacity-60"
              data-testid="save-view"
            >
              Save
            </button>
          </div>
          {error ? (
            <p id={`${inputId}-error`} role="alert" className="px-1 text-xs text-rose-700">
              {error}
            </p>
          ) : null}
        </form>
      </div>
    </Popover>
  );
}
