/**
 * What `npm run bench` (bench/run.ts) checks at the end: the targets of issues 4, 14, 15 and 32,
 * which it prints PASS or MISS, and the failures that make it exit 1 (of the targets, only the
 * exports' memory and hang-up count as failures: timings move with the machine).
 */
import { SCALES } from "../prisma/seed/large-scales";
import type { ExportResult } from "./exports";
import type { Row } from "./lists";
import { failed, percent } from "./measure";
import type { PageRow } from "./pages";
import type { StreamsResult } from "./streams";
import type { SlowReceiversResult } from "./webhooks-slow";
import type { WebhooksResult } from "./webhooks";
import { crashed } from "./processes";
import type { ListsResult, Target } from "./results";
import { MIXED_READERS, MIXED_WRITERS, type MixedRow, type WriteRow } from "./writes";

function checkTargets(rows: Row[], pages: PageRow[], peakRssMb: number) {
  const targets: Target[] = [];
  const at32 = rows.filter((r) => r.connections === 32 && r.ratio_ceiling !== null);
  if (at32.length) {
    const worst = at32.reduce((a, b) => (a.ratio_ceiling! <= b.ratio_ceiling! ? a : b));
    targets.push({ target: "every endpoint ≥ 50% of the ceiling at 32 connections", ok: worst.ratio_ceiling! >= 0.5, detail: `lowest ${percent(worst.ratio_ceiling)} (${worst.scenario})` });
  }
  const oneConn = rows.filter((r) => r.connections === 1);
  const firstPages = oneConn.filter((r) => r.kind === "first" || r.kind === "filtered");
  if (firstPages.length) {
    const p50 = Math.max(...firstPages.map((r) => r.ours.p50));
    const p99 = Math.max(...firstPages.map((r) => r.ours.p99));
    targets.push({ target: "first pages (any one filter) at 1 connection: p50 ≤ 10 ms, p99 ≤ 25 ms", ok: p50 <= 10 && p99 <= 25, detail: `worst p50 ${p50} ms, worst p99 ${p99} ms` });
  }
  const deep = oneConn.filter((r) => r.kind === "deep" && r.endpoint !== "companies");
  if (deep.length) {
    const p99 = Math.max(...deep.map((r) => r.ours.p99));
    targets.push({ target: "deep page p99 ≤ 50 ms at 1 connection", ok: p99 <= 50, detail: `worst p99 ${p99} ms` });
  }
  const errors = rows.reduce((n, r) => n + r.ours.non2xx + r.ours.errors, 0) + pages.reduce((n, p) => n + p.result.non2xx + p.result.errors, 0);
  targets.push({ target: "0 errors at any concurrency", ok: errors === 0, detail: `${errors} non-2xx/errors` });
  targets.push({ target: "server peak RSS ≤ 400 MB", ok: peakRssMb <= 400, detail: `${peakRssMb} MB` });
  const market = oneConn.filter((r) => r.kind === "market");
  if (market.length) {
    const p99 = Math.max(...market.map((r) => r.ours.p99));
    targets.push({ target: "order_book and company trades (busiest company) p99 ≤ 25 ms at 1 connection", ok: p99 <= 25, detail: `worst p99 ${p99} ms` });
  }
  const page = pages.find((p) => p.page === "/indications" && p.connections === 1);
  if (page) targets.push({ target: "/indications TTFB p50 ≤ 150 ms at 1 connection", ok: page.result.ttfb_p50 <= 150, detail: `${page.result.ttfb_p50} ms` });
  const companyPage = pages.find((p) => p.page.startsWith("/companies/") && p.connections === 1);
  if (companyPage) targets.push({ target: "company page TTFB p50 ≤ 150 ms at 1 connection", ok: companyPage.result.ttfb_p50 <= 150, detail: `${companyPage.result.ttfb_p50} ms` });
  return targets;
}

function checkWriteTargets(writes: WriteRow[], mixed: MixedRow[]) {
  const targets: Target[] = [];
  const oneConn = writes.filter((r) => r.connections === 1);
  if (oneConn.length) {
    const p50 = Math.max(...oneConn.map((r) => r.ours.p50));
    const p99 = Math.max(...oneConn.map((r) => r.ours.p99));
    targets.push({ target: "create, change and a deal's step at 1 connection: p50 ≤ 10 ms, p99 ≤ 30 ms", ok: p50 <= 10 && p99 <= 30, detail: `worst p50 ${p50} ms, worst p99 ${p99} ms` });
  }
  const eightConns = writes.filter((r) => r.connections === 8);
  if (eightConns.length) {
    const errors = eightConns.reduce((n, r) => n + r.ours.non2xx + r.ours.errors, 0);
    targets.push({ target: "create, change and a deal's step: 0 errors at 8 connections", ok: errors === 0, detail: `${errors} non-2xx/errors` });
  }
  if (mixed.length) {
    const worstRps = mixed.reduce((a, b) => ((a.ratio_rps ?? 0) <= (b.ratio_rps ?? 0) ? a : b));
    const worstP99 = mixed.reduce((a, b) => ((a.ratio_p99 ?? Infinity) >= (b.ratio_p99 ?? Infinity) ? a : b));
    const errors = mixed.reduce((n, r) => n + r.reads.non2xx + r.reads.errors + r.writes.non2xx + r.writes.errors, 0);
    targets.push({ target: `mixed: read throughput ≥ 70% of read-only (${MIXED_READERS} readers, ${MIXED_WRITERS} writers)`, ok: (worstRps.ratio_rps ?? 0) >= 0.7, detail: `lowest ${percent(worstRps.ratio_rps)} (${worstRps.scenario})` });
    targets.push({ target: "mixed: read p99 ≤ 2× read-only", ok: worstP99.ratio_p99 !== null && worstP99.ratio_p99 <= 2, detail: `highest ×${worstP99.ratio_p99} (${worstP99.scenario})` });
    targets.push({ target: "mixed: 0 errors", ok: errors === 0, detail: `${errors} non-2xx/errors` });
  }
  return targets;
}

