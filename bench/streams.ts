/**
 * Live streams under load (issue 32; docs/performance.md, "Live streams"). `npm run bench` opens
 * `--streams` connections to GET /api/v1/my/stream, all of the bench key's team (the widest
 * fan-out: every write of the team wakes each of them), before the reads, so every read row is
 * measured with them open. After the reads it writes indications of that team and times how long
 * each one's event takes to reach every stream; a stream that never gets one counts as missed.
 */

export interface StreamsResult {
  streams: number;
  /** Server RSS with the streams open, less before they opened. */
  rss_added_mb: number;
  fanout: { events: number; p50_ms: number; p99_ms: number; max_ms: number; missed: number };
}

interface Waiter {
  marker: string;
  sent: number;
  arrivals: number[];
}

/** The p-th percentile of sorted values (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export class OpenStreams {
  private readonly abort = new AbortController();
  private readonly waiters = new Set<Waiter>();

  private constructor(readonly count: number) {}

  /** Opens `count` streams and resolves once each has answered its headers. */
  static async open(origin: string, auth: Record<string, string>, count: number): Promise<OpenStreams> {
    const streams = new OpenStreams(count);
    await Promise.all(Array.from({ length: count }, () => streams.read(origin, auth)));
    return streams;
  }

  private async read(origin: string, auth: Record<string, string>): Promise<void> {
    const response = await fetch(`${origin}/api/v1/my/stream`, { headers: auth, signal: this.abort.signal });
    if (response.status !== 200 || !response.body) throw new Error(`GET /my/stream answered ${response.status}: ${await response.text()}`);
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    // Read in the background; a marker may straddle two chunks, so the last chunk's tail is kept.
    void (async () => {
      let tail = "";
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
        if (chunk.done || !chunk.value) return;
        const text = tail + decoder.decode(chunk.value, { stream: true });
        const now = performance.now();
        for (const waiter of this.waiters) if (text.includes(waiter.marker)) waiter.arrivals.push(now - waiter.sent);
        tail = text.slice(-64);
      }
    })();
  }

  /**
   * Writes `events` indications one after another through `create` (given a marker to put in the
   * body) and gives each up to 5 s to reach every stream.
   */
  async fanOut(events: number, create: (marker: string) => Promise<void>): Promise<StreamsResult["fanout"]> {
    const latencies: number[] = [];
    let missed = 0;
    for (let i = 0; i < events; i++) {
      const waiter: Waiter = { marker: `bench-stream-${Date.now()}-${i}`, sent: performance.now(), arrivals: [] };
      this.waiters.add(waiter);
      await create(waiter.marker);
      const deadline = performance.now() + 5_000;
      while (waiter.arrivals.length < this.count && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
      this.waiters.delete(waiter);
      latencies.push(...waiter.arrivals);
      missed += this.count - waiter.arrivals.length;
    }
    latencies.sort((a, b) => a - b);
    const round = (ms: number) => Math.round(ms * 10) / 10;
    return { events, p50_ms: round(percentile(latencies, 50)), p99_ms: round(percentile(latencies, 99)), max_ms: round(latencies.at(-1) ?? 0), missed };
  }

  close(): void {
    this.abort.abort();
  }
}
