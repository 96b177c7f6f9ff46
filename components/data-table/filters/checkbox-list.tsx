"use client";

import { useId } from "react";
import { formatCount } from "@/lib/format";
import type { Option } from "../types";

/** The checkboxes of a facet or boolean filter's popover, one per option, with its count when known. */
export function CheckboxList({
  legend,
  options,
  selected,
  onToggle,
  testIdPrefix,
  counts,
}: {
  legend: string;
  options: Option[];
  selected: ReadonlySet<string>;
  onToggle: (value: string, checked: boolean) => void;
  testIdPrefix: string;
  /** Rows each value gives under the other filters (faceted counts), when known. */
  counts?: Record<string, number>;
}) {
  const id = useId();
  return (
    <fieldset>
      <legend className="mb-1 px-1 text-[11px] font-semibold uppercase tracking-wide text-slate-500">{legend}</legend>
      <ul className="space-y-0.5">
        {options.map((option) => (
          <li key={option.value}>
            <label
              htmlFor={`${id}-${option.value}`}
              className="flex cursor-pointer items-center gap-2 whitespace-nowrap rounded px-1 py-1 text-xs text-slate-800 hover:bg-slate-50"
            >
              <input
                id={`${id}-${option.value}`}
                type="checkbox"
                value={option.value}
                checked={selected.has(option.value)}
                onChange={(event) => onToggle(option.value, event.target.checked)}
                data-testid={`${testIdPrefix}-${option.value}`}
                className="h-3.5 w-3.5 rounded border-slate-300 accent-indigo-600"
              />
              {option.label}
              {counts ? (
                <span className="ml-auto pl-3 tabular-nums text-slate-600" data-testid={`${testIdPrefix}-${option.value}-count`}>
                  {formatCount(counts[option.value] ?? 0)}
                </span>
              ) : null}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
