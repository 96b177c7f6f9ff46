"use client";

import { DENSITY_PARAM } from "./search-params";
import { useTableUrl } from "./url-state";

/** Comfortable or compact rows: view-only, applied at once and kept in the URL (`density=compact`). */
export function DensityToggle() {
  const { get, replaceView } = useTableUrl();
  const compact = get(DENSITY_PARAM) === "compact";
  return (
    <button
      type="button"
      aria-pressed={compact}
      onClick={() => replaceView({ [DENSITY_PARAM]: compact ? null : "compact" })}
      className={`hidden h-8 items-center gap-1 rounded border px-2 text-xs font-medium shadow-sm sm:inline-flex ${
        compact ? "border-indigo-300 bg-indigo-50 text-indigo-800" : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
      }`}
      data-testid="density-toggle"
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="1.5">
        {compact ? <path d="M2 4h12M2 7h12M2 10h12M2 13h12" /> : <path d="M2 4h12M2 8h12M2 12h12" />}
      </svg>
      Compact
    </button>
  );
}
