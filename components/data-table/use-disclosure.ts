"use client";

import { useCallback, useEffect, useId, useRef, useState } from "react";

/**
 * A button that shows and hides a panel beside it (the filter and column popovers, a row's menu,
 * a rounded amount's exact value).
 * The button toggles it; Escape closes it and gives the focus back to the button; a click elsewhere
 * or tabbing out closes it. A dialog opened from inside the panel keeps it open: the panel is the
 * dialog's home, and hiding it would hide the dialog.
 */
export function useDisclosure<Root extends HTMLElement = HTMLDivElement>(initiallyOpen = false) {
  const [open, setOpen] = useState(initiallyOpen);
  const rootRef = useRef<Root>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const held = () => rootRef.current?.querySelector("dialog[open]") != null;
    function onPointerDown(event: PointerEvent) {
      if (rootRef.current && !rootRef.current.contains(event.target as Node) && !held()) setOpen(false);
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "Escape" && !held()) {
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

  const rootProps = {
    ref: rootRef,
    onBlur: (event: React.FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      if (next && rootRef.current && !rootRef.current.contains(next)) setOpen(false);
    },
  };
  const buttonProps = {
    ref: buttonRef,
    type: "button" as const,
    "aria-expanded": open,
    // Only while open: a row menu's panel exists only then.
    "aria-controls": open ? panelId : undefined,
    onClick: () => setOpen((o) => !o),
  };
  // For a panel whose item hands the focus on elsewhere (the "+ Filter" list, a row menu's items),
  // not back to the button. Stable, so an effect that closes the panel is not renewed each render.
  const close = useCallback(() => setOpen(false), []);
  return { open, close, panelId, rootProps, buttonProps, buttonRef };
}
