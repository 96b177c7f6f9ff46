"use client";

import { useId } from "react";
import { Popover } from "./popover";
import { HIDE_PARAM } from "./search-params";
import type { Option } from "./types";
import { useTableUrl } from "./url-state";

/** Show/hide columns at once, in the browser; the hidden set is kept in the URL (`hide=`, view-only). */
export function ColumnToggle({ columns, hidden }: { columns: Option[]; hidden: readonly string[] }) {
  const { replaceView } = useTableUrl();
  const id = useId();
  const hiddenSet = new Set(hidden);
  const visibleCount = columns.filter((c) => !hiddenSet.has(c.value)).length;
  function toggle(column: string, visible: boolean) {
    const next = new Set(hiddenSet);
    if (visible) next.delete(column);
    else next.add(column);
    replaceView({ [HIDE_PARAM]: columns.map((c) => c.value).filter((c) => next.has(c)).join(",") });
  }
  return (
    <Popover label="Columns" badge={`${visibleCount}/${columns.length}`} align="right" testId="column-toggle">
      <fieldset>
        <legend className="mb-1 px-1 text-[11px] font-semibold uppercase tracking-wide text-slate-500">Visible columns</legend>
        <ul className="max-h-80 space-y-0.5 overflow-y-auto">
          {columns.map((column) => (
            <li key={column.value}>
              <label
                htmlFor={`${id}-${column.value}`}
                className="flex cursor-pointer items-center gap-2 whitespace-nowrap rounded px-1 py-1 text-xs text-slate-800 hover:bg-slate-50"
              >
                <input
                  id={`${id}-${column.value}`}
                  type="checkbox"
                  checked={!hiddenSet.has(column.value)}
                  onChange={(event) => toggle(column.value, event.target.checked)}
                  data-testid={`column-toggle-${column.value}`}
                  className="h-3.5 w-3.5 accent-indigo-600"
                />
                {column.label}
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
    </Popover>
  );
}
