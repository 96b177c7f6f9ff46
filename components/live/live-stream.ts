"use client";

import { STREAM_EVENTS, type StreamEvent } from "@/lib/live/change";

/**
 * The tab's one connection to GET /api/v1/my/stream (docs/ui.md, "Live pages"), shared by every
 * live part of the page. Opened with the first subscriber, closed a while after the last leaves,
 * so a navigation between two live pages keeps it.
 */

export interface LiveEvent {
  type: StreamEvent;
  data: Record<string, unknown>;
}
type Handler = (event: LiveEvent) => void;

const STREAM_URL = "/api/v1/my/stream";
// Long enough to outlast a navigation's unmount and mount.
const LINGER_MS = 5_000;

// A part of a page that mounts after the page was drawn (hydrated after its Suspense boundary, a
// client navigation) asks for the events of the last few seconds, which may postdate the drawing.
const REPLAY_MS = 10_000;

const handlers = new Set<Handler>();
const recent: { at: number; event: LiveEvent }[] = [];
let source: EventSource | null = null;
let lingering: ReturnType<typeof setTimeout> | undefined;

function remember(event: LiveEvent): void {
  const now = Date.now();
  while (recent.length > 0 && recent[0].at < now - REPLAY_MS) recent.shift();
  recent.push({ at: now, event });
}

function open(): EventSource {
  const stream = new EventSource(STREAM_URL);
  for (const type of STREAM_EVENTS) {
    stream.addEventListener(type, (message) => {
      const event = { type, data: JSON.parse((message as MessageEvent<string>).data) as Record<string, unknown> };
      // Signed out (or the key revoked): reconnecting would only be refused.
      if (type === "end" && event.data.reason === "signed_out") close();
      remember(event);
      for (const handler of handlers) handler(event);
    });
  }
  return stream;
}

function close(): void {
  source?.close();
  source = null;
}

/**
 * Calls `handler` with every event of the stream until the returned function is called; with
 * `replay`, first with those of the last REPLAY_MS (docs/ui.md, "Live pages"), for a handler to
 * which an event already drawn does no harm (a redraw).
 */
export function subscribe(handler: Handler, { replay = false } = {}): () => void {
  clearTimeout(lingering);
  const since = Date.now() - REPLAY_MS;
  if (replay) for (const { at, event } of recent) if (at >= since) handler(event);
  handlers.add(handler);
  source ??= open();
  return () => {
    handlers.delete(handler);
    if (handlers.size === 0) lingering = setTimeout(close, LINGER_MS);
  };
}
