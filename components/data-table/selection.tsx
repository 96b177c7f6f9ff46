"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { createContext, useContext, useMemo, useState } from "react";

/**
 * Row selection for a DataTable, kept beside the kit rather than inside it: a provider holds the
 * selected ids of the rows on the page, and `selectionColumn` is an ordinary column whose header
 * selects the whole page and whose cells select one row. A bulk bar reads `useSelection()`.
 */

interface Selection {
  ids: readonly string[];
  selected: ReadonlySet<string>;
  toggle(id: string, on: boolean): void;
  setAll(on: boolean): void;
  clear(): void;
}

const SelectionContext = createContext<Selection | null>(null);

export function SelectionProvider({ ids, children }: { ids: readonly string[]; children: React.ReactNode }) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const value = useMemo<Selection>(() => {
    // Only rows still on the page count: after a refresh or a page change the others drop out.
    const selected = new Set(ids.filter((id) => chosen.has(id)));
    return {
      ids,
      selected,
      toggle: (id, on) =>
        setChosen((current) => {
          const next = new Set(current);
          if (on) next.add(id);
          else next.delete(id);
          return next;
        }),
      setAll: (on) => setChosen(on ? new Set(ids) : new Set()),
      clear: () => setChosen(new Set()),
    };
  }, [ids, chosen]);
  return <SelectionContext.Provider value={value}>{children}</SelectionContext.Provider>;
}

export function useSelection(): Selection {
  const selection = useContext(SelectionContext);
  if (!selection) throw new Error("useSelection needs a SelectionProvider");
  return selection;
}

function HeaderCheckbox() {
  const { ids, selected, setAll } = useSelection();
  const all = ids.length > 0 && selected.size === ids.length;
  return (
    <input
      type="checkbox"
      aria-label="Select all rows on this page"
      checked={all}
      ref={(el) => {
        if (el) el.indeterminate = selected.size > 0 && !all;
      }}
      onChange={(e) => setAll(e.target.checked)}
      className="h-4 w-4 align-middle"
      data-testid="select-all"
    />
  );
}

function RowCheckbox({ id, label }: { id: string; label: string }) {
  const { selected, toggle } = useSelection();
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={selected.has(id)}
      onChange={(e) => toggle(id, e.target.checked)}
      // A touch target of 24 px on a phone's card (WCAG 2.5.8, Lighthouse's target-size).
      className="h-6 w-6 align-middle sm:h-4 sm:w-4"
      data-testid="select-row"
    />
  );
}

/** The checkbox column (first in the list); `label` names a row for screen readers. */
export function selectionColumn<T>(getId: (row: T) => string, label: (row: T) => string): ColumnDef<T, unknown> {
  return {
    id: "select",
    header: () => <HeaderCheckbox />,
    cell: ({ row }) => <RowCheckbox id={getId(row.original)} label={label(row.original)} />,
    meta: { hideable: false, label: "Select", cardFooter: true },
  };
}

/**
 * Where a selection's bulk bar (and what its actions answered) sits: after the table, held at the
 * window's foot while the table is in view (sticky). Above the table, appearing with the first
 * ticked box, it pushed every row down under the pointer.
 */
export function SelectionFoot({ children }: { children: React.ReactNode }) {
  return <div className="sticky bottom-2 z-30 space-y-2 empty:hidden [&>*]:shadow-lg" data-testid="selection-foot">{children}</div>;
}
