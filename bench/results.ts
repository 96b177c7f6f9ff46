/**
 * What a run of `npm run bench` (bench/run.ts) measured on the main data set, and the results file
 * it writes (bench/results/<date>-<db>.json, read by bench/compare.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { DatasetRows } from "./dataset";
import type { ExportResult } from "./exports";
import type { Row } from "./lists";
import type { Options } from "./options";
import type { PageRow } from "./pages";
import { log, ROOT } from "./processes";
import type { StreamsResult } from "./streams";
import type { SlowReceiversResult } from "./webhooks-slow";
import type { WebhooksResult } from "./webhooks";
import type { MixedRow, WriteRow } from "./writes";

/** A target of the issues, PASS or MISS in the log and recorded in the file. */
export interface Target {
  target: string;
  ok: boolean;
  detail: string;
}

/** The lists, writes and pages: everything but the exports. */
export interface ListsResult {
  rows: Row[];
  writeRows: WriteRow[];
  mixedRows: MixedRow[];
  pages: PageRow[];
  pagesNote: string | null;
  peakRssMb: number;
  rowsBefore: DatasetRows | null;
  rowsAfter: DatasetRows | null;
  streams: StreamsResult | null;
  webhooks: WebhooksResult | null;
  slowReceivers: SlowReceiversResult | null;
}

/** What the results file records of the lists when they did not run (--exports-only). */
export const NO_LISTS: ListsResult = {
  rows: [],
  writeRows: [],
  mixedRows: [],
  pages: [],
  pagesNote: null,
  peakRssMb: 0,
  rowsBefore: null,
  rowsAfter: null,
  streams: null,
  webhooks: null,
  slowReceivers: null,
};

/** The bench database is kept between runs and the API deletes nothing: how much this run grew it. */
export function indicationsCreated(lists: ListsResult): number {
  return (lists.rowsAfter?.indications ?? 0) - (lists.rowsBefore?.indications ?? 0);
}

/** To --out, else bench/results/<date>-<db>.json; a smoke run writes nothing unless given --out. */
export function writeResults(options: Options, database: string, lists: ListsResult, exportResult: ExportResult | null, targets: Target[]) {
  const result = {
    date: new Date().toISOString(),
    database,
    smoke: options.smoke,
    dataset: lists.rowsAfter,
    indications_created: indicationsCreated(lists),
    duration_s: options.duration,
    machine: { cpus: os.cpus().length, node: process.version },
    server_peak_rss_mb: lists.peakRssMb,
    rows: lists.rows,
    writes: lists.writeRows,
    mixed: lists.mixedRows,
    pages: lists.pages,
    pages_note: lists.pagesNote,
    exports: exportResult,
    streams: lists.streams,
    webhooks: lists.webhooks,
    webhooks_slow_receivers: lists.slowReceivers,
    targets,
  };
  const out = options.out ?? (options.smoke ? null : path.join(ROOT, "bench", "results", `${new Date().toISOString().slice(0, 10)}-${database}.json`));
  if (out) {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    log(`results written to ${path.relative(ROOT, out)}`);
  }
}
