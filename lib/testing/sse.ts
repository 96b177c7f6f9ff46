import { NextRequest } from "next/server";
import { ORIGIN, type RouteHandler } from "./http";

/** One Server-Sent Event as a browser's EventSource parses it (comments, the heartbeats, left out). */
export interface SseEvent {
  id?: string;
  event: string;
  data: unknown;
}

export interface SseConnection {
  status: number;
  headers: Headers;
  /** The next event, or null when the stream ended or none came within `timeoutMs`. */
  next(timeoutMs?: number): Promise<SseEvent | null>;
  /** Every event that comes within `ms`. */
  collect(ms: number): Promise<SseEvent[]>;
  /** Drops the connection, as a client going away does. */
  close(): void;
  /** The whole body of an answer that is not a stream (an error). */
  text(): Promise<string>;
}

function parse(block: string): SseEvent | null {
  const event: SseEvent = { event: "message", data: undefined };
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const [field, value] = colon < 0 ? [line, ""] : [line.slice(0, colon), line.slice(colon + 1).replace(/^ /, "")];
    if (field === "id") event.id = value;
    else if (field === "event") event.event = value;
    else if (field === "data") data.push(value);
  }
  if (data.length === 0) return null;
  event.data = JSON.parse(data.join("\n"));
  return event;
}

/** Calls a real streaming route handler in-process and reads its events as they come. */
export async function openSse(handler: unknown, path: string, options: { key?: string; headers?: Record<string, string> } = {}): Promise<SseConnection> {
  const headers = new Headers(options.headers);
  if (options.key) headers.set("authorization", `Bearer ${options.key}`);
  const abort = new AbortController();
  const request = new NextRequest(`${ORIGIN}${path}`, { headers, signal: abort.signal });
  const response = await (handler as RouteHandler)(request, { params: Promise.resolve({}) });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  let done = false;

  async function next(timeoutMs = 3_000): Promise<SseEvent | null> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const end = buffer.indexOf("\n\n");
      if (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = parse(block);
        if (event) return event;
        continue;
      }
      if (done) return null;
      pending ??= reader.read();
      const left = deadline - Date.now();
      if (left <= 0) return null;
      const result = await Promise.race([pending, new Promise<null>((resolve) => setTimeout(() => resolve(null), left))]);
      if (result === null) return null;
      pending = null;
      if (result.done) done = true;
      else buffer += decoder.decode(result.value, { stream: true });
    }
  }

  return {
    status: response.status,
    headers: response.headers,
    next,
    async collect(ms) {
      const events: SseEvent[] = [];
      const until = Date.now() + ms;
      for (let event = await next(ms); event; event = await next(Math.max(1, until - Date.now()))) events.push(event);
      return events;
    },
    close() {
      abort.abort();
      reader.cancel().catch(() => {});
    },
    async text() {
      let text = buffer;
      for (let result = await (pending ?? reader.read()); !result.done; result = await reader.read()) text += decoder.decode(result.value, { stream: true });
      return text;
    },
  };
}
