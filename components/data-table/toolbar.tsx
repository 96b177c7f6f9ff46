"use client";

import { Filter } from "./filters";
import { RowCount } from "./pagination";
import { paramsOfFilter, type FilterDef } from "./types";
import { useTableUrl } from "./url-state";

/** Filters on the left; pending indicator, "N matching rows" and extras (column toggle) on the right. */
export function FilterBar({
  filters,
  total,
  noun,
  plural,
  children,
}: {
  filters: FilterDef[];
  total: number;
  noun: string;
  plural?: string;
  children?: React.ReactNode;
}) {
  const { get, update, isPending } = useTableUrl();
  const active = filters.flatMap(paramsOfFilter).filter((p) => get(p) !== null);
  return (
    <div className="flex flex-wrap items-end gap-2">
      {filters.map((filter) => (
        <Filter key={paramsOfFilter(filter).join("|")} filter={filter} />
      ))}
      {active.length > 0 ? (
        <button
          type="button"
          onClick={() => update(Object.fromEntries(active.map((p) => [p, null])))}
          className="h-8 rounded px-2 text-xs font-medium text-indigo-700 hover:bg-indigo-50"
          data-testid="reset-filters"
        >
          Reset filters
        </button>
      ) : null}
      <div className="ml-auto flex items-center gap-3">
        {isPending ? (
          <span className="text-xs text-slate-500" role="status">
            Loading…
          </span>
        ) : null}
        <RowCount total={total} noun={noun} plural={plural} />
        {children}
      </div>
    </div>
  );
}
