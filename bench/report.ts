/** The tables `npm run bench` (bench/run.ts) prints at the end: Markdown, on stdout (its progress goes to stderr). */
import type { ExportResult } from "./exports";
import type { Row } from "./lists";
import { percent } from "./measure";
import type { PageRow } from "./pages";
import type { ListsResult } from "./results";
import { mb } from "./server-usage";
import { webhooksTable } from "./webhooks";
import { slowReceiversTable } from "./webhooks-slow";
import { MIXED_READERS, MIXED_WRITERS, type MixedRow, type WriteRow } from "./writes";

/** The tables of the lists, writes, pages and webhooks, in that order. */
export function printListTables(lists: ListsResult) {
  printTable(lists.rows, lists.pages, lists.peakRssMb);
  printWriteTables(lists.writeRows, lists.mixedRows);
  if (lists.webhooks) console.log(webhooksTable(lists.webhooks));
  if (lists.slowReceivers) console.log(slowReceiversTable(lists.slowReceivers));
}

function printTable(rows: Row[], pages: PageRow[], peakRssMb: number) {
  const lines = [
    "| scenario | conns | ours req/s | ceiling req/s | floor req/s | ours/ceiling | ours/floor | p50 ms | p90 ms | p99 ms | non-2xx | bytes |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${r.connections} | ${r.ours.rps} | ${r.ceiling.rps} | ${r.floor?.rps ?? "n/a"} | ${percent(r.ratio_ceiling)} | ${percent(r.ratio_floor)} | ${r.ours.p50} | ${r.ours.p90} | ${r.ours.p99} | ${r.ours.non2xx + r.ours.errors} | ${r.body_bytes} |`,
    ),
  ];
  if (pages.length) {
    lines.push("", "| page | conns | req/s | TTFB p50 | TTFB p90 | TTFB p99 | full p50 | full p90 | full p99 | non-2xx |", "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const p of pages) {
      const r = p.result;
      lines.push(`| ${p.page} | ${p.connections} | ${r.rps} | ${r.ttfb_p50} | ${r.ttfb_p90} | ${r.ttfb_p99} | ${r.full_p50} | ${r.full_p90} | ${r.full_p99} | ${r.non2xx + r.errors} |`);
    }
  }
  lines.push("", `server peak RSS: ${peakRssMb} MB`);
  console.log(lines.join("\n"));
}

function printWriteTables(writes: WriteRow[], mixed: MixedRow[]) {
  const lines: string[] = [];
  if (writes.length) {
    lines.push(
      "",
      "| write | conns | ours req/s | ceiling req/s | ours/ceiling | p50 ms | p90 ms | p99 ms | non-2xx | bytes |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...writes.map(
        (r) =>
          `| ${r.scenario} \`${r.route}\` | ${r.connections} | ${r.ours.rps} | ${r.ceiling.rps} | ${percent(r.ratio_ceiling)} | ${r.ours.p50} | ${r.ours.p90} | ${r.ours.p99} | ${r.ours.non2xx + r.ours.errors} | ${r.body_bytes} |`,
      ),
    );
  }
  if (mixed.length) {
    lines.push(
      "",
      `| mixed: ${MIXED_READERS} readers + ${MIXED_WRITERS} writers | read-only req/s | reads req/s | reads/read-only | read-only p99 | reads p99 | p99 ratio | writes req/s | writes p50 | writes p99 | non-2xx | CPU µs a read | CPU µs a write | a write in reads | expected ratio |`,
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...mixed.map(
        (r) =>
          `| ${r.scenario} | ${r.read_only.rps} | ${r.reads.rps} | ${percent(r.ratio_rps)} | ${r.read_only.p99} | ${r.reads.p99} | ×${r.ratio_p99} | ${r.writes.rps} | ${r.writes.p50} | ${r.writes.p99} | ${r.read_only.non2xx + r.read_only.errors + r.reads.non2xx + r.reads.errors + r.writes.non2xx + r.writes.errors} | ${r.cost?.read_cpu_us ?? "n/a"} | ${r.cost?.write_cpu_us ?? "n/a"} | ${r.cost?.write_in_reads ?? "n/a"} | ${r.cost ? percent(r.cost.expected_ratio) : "n/a"} |`,
      ),
    );
  }
  if (lines.length) console.log(lines.join("\n"));
}

export function printExportTable(result: ExportResult | null) {
  if (!result) return;
  const lines = [
    "",
    `| export (${result.database}) | rows | MB | seconds | rows/s | server CPU s | rows per server CPU s | first byte ms | server peak RSS MB |`,
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...result.runs.map(
      (r) =>
        `| ${r.path} | ${r.rows} | ${mb(r.bytes)} | ${(r.ms / 1000).toFixed(1)} | ${r.rows_per_s} | ${r.server_cpu_s.toFixed(1)} | ${r.server_cpu_s > 0 ? Math.round(r.rows / r.server_cpu_s) : "n/a"} | ${r.ttfb_ms} | ${r.server_peak_rss_mb} |`,
    ),
  ];
  if (result.disconnect) {
    const d = result.disconnect;
    lines.push("", `export abandoned after ${d.rows_read} rows: server CPU ${d.server_cpu_ms_per_s_streaming} ms/s while streaming, ${d.server_cpu_ms_per_s_after} ms/s from 1 to 3 s after`);
  }
  console.log(lines.join("\n"));
}
