"use client";

import { Popover } from "../popover";
import { useTableUrl } from "../url-state";
import { ClearButton } from "./fields";

const legendClass = "block text-[11px] font-medium uppercase tracking-wide text-slate-500";

/**
 * A range filter as a chip of the bar ("Signed ▾", its bounds as the badge) that opens the two ends
 * under one legend: "Signed [from] – [to]".
 */
export function Range({
  label,
  legend,
  bounds,
  params,
  opening,
  reversed = false,
  from,
  to,
}: {
  label: string;
  legend: React.ReactNode;
  /** The URL's values of the two ends (null: open). */
  bounds: [string | null, string | null];
  params: [string, string];
  opening?: boolean;
  /** The lower end is above the upper one: the API answers no row, so the filter says why. */
  reversed?: boolean;
  from: React.ReactNode;
  to: React.ReactNode;
}) {
  const { update } = useTableUrl();
  const [low, high] = bounds;
  const badge = low !== null && high !== null ? `${low} – ${high}` : low !== null ? `≥ ${low}` : high !== null ? `≤ ${high}` : undefined;
  return (
    <Popover label={label} active={badge !== undefined} badge={badge} testId={`range-${params[0]}`} opening={opening}>
      <fieldset className="space-y-1">
        <legend className={legendClass}>{legend}</legend>
        <div className="flex items-center gap-1">
          {from}
          <span aria-hidden="true" className="text-slate-400">
            –
          </span>
          {to}
        </div>
      </fieldset>
      {reversed ? (
        <p role="status" className="max-w-64 text-xs text-amber-800" data-testid={`range-reversed-${params[0]}`}>
          The first end is above the second: no row can match.
        </p>
      ) : null}
      {badge !== undefined ? <ClearButton filter={label} onClick={() => update({ [params[0]]: null, [params[1]]: null })} /> : null}
    </Popover>
  );
}

/** One end of a Range: its input, named for screen readers (the legend names the pair on screen). */
export function RangeEnd({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      {children}
    </>
  );
}
