"use client";

import { useSyncExternalStore } from "react";
import { formatDateTime } from "@/lib/format";

const subscribe = () => () => {};

/**
 * A timestamp in the viewer's time zone, in the tables' one date format (lib/format.ts), with the
 * exact ISO value on hover (title) and in `dateTime`. The server (and the first client render) shows a UTC rendering, so hydration
 * matches; the browser then swaps in the local one.
 */
export function Timestamp({ iso, className }: { iso: string | null | undefined; className?: string }) {
  const isClient = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  if (!iso) return <span className={className}>—</span>;
  const text = formatDateTime(iso, isClient ? "local" : "utc");
  return (
    <time dateTime={iso} title={iso} className={className}>
      {text}
    </time>
  );
}
