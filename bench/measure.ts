/**
 * One load run with autocannon and what the bench reads from it (bench/run.ts), and the figures
 * its rows are compared by: ratios to a reference, and ours against the ceiling in pairs.
 */
import autocannon, { type Request as AutocannonRequest, type Result } from "autocannon";

export interface Measure {
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  non2xx: number;
  errors: number;
  requests: number;
}

function summarize(result: Result): Measure {
  return {
    rps: Math.round((result.requests.total / result.duration) * 10) / 10,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    requests: result.requests.total,
  };
}

/** `url` at `connections` for `duration` seconds; `requests` (writes) rewrite each request's method, path and body. */
export async function load(url: string, connections: number, duration: number, headers: Record<string, string>, requests?: AutocannonRequest[]): Promise<Measure> {
  return summarize(await autocannon({ url, connections, duration, headers, timeout: 30, ...(requests && { requests }) }));
}

/** Any non-2xx or error, or no request answered at all (a server stuck on locks answers neither). */
export function failed(measure: Measure): boolean {
  return measure.non2xx + measure.errors > 0 || measure.requests === 0;
}

interface Pair {
  ours: Measure;
  ceiling: Measure;
}

/**
 * Ours and the ceiling, `count` times, in the order ours, ceiling, ceiling, ours, …: a machine's
 * speed can move by tens of percent within seconds (docs/performance.md, "Comparing builds"), and
 * side by side both pay the same drift. The median pair by ratio (the lower one of an even count)
 * stands for the row, unless a pair had a non-2xx, an error or no answer: then that pair does, so
 * the run fails.
 */
export async function measurePairs(count: number, run: { ours: () => Promise<Measure>; ceiling: () => Promise<Measure> }) {
  const pairs: Pair[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 2 === 0) {
      const ours = await run.ours();
      pairs.push({ ours, ceiling: await run.ceiling() });
    } else {
      const ceiling = await run.ceiling();
      pairs.push({ ours: await run.ours(), ceiling });
    }
  }
  const ratios = pairs.map((pair) => ratio(pair.ours.rps, pair.ceiling.rps));
  const byRatio = pairs.map((pair, i) => ({ pair, ratio: ratios[i] ?? -1 })).sort((a, b) => a.ratio - b.ratio);
  const failing = pairs.find((pair) => failed(pair.ours) || failed(pair.ceiling));
  return { median: failing ?? byRatio[Math.floor((count - 1) / 2)].pair, ratios };
}

export function ratio(ours: number, reference: number): number | null {
  return reference > 0 ? Math.round((ours / reference) * 1000) / 1000 : null;
}

export function percent(value: number | null): string {
  return value === null ? "n/a" : `${(value * 100).toFixed(0)}%`;
}

export function pad(value: string | number, width: number): string {
  return String(value).padStart(width);
}
