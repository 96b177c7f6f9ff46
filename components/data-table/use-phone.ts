"use client";

import { useSyncExternalStore } from "react";

/** The phone layout's breakpoint: below Tailwind's `sm` (640 px). */
const PHONE = "(max-width: 639.98px)";

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * True on a phone-sized viewport. False on the server and in the first client render (hydration
 * matches), so a phone shows the table for a moment before the cards: one of the two is ever in
 * the page, never both (tests and assistive technology see each row once).
 */
export function usePhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
}
