"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { subscribe, type LiveEvent } from "./live-stream";

/** What makes a page out of date: its company's market, one of the team's rows, the verification queue. */
export interface LiveWatch {
  /** A company id: its order book, tape or summary changed as this user may see it. */
  market?: string;
  /** An indication or trade id: it changed (another team's trade, for the marketplace team: through the queue). */
  resource?: string;
  /** Any team's trade was recorded, changed, verified or unverified (the marketplace team). */
  queue?: boolean;
}

// Changes often come in bursts (a bulk close): one redraw for a burst.
const SETTLE_MS = 300;

function watches(watch: LiveWatch, event: LiveEvent): boolean {
  if (event.type === "market") return event.data.company_id === watch.market;
  if (event.type === "queue") return watch.queue === true || event.data.trade_id === watch.resource;
  const resource = event.data.resource as { id?: string } | undefined;
  return watch.resource !== undefined && resource?.id === watch.resource;
}

/**
 * Redraws the page's server components in place (router.refresh keeps scroll, focus and form
 * input) when the stream says what the page shows changed. No page polls.
 */
export function LiveRefresh(watch: LiveWatch) {
  const router = useRouter();
  const { market, resource, queue } = watch;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribe((event) => {
      if (!watches({ market, resource, queue }, event)) return;
      clearTimeout(timer);
      timer = setTimeout(() => router.refresh(), SETTLE_MS);
      // An event between the page's drawing and this part's hydration would be lost without it.
    }, { replay: true });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [router, market, resource, queue]);
  return null;
}
