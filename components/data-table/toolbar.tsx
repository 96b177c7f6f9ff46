"use client";

import { useEffect, useRef, useState } from "react";
import { Filter } from "./filters";
import { RowCount } from "./pagination";
import { Popover } from "./popover";
import { MENU_ITEM } from "./row-menu";
import { paramsOfFilter, type FilterDef } from "./types";
import { usePhone } from "./use-phone";
import { useTableUrl } from "./url-state";

/** A filter's name in the bar's state and its "+ Filter" item: its first parameter. */
const keyOf = (filter: FilterDef) => paramsOfFilter(filter)[0];

/**
 * Filters on the left; pending indicator, "N matching rows" and extras (density, columns, export)
 * on the right. The primary filters are always chips; the others wait behind "+ Filter" until the
 * URL sets them or the user adds one, and then keep their chip for this page view, so a chip never
 * moves or vanishes under the user's hand. On phones (< 640 px) every filter opens in a sheet from
 * a "Filters" button instead of filling the first screen; the same filter controls either way.
 * Without `total` no count is shown (the review shows its totals beside the bar instead).
 */
export function FilterBar({
  filters,
  total,
  noun,
  plural,
  children,
}: {
  filters: FilterDef[];
  total?: number;
  noun?: string;
  plural?: string;
  children?: React.ReactNode;
}) {
  const { get, update, isPending } = useTableUrl();
  const phone = usePhone();
  const [sheetOpen, setSheetOpen] = useState(false);
  // A dialog takes the focus as it opens, so its keys (Escape) are its own from the first.
  const doneRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (sheetOpen) doneRef.current?.focus();
  }, [sheetOpen]);
  const active = filters.flatMap(paramsOfFilter).filter((p) => get(p) !== null);
  const isSet = (filter: FilterDef) => paramsOfFilter(filter).some((p) => get(p) !== null);
  // The non-primary chips in the order they came: set by the URL, then as added or set later.
  const [extra, setExtra] = useState(() => filters.filter((f) => !f.primary && isSet(f)).map(keyOf));
  const [opening, setOpening] = useState<string | null>(null);
  const appeared = filters.filter((f) => !f.primary && isSet(f) && !extra.includes(keyOf(f))).map(keyOf);
  if (appeared.length > 0) setExtra([...extra, ...appeared]);
  const more = filters.filter((f) => !f.primary && !extra.includes(keyOf(f)));
  const shown = phone ? filters : [...filters.filter((f) => f.primary), ...extra.flatMap((key) => filters.filter((f) => keyOf(f) === key))];
  const reset =
    active.length > 0 ? (
      <button
        type="button"
        onClick={() => update(Object.fromEntries(active.map((p) => [p, null])))}
        className="h-8 rounded px-2 text-xs font-medium text-indigo-700 hover:bg-indigo-50"
        data-testid="reset-filters"
      >
        Reset filters
      </button>
    ) : null;
  const count = total === undefined ? null : <RowCount total={total} noun={noun} plural={plural} />;
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="filter-bar">
      {filters.length > 0 ? (
        <button
          type="button"
          onClick={() => setSheetOpen(true)}
          aria-expanded={sheetOpen}
          className="inline-flex h-8 items-center gap-1.5 rounded border border-slate-300 bg-white px-2.5 text-xs font-medium text-slate-700 shadow-sm sm:hidden"
          data-testid="open-filters"
        >
          Filters
          {/* Filters set, not bounds: a range with both ends is one. */}
          {active.length > 0 ? <span className="rounded bg-indigo-600 px-1.5 text-[10px] font-semibold leading-4 text-white" data-testid="filters-set">{filters.filter(isSet).length}</span> : null}
        </button>
      ) : null}
      {sheetOpen ? <div className="fixed inset-0 z-40 bg-slate-900/40 sm:hidden" aria-hidden="true" onClick={() => setSheetOpen(false)} /> : null}
      <div
        className={
          sheetOpen
            ? "fixed inset-x-0 bottom-0 z-50 flex max-h-[85vh] flex-col gap-3 overflow-y-auto rounded-t-lg bg-white p-4 shadow-xl sm:static sm:z-auto sm:contents sm:max-h-none sm:bg-transparent sm:p-0 sm:shadow-none"
            : "hidden sm:contents"
        }
        role={sheetOpen ? "dialog" : undefined}
        aria-label={sheetOpen ? "Filters" : undefined}
        onKeyDown={
          sheetOpen
            ? (event) => {
                // A chip open inside the sheet takes its own Escape first (use-disclosure.ts). The
                // default is a search field's own Escape, which empties it (and its blur applied that).
                if (event.key !== "Escape" || event.currentTarget.querySelector('[aria-expanded="true"]')) return;
                event.preventDefault();
                setSheetOpen(false);
              }
            : undefined
        }
        data-testid="filter-panel"
      >
        {sheetOpen ? (
          <div className="flex items-center justify-between sm:hidden">
            <h2 className="text-sm font-semibold text-slate-900">Filters</h2>
            <button
              ref={doneRef}
              type="button"
              // The field being typed in keeps its focus until the click: its blur applies it, and the
              // sheet changed under the finger then, so the tap that blurred it never closed it.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => {
                if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
                setSheetOpen(false);
              }}
              className="h-8 rounded bg-indigo-600 px-3 text-xs font-medium text-white"
              data-testid="close-filters"
            >
              Done
            </button>
          </div>
        ) : null}
        {shown.map((filter) => (
          <Filter key={keyOf(filter)} filter={filter} opening={keyOf(filter) === opening} />
        ))}
        {!phone && more.length > 0 ? (
          <Popover label="+ Filter" testId="add-filter">
            {(close) => (
              <ul className="space-y-0.5" aria-label="Add a filter">
                {more.map((filter) => (
                  <li key={keyOf(filter)}>
                    <button
                      type="button"
                      onClick={() => {
                        close();
                        setExtra([...extra, keyOf(filter)]);
                        setOpening(keyOf(filter));
                      }}
                      className={MENU_ITEM}
                      data-testid={`add-filter-${keyOf(filter)}`}
                    >
                      {filter.label}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </Popover>
        ) : null}
        {reset}
      </div>
      {/* A phone has no room for the count beside the table's controls: it stands by "Filters",
          the controls on a line of their own below (else it wrapped to three lines and pushed
          Export CSV past the cards). */}
      {phone && count ? <div className="ml-auto">{count}</div> : null}
      {/* It wraps in the table's layout too: a narrow window is sent the table until the page has
          hydrated and swapped it for cards (use-phone.tsx), and /review's controls need 398 px. */}
      <div className={phone ? "flex w-full flex-wrap items-center justify-end gap-2" : "ml-auto flex flex-wrap items-center justify-end gap-2"}>
        {isPending ? (
          <span className="text-xs text-slate-600" role="status">
            Loading…
          </span>
        ) : null}
        {phone ? null : count}
        {children}
      </div>
    </div>
  );
}
