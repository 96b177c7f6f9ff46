"use client";

import { useEffect, useId, useRef, useState } from "react";

/**
 * A button that opens a small panel below it (filter menus, column toggle). Keyboard: the button
 * toggles it, Escape closes it and returns focus to the button, tabbing out closes it.
 */
export function Popover({
  label,
  active = false,
  badge,
  align = "left",
  testId,
  children,
}: {
  label: string;
  active?: boolean;
  badge?: string;
  align?: "left" | "right";
  testId?: string;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    }
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  return (
    <div
      ref={rootRef}
      className="relative"
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (next && rootRef.current && !rootRef.current.contains(next)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        data-testid={testId}
        onClick={() => setOpen((o) => !o)}
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
        id={panelId}
        hidden={!open}
        className={`absolute z-30 mt-1 min-w-48 rounded-md border border-slate-200 bg-white p-2 shadow-lg ${
          align === "right" ? "right-0" : "left-0"
        }`}
      >
        {children}
      </div>
    </div>
  );
}
