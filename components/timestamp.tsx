"use client";

import { useSyncExternalStore } from "react";
import { formatUtcTimestamp } from "@/lib/format";

const subscribe = () => () => {};

/**
 * A timestamp in the viewer's locale and time zone, with the exact ISO value on hover (title) and
 * in `dateTime`. The server (and the first client render) shows a UTC rendering, so hydration
 * matches; the browser then swaps in the local one.
 */
export function Timestamp({ iso, className }: { iso: string | null | undefined; className?: string }) {
  const isClient = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  if (!iso) return <span className={className}>—</span>;
  const date = new Date(iso);
  const text =
    isClient && !Number.isNaN(date.getTime())
      ? date.toLocaleString(undefined, { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" })
      : formatUtcTimestamp(iso);
  return (
    <time dateTime={iso} title={iso} className={className}>
      {text}
    </time>
  );
}
