"use client";

import { useRef } from "react";
import { useAnchoredPosition } from "./use-anchored-position";
import { useDisclosure } from "./use-disclosure";

/**
 * Text that shows `tip` in a bubble on click, tap or Enter: what a `title` says on hover, for
 * phones and keyboards too. The bubble is written into a live region, so a screen reader reads it
 * out; Escape, a click elsewhere or a second tap closes it. `relative` keeps the text above a
 * phone card's stretched link, so a tap on it shows the tip instead of opening the row. 24 px
 * tall: the smallest target WCAG 2.5.8 allows (Lighthouse's target-size audit).
 */
export function Toggletip({ tip, children }: { tip: string; children: React.ReactNode }) {
  const { open, panelId, rootProps, buttonProps, buttonRef } = useDisclosure<HTMLSpanElement>();
  const bubbleRef = useRef<HTMLSpanElement>(null);
  const position = useAnchoredPosition(open, buttonRef, bubbleRef);
  return (
    <span {...rootProps} className="relative">
      <button
        {...buttonProps}
        className="inline-flex min-h-6 cursor-pointer items-center rounded-sm text-inherit underline decoration-slate-400 decoration-dotted underline-offset-2 focus-visible:outline-2 focus-visible:outline-indigo-500"
        data-testid="toggletip"
      >
        {children}
      </button>
      <span id={panelId} role="status">
        {open ? (
          <span
            ref={bubbleRef}
            style={position}
            className="fixed z-40 w-max max-w-[calc(100vw-8px)] rounded bg-slate-900 px-2 py-1 text-left text-xs font-normal tabular-nums text-white shadow-lg wrap-anywhere"
            data-testid="toggletip-bubble"
          >
            {tip}
          </span>
        ) : null}
      </span>
    </span>
  );
}