/** Issue 32's targets for the streams held open through the reads (the reads' own rows are compared by hand: docs/performance.md). */
function checkStreamTargets(streams: StreamsResult | null) {
  if (!streams) return [];
  return [
    { target: `${streams.streams} open streams add ≤ 60 MB of server RSS`, ok: streams.rss_added_mb <= 60, detail: `+${streams.rss_added_mb} MB` },
    { target: `an event reaches ${streams.streams} streams within 1 s at p99, none missed`, ok: streams.fanout.p99_ms <= 1000 && streams.fanout.missed === 0, detail: `p99 ${streams.fanout.p99_ms} ms, missed ${streams.fanout.missed}` },
  ];
}

/** The target for webhook delivery (order is checked too: the worker promises it per endpoint). */
function checkWebhookTargets(webhooks: WebhooksResult | null, slow: SlowReceiversResult | null) {
  if (!webhooks) return [];
  return [
    ...(slow
      ? [
          {
            target: `a fast endpoint's delivery beside another team's ${slow.slow} slow and ${slow.silent} silent receivers ≤ 2 s at p99, none lost`,
            ok: slow.p99_ms <= 2_000 && slow.delivered === slow.events,
            detail: `p99 ${slow.p99_ms} ms, ${slow.events - slow.delivered} lost`,
          },
        ]
      : []),
    {
      target: `webhook delivery of ${webhooks.events} events to a local receiver ≥ 200/s, 0 lost, in order`,
      ok: webhooks.per_s >= 200 && webhooks.lost === 0 && webhooks.out_of_order === 0,
      detail: `${webhooks.per_s}/s, ${webhooks.lost} lost, ${webhooks.out_of_order} out of order, ${webhooks.duplicates} duplicates`,
    },
  ];
}

export function checkExportTargets(result: ExportResult | null, smoke: boolean) {
  if (!result) return [];
  const rows = SCALES.export.indications;
  return [
    // A smoke run streams a few thousand rows: it checks the exports work, not their rate.
    ...result.runs.flatMap((r) =>
      smoke ? [] : [{ target: `CSV export ${r.path}: ${rows} rows in one request at ≥ 50,000 rows/s`, ok: r.rows >= rows && r.rows_per_s >= 50_000, detail: `${r.rows} rows in ${(r.ms / 1000).toFixed(1)} s = ${r.rows_per_s} rows/s` }],
    ),
    { target: "CSV export: server RSS < 400 MB while streaming", ok: result.server_peak_rss_mb < 400, detail: `peak ${result.server_peak_rss_mb} MB` },
    // Reading on for nobody would keep the server as busy as streaming did; a fifth leaves room for timers and GC.
    ...(result.disconnect
      ? [
          {
            target: "CSV export: a client that hangs up stops the reading (server CPU after < 20 % of while streaming)",
            ok: result.disconnect.server_cpu_ms_per_s_after < 0.2 * result.disconnect.server_cpu_ms_per_s_streaming,
            detail: `${result.disconnect.server_cpu_ms_per_s_after} vs ${result.disconnect.server_cpu_ms_per_s_streaming} ms/s`,
          },
        ]
      : []),
  ];
}

/** The targets of the lists, writes, pages, streams and webhooks, in the order they are printed. */
export function listTargets(lists: ListsResult): Target[] {
  return [
    ...checkTargets(lists.rows, lists.pages, lists.peakRssMb),
    ...checkWriteTargets(lists.writeRows, lists.mixedRows),
    ...checkStreamTargets(lists.streams),
    ...checkWebhookTargets(lists.webhooks, lists.slowReceivers),
  ];
}

/** What fails the run, whatever the timings: a crash, any non-2xx or error, a missed event, an export that grows or reads on. */
export function failures({ rows, writeRows, mixedRows, pages, streams, webhooks }: ListsResult, exportResult: ExportResult | null): string[] {
  return [
    ...crashed,
    ...rows.filter((r) => failed(r.ours) || (r.floor !== null && failed(r.floor)) || failed(r.ceiling)).map((r) => `${r.scenario} c=${r.connections}: non-2xx, errors or no answer`),
    ...writeRows.filter((r) => failed(r.ours) || failed(r.ceiling)).map((r) => `${r.scenario} c=${r.connections}: non-2xx, errors or no answer`),
    // Under 32 readers a write waits behind them at each of its statements (~1 s a create on a
    // busy 2-core machine): a half-second smoke may see none answered, so writers fail only on errors.
    ...mixedRows.filter((r) => failed(r.read_only) || failed(r.reads) || r.writes.non2xx + r.writes.errors > 0).map((r) => `mixed ${r.scenario}: non-2xx, errors or no answer`),
    ...pages.filter((p) => p.result.non2xx || p.result.errors).map((p) => `page ${p.page} c=${p.connections}: non-2xx or errors`),
    ...(streams && streams.fanout.missed > 0 ? [`streams: ${streams.fanout.missed} events never reached their stream`] : []),
    ...(webhooks && webhooks.lost + webhooks.out_of_order + webhooks.bad_signatures > 0
      ? [`webhooks: ${webhooks.lost} events lost, ${webhooks.out_of_order} out of order, ${webhooks.bad_signatures} bad signatures`]
      : []),
    ...checkExportTargets(exportResult, true).filter((t) => !t.ok).map((t) => `${t.target}: ${t.detail}`),
  ];
}
