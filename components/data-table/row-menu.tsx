"use client";

import { useEffect, useRef } from "react";
import { useAnchoredPosition } from "./use-anchored-position";
import { useDisclosure } from "./use-disclosure";

/** The look of an item in a row menu: a full-width line, so the menu reads as a list. */
export const MENU_ITEM =
  "flex h-8 w-full items-center whitespace-nowrap rounded px-2 text-left text-xs font-medium text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100 disabled:opacity-50";

/** Where a row stands among its siblings (a table's <tr>, a phone's card). */
function placeOf(row: Element): number {
  return row.parentElement ? Array.prototype.indexOf.call(row.parentElement.children, row) : -1;
}

/**
 * One row's actions behind a "⋯" button (a disclosure, not an ARIA menu: its items are ordinary
 * links and buttons in tab order). The panel is fixed to the viewport beside the button
 * (useAnchoredPosition), so the table's scroll box never clips it. It is a launcher: an item closes
 * it (a dialog an item opens lives outside it), and so does its row moving among the others (the
 * table re-sorted under it) or leaving: a fixed panel left open would stand beside another row.
 */
export function RowMenu({ label, children }: { label: string; children: React.ReactNode }) {
  const { open, close, panelId, rootProps, buttonProps, buttonRef } = useDisclosure();
  const panelRef = useRef<HTMLDivElement>(null);
  const position = useAnchoredPosition(open, buttonRef, panelRef);

  useEffect(() => {
    const row = buttonRef.current?.closest("tr, li");
    const list = row?.parentElement;
    if (!open || !row || !list) return;
    const at = placeOf(row);
    const watcher = new MutationObserver(() => {
      if (!row.isConnected || placeOf(row) !== at) close();
    });
    watcher.observe(list, { childList: true });
    return () => watcher.disconnect();
  }, [open, close, buttonRef]);

  return (
    <div {...rootProps} className="inline-block" data-testid="row-menu">
      <button
        {...buttonProps}
        aria-label={label}
        className="inline-flex h-7 w-8 items-center justify-center rounded border border-slate-300 bg-white text-slate-700 shadow-sm hover:bg-slate-50"
        data-testid="row-menu-button"
      >
        <svg aria-hidden="true" viewBox="0 0 16 16" className="h-4 w-4">
          <circle cx="3" cy="8" r="1.5" fill="currentColor" />
          <circle cx="8" cy="8" r="1.5" fill="currentColor" />
          <circle cx="13" cy="8" r="1.5" fill="currentColor" />
        </svg>
      </button>
      {/* Only while open: a page of rows would otherwise build every row's items. */}
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role="group"
          aria-label={label}
          style={position}
          onClick={(event) => {
            if ((event.target as Element).closest("a, button")) close();
          }}
          className="fixed z-40 w-48 space-y-0.5 rounded-md border border-slate-200 bg-white p-1 text-left shadow-lg"
          data-testid="row-menu-panel"
        >
          {children}
        </div>
      ) : null}
    </div>
  );
}
