"use client";

import { useCallback, useLayoutEffect, useState, type RefObject } from "react";

/**
 * Where a panel fixed to the viewport sits beside its button while `open`: below it (above when
 * there is no room below), right edges aligned (or left ones, `align`), kept inside the window, and
 * following the button as the page or a box around it scrolls. Fixed, so the table's scroll box
 * never clips it.
 */
export function useAnchoredPosition(
  open: boolean,
  buttonRef: RefObject<HTMLElement | null>,
  panelRef: RefObject<HTMLElement | null>,
  align: "left" | "right" = "right",
): React.CSSProperties {
  const [position, setPosition] = useState<React.CSSProperties>({});

  const place = useCallback(() => {
    const button = buttonRef.current?.getBoundingClientRect();
    const panel = panelRef.current?.getBoundingClientRect();
    if (!button || !panel) return;
    const left = Math.max(4, Math.min(align === "right" ? button.right - panel.width : button.left, window.innerWidth - 4 - panel.width));
    const below = button.bottom + 4 + panel.height <= window.innerHeight;
    setPosition(below ? { top: button.bottom + 4, left } : { bottom: window.innerHeight - button.top + 4, left });
  }, [buttonRef, panelRef, align]);

  useLayoutEffect(() => {
    if (!open) return;
    place();
    window.addEventListener("scroll", place, true);
    window.addEventListener("resize", place);
    return () => {
      window.removeEventListener("scroll", place, true);
      window.removeEventListener("resize", place);
    };
  }, [open, place]);

  return position;
}
