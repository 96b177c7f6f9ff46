/**
 * Live streams under load (issue 32; docs/performance-live.md, "Live streams"). `npm run bench` opens
 * `--streams` connections to GET /api/v1/my/stream, all of the bench key's team (the widest
 * fan-out: every write of the team wakes each of them), before the reads, so every read row is
 * measured with them open. After the reads it writes indications of that team and times how long
 * each one's event takes to reach every stream; a stream that never gets one counts as missed.
 */
import { log, sleep } from "./processes";
import { descendantsRss, mb } from "./server-usage";
import { JSON_HEADERS, writeScenarios } from "./writes";

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

/**
 * `count` streams opened and kept open (the caller closes them), and the server RSS they add.
 * A first stream loads the route's code and warms it: the baseline is a server that has served one.
 */
export async function openStreams(origin: string, auth: Record<string, string>, count: number, server: number): Promise<{ streams: OpenStreams; result: StreamsResult }> {
  (await OpenStreams.open(origin, auth, 1)).close();
  await sleep(1_000);
  const before = descendantsRss(server);
  const streams = await OpenStreams.open(origin, auth, count);
  await sleep(2_000);
  const added = mb(descendantsRss(server) - before);
  log(`  ${count} live streams open through the reads: server RSS +${added} MB`);
  return { streams, result: { streams: count, rss_added_mb: added, fanout: { events: 0, p50_ms: 0, p99_ms: 0, max_ms: 0, missed: 0 } } };
}

/** The fan-out of `events` creates of the bench key's team, each marked in its details, to the open streams. */
export async function timeFanOut(streams: OpenStreams, origin: string, auth: Record<string, string>, events: number): Promise<StreamsResult["fanout"]> {
  const [create] = await writeScenarios(origin, auth);
  let n = 0;
  const fanout = await streams.fanOut(events, async (marker) => {
    const { path: target, body } = create.request(n++);
    const res = await fetch(origin + target, { method: "POST", headers: { ...auth, ...JSON_HEADERS }, body: JSON.stringify({ ...JSON.parse(body!), details: marker }) });
    if (res.status !== 201) throw new Error(`streams: a create answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  });
  const { p50_ms, p99_ms, max_ms, missed } = fanout;
  log(`  an event to ${streams.count} streams: p50 ${p50_ms} ms, p99 ${p99_ms} ms, max ${max_ms} ms, missed ${missed}`);
  return fanout;
}
