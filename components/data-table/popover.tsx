"use client";

import { useEffect, useRef } from "react";
import { useAnchoredPosition } from "./use-anchored-position";
import { useDisclosure } from "./use-disclosure";

/**
 * A button that opens a small panel below it (filter menus, column toggle, saved views): useDisclosure.
 * The panel is fixed inside the window (useAnchoredPosition): hung from its button, a wide one
 * (saved views) opened past a phone's left edge.
 * `opening`: it mounts open with the focus on its first control (a filter just added to the bar).
 * `children` may take `close`, for an item that closes the panel itself.
 */
export function Popover({
  label,
  active = false,
  badge,
  align = "left",
  testId,
  opening = false,
  children,
}: {
  label: string;
  active?: boolean;
  badge?: string;
  align?: "left" | "right";
  testId?: string;
  opening?: boolean;
  children: React.ReactNode | ((close: () => void) => React.ReactNode);
}) {
  const { open, close, panelId, rootProps, buttonProps, buttonRef } = useDisclosure(opening);
  const panelRef = useRef<HTMLDivElement>(null);
  const position = useAnchoredPosition(open, buttonRef, panelRef, align);
  useEffect(() => {
    if (opening) panelRef.current?.querySelector<HTMLElement>("input, select, button")?.focus();
  }, [opening]);

  return (
    <div {...rootProps} className="relative">
      <button
        {...buttonProps}
        data-testid={testId}
        className={`inline-flex h-8 items-center gap-1.5 rounded border px-2.5 text-xs font-medium shadow-sm ${
          active
            ? "border-indigo-300 bg-indigo-50 text-indigo-800 hover:bg-indigo-100"
            : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50"
        }`}
      >
        {label}
        {badge ? (
          <span className="rounded bg-indigo-600 px-1.5 py-px text-[10px] font-semibold leading-4 text-white">{badge}</span>
        ) : null}
        <svg aria-hidden="true" viewBox="0 0 12 12" className={`h-3 w-3 transition-transform ${open ? "rotate-180" : ""}`}>
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        style={position}
        className="fixed z-30 min-w-48 max-w-[calc(100vw-8px)] rounded-md border border-slate-200 bg-white p-2 shadow-lg"
      >
        {typeof children === "function" ? children(close) : children}
      </div>
    </div>
  );
}
