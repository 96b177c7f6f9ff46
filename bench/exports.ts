/**
 * The CSV exports of issue 15 in `npm run bench` (bench/run.ts): one caller's whole list, 1,000,000
 * rows, in one request, on a data set and a server of their own; and an export abandoned after its
 * first rows, to see whether the server stops reading.
 */
import path from "node:path";
import { databaseKind, sqliteFilePath } from "../lib/db/url";
import { defaultScaleUrl, SCALES } from "../prisma/seed/large-scales";
import { datasetRows, ensureDataset, mintApiKey, redact, type DatasetRows } from "./dataset";
import { pad } from "./measure";
import { log, ROOT, sleep, startServer, stopProcess, throwIfCrashed, waitForHttp } from "./processes";
import { descendantsCpuMs, mb, RssSampler } from "./server-usage";

const EXPORT_PATHS = ["/api/v1/my/indications.csv", "/api/v1/my/trades.csv"];

/** The export data set beside the bench's database: its own SQLite file, or `<name>_export` on the same PostgreSQL server. */
function exportDatabaseUrl(url: string, smoke: boolean): string {
  if (databaseKind(url) === "postgres") {
    const target = new URL(url);
    target.pathname = `${target.pathname}_export${smoke ? "_smoke" : ""}`;
    return target.toString();
  }
  return smoke ? `file:${path.join(ROOT, "prisma", "data", "bench-export-smoke.db")}` : defaultScaleUrl("export");
}

export interface ExportRun {
  path: string;
  rows: number;
  bytes: number;
  ms: number;
  ttfb_ms: number;
  rows_per_s: number;
  /** How the body came over the wire (fetch asks for gzip; `bytes` are the CSV's, decoded). */
  content_encoding: string;
  server_peak_rss_mb: number;
  /** The server's CPU time during the export: rows ÷ this is the rate one free core would give (the machine is shared). */
  server_cpu_s: number;
}

/**
 * One export read to its end (or, with `stopAfterRows`, abandoned there), counting records (CRLF
 * outside quotes) as the bytes arrive.
 */
async function streamExport(origin: string, target: string, auth: Record<string, string>, stopAfterRows = Infinity) {
  const started = performance.now();
  const abort = new AbortController();
  const res = await fetch(origin + target, { headers: auth, signal: abort.signal });
  const ttfb = performance.now() - started;
  if (res.status !== 200 || !res.body) throw new Error(`${target} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  let records = 0;
  let bytes = 0;
  let quoted = false;
  let previous = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value: chunk } = await reader.read();
    if (done) break;
    bytes += chunk.length;
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i];
      if (byte === 0x22) quoted = !quoted;
      else if (byte === 0x0a && previous === 0x0d && !quoted) records++;
      previous = byte;
    }
    if (records > stopAfterRows) {
      abort.abort();
      break;
    }
  }
  const ms = performance.now() - started;
  // The header is a record too.
  const encoding = res.headers.get("content-encoding") ?? "identity";
  return { path: target, rows: records - 1, bytes, ms: Math.round(ms), ttfb_ms: Math.round(ttfb), rows_per_s: Math.round((records - 1) / (ms / 1000)), content_encoding: encoding };
}

export interface ExportResult {
  database: string;
  dataset: DatasetRows | null;
  runs: ExportRun[];
  server_peak_rss_mb: number;
  /** An export abandoned after its first rows: the server's CPU (ms per s) while it streamed, and from 1 to 3 s after (a server still reading would use as much). */
  disconnect: { rows_read: number; server_cpu_ms_per_s_streaming: number; server_cpu_ms_per_s_after: number } | null;
}

/**
 * The export part of the bench: the export data set (seeded if missing), a server of its own on
 * it (the same build, `npm run serve`), a fresh API key of Alpha's.
 */
export async function measureExports(url: string, appDir: string, port: number, env: Record<string, string>, smoke: boolean): Promise<ExportResult> {
  const exportUrl = exportDatabaseUrl(url, smoke);
  await ensureDataset(exportUrl, smoke ? SCALES["export-smoke"] : SCALES.export, smoke);
  const dataset = await datasetRows(exportUrl);
  const auth = { authorization: `Bearer ${await mintApiKey(exportUrl)}` };
  const { server, origin } = startServer(appDir, port, env, exportUrl, "npm run serve (exports)");
  const rss = new RssSampler(server.pid!);
  try {
    await waitForHttp(`${origin}/api/health/ready`);
    log(`export server up: ${origin} on ${databaseKind(exportUrl) === "sqlite" ? sqliteFilePath(exportUrl) : redact(exportUrl)}`);
    const disconnect = smoke ? null : await measureDisconnect(origin, auth, server.pid!);
    const runs: ExportRun[] = [];
    for (const target of EXPORT_PATHS) {
      runs.push(await measureExport(origin, target, auth, server.pid!, rss));
      throwIfCrashed();
    }
    return { database: databaseKind(exportUrl), dataset, runs, server_peak_rss_mb: mb(rss.peak), disconnect };
  } finally {
    rss.stop();
    stopProcess(server);
  }
}

/**
 * Also the warm-up: the first 100,000 rows, then the client hangs up. The server's CPU per
 * second while it streamed, against its CPU per second from 1 to 3 s after (the chunk under way finishes first).
 */
async function measureDisconnect(origin: string, auth: Record<string, string>, server: number): Promise<ExportResult["disconnect"]> {
  const cpuBefore = descendantsCpuMs(server);
  const partial = await streamExport(origin, EXPORT_PATHS[0], auth, 100_000);
  const streaming = ((descendantsCpuMs(server) - cpuBefore) / partial.ms) * 1000;
  // The chunk under way when the client left still finishes (up to 5,000 rows): measure after it.
  await sleep(1000);
  const before = descendantsCpuMs(server);
  await sleep(2000);
  const disconnect = { rows_read: partial.rows, server_cpu_ms_per_s_streaming: Math.round(streaming), server_cpu_ms_per_s_after: Math.round((descendantsCpuMs(server) - before) / 2) };
  log(`  export abandoned after ${partial.rows} rows: server CPU ${disconnect.server_cpu_ms_per_s_streaming} ms/s while streaming, ${disconnect.server_cpu_ms_per_s_after} ms/s from 1 to 3 s after`);
  return disconnect;
}

/** One export streamed whole, with the server's CPU time and peak RSS while it streamed. */
async function measureExport(origin: string, target: string, auth: Record<string, string>, server: number, rss: RssSampler): Promise<ExportRun> {
  rss.resetWindow();
  const cpu = descendantsCpuMs(server);
  const run = await streamExport(origin, target, auth);
  const serverCpuS = (descendantsCpuMs(server) - cpu) / 1000;
  rss.sample();
  log(`  export ${target.padEnd(28)} ${pad(run.rows, 9)} rows ${pad(mb(run.bytes), 5)} MB in ${pad(run.ms, 6)} ms = ${pad(run.rows_per_s, 7)} rows/s (first byte ${run.ttfb_ms} ms, ${run.content_encoding}), server CPU ${serverCpuS.toFixed(1)} s, peak RSS ${mb(rss.windowPeak)} MB`);
  return { ...run, server_peak_rss_mb: mb(rss.windowPeak), server_cpu_s: serverCpuS };
}
