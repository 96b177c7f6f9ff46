"use client";

import { createContext, use, useSyncExternalStore } from "react";

/** The phone layout's breakpoint: below Tailwind's `sm` (640 px). */
const PHONE = "(max-width: 639.98px)";

/** The server's guess from the request's headers (phoneHint), so a phone's first paint is already cards. */
const PhoneHint = createContext(false);

export function PhoneHintProvider({ phone, children }: { phone: boolean; children: React.ReactNode }) {
  return <PhoneHint value={phone}>{children}</PhoneHint>;
}

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/**
 * True on a phone-sized viewport. The server and the hydrating client use the request's guess, so
 * both render the same layout; only when the guess was wrong (a phone without a mobile user agent,
 * a tablet with one) does the page switch after hydration. One of table and cards is ever in the
 * page, never both (tests and assistive technology see each row once).
 */
export function usePhone(): boolean {
  const hint = use(PhoneHint);
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE).matches,
    () => hint,
  );
}
