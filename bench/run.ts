/**
 * `npm run bench`: the performance benchmark of issue 4 (docs/performance.md, "npm run bench").
 *
 *   npm run bench                                   # SQLite, prisma/data/large.db (seeded if absent)
 *   DATABASE_URL=postgresql://…/desk_large npm run bench
 *   npm run bench -- --smoke                        # CI: tiny dataset, ~1 s per run, fails on any non-2xx
 *
 * Options: --duration <s> (default 8; smoke 1), --connections 1,32 (the reads), --no-build (reuse the
 * last build), --reuse-build (serve the checkout's own production build, .next, instead of building;
 * bench/reuse-build.ts), --no-floor (ours and the ceiling only), --pairs <n> (each read row measured
 * as n pairs of ours and the ceiling, alternating, and read at its median pair; default 1), --no-pages,
 * --no-writes, --no-exports, --exports-only, --only <regexp on scenario names: "indications first page",
 * "create POST /my/indications", "mixed trades first page"…>, --port <n> (default 3900; the floor
 * uses n+1), --out <file> (default bench/results/<date>-<db>.json; smoke writes nothing unless given),
 * --streams <n> (live streams held open through the reads, then timed; default 500, smoke 20, 0: none;
 * bench/streams.ts), --webhooks <n> (audit events delivered to a local receiver after the reads, timed;
 * default 10000, smoke 500, 0: none; bench/webhooks.ts; then, unless 0, a fast endpoint's deliveries
 * timed beside another team's slow and silent receivers, bench/webhooks-slow.ts).
 *
 * It seeds the large dataset if needed, builds the app (`next build`, in a staging copy under the
 * OS temp dir so that it never touches the project's .next) and serves it with `npm run serve`
 * (as `npm start` does) on its own port, starts the floor server (bench/floor.ts), mints an API
 * key for broker@alpha.example, then for every scenario drives ours, the ceiling (app/api/bench/ceiling,
 * a precomputed body of the same size) and the floor with autocannon at each connection count.
 * Then the writes: POST /my/indications and PATCH /my/indications/{id} against the write ceiling
 * (a POST or PATCH of the same body to the ceiling, which parses it and answers a body of our
 * size) at 1 and 8 connections, and the mixed run: the main lists at 32 connections alone, then
 * again while 4 connections create and change indications. The writes add rows to the data set,
 * which is kept between runs (their client_id is "npm-run-bench"). Last, it measures the
 * signed-in /indications and /trades pages and the busiest company's page (issue 14). Last, the CSV
 * exports of issue 15 on a data set of their own where one team owns 1,000,000 indications and
 * 1,000,000 trades (prisma/seed/large.ts, scale "export": prisma/data/export.db, or the database
 * `<name>_export` beside a PostgreSQL DATABASE_URL; seeded once, kept): a server of their own on
 * port n+2 streams GET /my/indications.csv and /my/trades.csv whole, one request each, counted row
 * by row, with rows/s and the server's peak RSS; an export abandoned after its first rows shows
 * whether the server stops reading (its CPU after the client hangs up against its CPU while streaming).
 * `--exports-only` runs just that part (no large data set, no list scenarios).
 * Prints the tables, checks the targets of issues 4, 14 and 15, writes the JSON.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { databaseKind, sqliteFilePath } from "../lib/db/url";
import { DEFAULT_LARGE_URL, SCALES } from "../prisma/seed/large";
import { prepareApp } from "./build";
import { busiestCompany, datasetRows, DEMO_EMAIL, ensureDataset, mintApiKey, redact } from "./dataset";
import { measureReads, scenarios, type Row } from "./lists";
import { failed, percent } from "./measure";
import { measureExports, type ExportResult } from "./exports";
import { parseOptions, type Options } from "./options";
import { measurePages, type PageRow } from "./pages";
import { crashed, log, ROOT, startProcess, startServer, stopProcess, throwIfCrashed, waitForHttp } from "./processes";
import { mb, RssSampler } from "./server-usage";
import { openStreams, timeFanOut, type OpenStreams, type StreamsResult } from "./streams";
import { measureWebhooks, webhooksTable, type WebhooksResult } from "./webhooks";
import { measureSlowReceivers, slowReceiversTable, type SlowReceiversResult } from "./webhooks-slow";
import { BENCH_CLIENT_ID, measureWrites, MIXED_READERS, MIXED_WRITERS, type MixedRow, type WriteRow } from "./writes";

const SMOKE_URL = `file:${path.join(ROOT, "prisma", "data", "bench-smoke.db")}`;

// ---------------------------------------------------------------------------------------------
// CSV exports (issue 15): one caller's whole list, 1,000,000 rows, in one request

function printExportTable(result: ExportResult | null) {
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

function checkExportTargets(result: ExportResult | null, smoke: boolean) {
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

// ---------------------------------------------------------------------------------------------
// Main

/** The lists, writes and pages: everything but the exports, on the main data set. */
async function runLists(options: Options, url: string, appDir: string, env: Record<string, string>) {
  await ensureDataset(url, options.smoke ? SCALES.smoke : SCALES.large, options.smoke);
  const rowsBefore = await datasetRows(url);
  const secret = await mintApiKey(url);
  const auth = { authorization: `Bearer ${secret}` };
  const floorOrigin = `http://127.0.0.1:${options.port + 1}`;
  // The floor gets the same secret: its answers' next_cursor is sealed under it (lib/http/cursor.ts).
  const { server, origin } = startServer(appDir, options.port, env, url, "npm run serve");
  const floor = options.floor ? startProcess(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(ROOT, "bench", "floor.ts")], { DATABASE_URL: url, PORT: String(options.port + 1), NEXTAUTH_SECRET: env.NEXTAUTH_SECRET }, "floor") : null;
  const stop = () => {
    stopProcess(server);
    if (floor) stopProcess(floor);
  };
  process.on("SIGINT", () => {
    stop();
    process.exit(130);
  });

  const rows: Row[] = [];
  const writeRows: WriteRow[] = [];
  const mixedRows: MixedRow[] = [];
  const pages: PageRow[] = [];
  let pagesNote: string | null = null;
  let streams: OpenStreams | null = null;
  let streamsResult: StreamsResult | null = null;
  let webhooks: WebhooksResult | null = null;
  let slowReceivers: SlowReceiversResult | null = null;
  const rss = new RssSampler(server.pid!);
  try {
    await waitForHttp(`${origin}/api/bench/ceiling?bytes=10`);
    if (floor) await waitForHttp(`${floorOrigin}/api/v1/companies`, auth);
    log(`servers up: app ${origin}${floor ? `, floor ${floorOrigin}` : ""}`);
    if (options.streams > 0) ({ streams, result: streamsResult } = await openStreams(origin, auth, options.streams, server.pid!));

    const selected = (name: string) => !options.only || options.only.test(name);
    const busiest = await busiestCompany(url);
    const list = await scenarios(origin, auth, options.smoke, busiest);
    const warmup = options.smoke ? 0.5 : 2;
    rows.push(...(await measureReads({ origin, floorOrigin: floor ? floorOrigin : null, auth }, list.filter((s) => selected(s.name)), options, warmup, rss)));

    // After the reads, so that the rows they create never change what the read scenarios measure.
    if (streams && streamsResult) {
      streamsResult.fanout = await timeFanOut(streams, origin, auth, options.smoke ? 5 : 20);
      streams.close();
      streams = null;
    }
    // After the reads too (the deliveries take the server's CPU), and before the writes, whose events it would also deliver.
    if (options.webhooks > 0) {
      webhooks = await measureWebhooks(origin, auth, url, DEMO_EMAIL, options.webhooks);
      const w = webhooks;
      log(`  webhooks: ${w.delivered} of ${w.events} events delivered in ${w.seconds} s = ${w.per_s}/s (first after ${w.first_ms} ms), lost ${w.lost}, duplicates ${w.duplicates}, out of order ${w.out_of_order}, bad signatures ${w.bad_signatures}`);
      slowReceivers = await measureSlowReceivers(origin, auth, url, DEMO_EMAIL);
      const s = slowReceivers;
      log(`  webhooks beside ${s.slow} slow and ${s.silent} silent receivers: ${s.delivered} of ${s.events} delivered, p50 ${s.p50_ms} ms, p99 ${s.p99_ms} ms, max ${s.max_ms} ms`);
      throwIfCrashed();
    }
    if (options.writes) {
      const writes = await measureWrites(origin, auth, list, selected, options, warmup);
      writeRows.push(...writes.writeRows);
      mixedRows.push(...writes.mixedRows);
    }

    if (options.pages) {
      const measured = await measurePages(origin, auth, busiest, options);
      pages.push(...measured.pages);
      pagesNote = measured.pagesNote;
    }
  } finally {
    streams?.close();
    rss.sample();
    rss.stop();
    stop();
  }

  const rowsAfter = await datasetRows(url);
  return { rows, writeRows, mixedRows, pages, pagesNote, peakRssMb: mb(rss.peak), rowsBefore, rowsAfter, streams: streamsResult, webhooks, slowReceivers };
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const url = process.env.DATABASE_URL?.trim() || (options.smoke ? SMOKE_URL : DEFAULT_LARGE_URL);
  const kind = databaseKind(url);
  log(`bench: ${options.smoke ? "smoke" : "full"} run on ${kind} (${kind === "sqlite" ? sqliteFilePath(url) : redact(url)})`);

  const appDir = await prepareApp(options);
  const serverEnv = {
    BENCH_CEILING: "1",
    NODE_ENV: "production",
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? randomBytes(32).toString("base64url"),
    NEXT_TELEMETRY_DISABLED: "1",
    // The benchmark measures the service's throughput, not the per-key limit (lib/http/rate-limit.ts).
    API_RATE_LIMIT: "0",
    // Its streams are all the bench key's (lib/live/stream.ts caps a user's streams).
    STREAM_MAX_PER_USER: String(Math.max(10, options.streams)),
    // The webhook receiver listens on loopback, which deliveries may reach only when allowed.
    WEBHOOK_ALLOWED_HOSTS: "127.0.0.1:*",
  };

  const lists = options.exportsOnly ? null : await runLists(options, url, appDir, serverEnv);
  const { rows, writeRows, mixedRows, pages, pagesNote, peakRssMb, rowsBefore, rowsAfter, streams, webhooks, slowReceivers } = lists ?? {
    rows: [], writeRows: [], mixedRows: [], pages: [], pagesNote: null, peakRssMb: 0, rowsBefore: null, rowsAfter: null, streams: null, webhooks: null, slowReceivers: null,
  };
  // Last, with a server and a data set of their own (see the header).
  const exportResult = options.exports && (options.exportsOnly || !options.only || options.only.test("export")) ? await measureExports(url, appDir, options.port + 2, serverEnv, options.smoke) : null;

  // ---- report
  if (lists) {
    printTable(rows, pages, peakRssMb);
    printWriteTables(writeRows, mixedRows);
    if (webhooks) console.log(webhooksTable(webhooks));
    if (slowReceivers) console.log(slowReceiversTable(slowReceivers));
  }
  printExportTable(exportResult);
  const targets = [
    ...(lists ? [...checkTargets(rows, pages, peakRssMb), ...checkWriteTargets(writeRows, mixedRows), ...checkStreamTargets(streams), ...checkWebhookTargets(webhooks, slowReceivers)] : []),
    ...checkExportTargets(exportResult, options.smoke),
  ];
  for (const t of targets) log(`  ${t.ok ? "PASS" : "MISS"}  ${t.target}: ${t.detail}`);

  // The bench database is kept between runs and the API deletes nothing: say how much it grew.
  if (writeRows.length || mixedRows.length) log(`indications created by this run: ${(rowsAfter?.indications ?? 0) - (rowsBefore?.indications ?? 0)} (client_id "${BENCH_CLIENT_ID}")`);
  const result = {
    date: new Date().toISOString(),
    database: kind,
    smoke: options.smoke,
    dataset: rowsAfter,
    indications_created: (rowsAfter?.indications ?? 0) - (rowsBefore?.indications ?? 0),
    duration_s: options.duration,
    machine: { cpus: os.cpus().length, node: process.version },
    server_peak_rss_mb: peakRssMb,
    rows,
    writes: writeRows,
    mixed: mixedRows,
    pages,
    pages_note: pagesNote,
    exports: exportResult,
    streams,
    webhooks,
    webhooks_slow_receivers: slowReceivers,
    targets,
  };
  const out = options.out ?? (options.smoke ? null : path.join(ROOT, "bench", "results", `${new Date().toISOString().slice(0, 10)}-${kind}.json`));
  if (out) {
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
    log(`results written to ${path.relative(ROOT, out)}`);
  }

  const failures = [
    ...crashed,
    ...rows.filter((r) => failed(r.ours) || (r.floor !== null && failed(r.floor)) || failed(r.ceiling)).map((r) => `${r.scenario} c=${r.connections}: non-2xx, errors or no answer`),
    ...writeRows.filter((r) => failed(r.ours) || failed(r.ceiling)).map((r) => `${r.scenario} c=${r.connections}: non-2xx, errors or no answer`),
    // Under 32 readers a write waits behind them at each of its statements (~1 s a create on a
    // busy 2-core machine): a 1-second smoke may see none answered, so writers fail only on errors.
    ...mixedRows.filter((r) => failed(r.read_only) || failed(r.reads) || r.writes.non2xx + r.writes.errors > 0).map((r) => `mixed ${r.scenario}: non-2xx, errors or no answer`),
    ...pages.filter((p) => p.result.non2xx || p.result.errors).map((p) => `page ${p.page} c=${p.connections}: non-2xx or errors`),
    ...(streams && streams.fanout.missed > 0 ? [`streams: ${streams.fanout.missed} events never reached their stream`] : []),
    ...(webhooks && webhooks.lost + webhooks.out_of_order + webhooks.bad_signatures > 0
      ? [`webhooks: ${webhooks.lost} events lost, ${webhooks.out_of_order} out of order, ${webhooks.bad_signatures} bad signatures`]
      : []),
    ...checkExportTargets(exportResult, true).filter((t) => !t.ok).map((t) => `${t.target}: ${t.detail}`),
  ];
  if (failures.length) {
    log(`FAILED:\n  ${failures.join("\n  ")}`);
    process.exit(1);
  }
  process.exit(0);
}

/** Issue 32's targets for the streams held open through the reads (the reads' own rows are compared by hand: docs/performance.md). */
function checkStreamTargets(streams: StreamsResult | null) {
  if (!streams) return [];
  return [
    { target: `${streams.streams} open streams add ≤ 60 MB of server RSS`, ok: streams.rss_added_mb <= 60, detail: `+${streams.rss_added_mb} MB` },
    { target: `an event reaches ${streams.streams} streams within 1 s at p99, none missed`, ok: streams.fanout.p99_ms <= 1000 && streams.fanout.missed === 0, detail: `p99 ${streams.fanout.p99_ms} ms, missed ${streams.fanout.missed}` },
  ];
}

/** The issue's target for webhook delivery (order is checked too: the worker promises it per endpoint). */
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

function checkTargets(rows: Row[], pages: PageRow[], peakRssMb: number) {
  const targets: { target: string; ok: boolean; detail: string }[] = [];
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
      `| mixed: ${MIXED_READERS} readers + ${MIXED_WRITERS} writers | read-only req/s | reads req/s | reads/read-only | read-only p99 | reads p99 | p99 ratio | writes req/s | writes p50 | writes p99 | non-2xx |`,
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
      ...mixed.map(
        (r) =>
          `| ${r.scenario} | ${r.read_only.rps} | ${r.reads.rps} | ${percent(r.ratio_rps)} | ${r.read_only.p99} | ${r.reads.p99} | ×${r.ratio_p99} | ${r.writes.rps} | ${r.writes.p50} | ${r.writes.p99} | ${r.read_only.non2xx + r.read_only.errors + r.reads.non2xx + r.reads.errors + r.writes.non2xx + r.writes.errors} |`,
      ),
    );
  }
  if (lines.length) console.log(lines.join("\n"));
}

function checkWriteTargets(writes: WriteRow[], mixed: MixedRow[]) {
  const targets: { target: string; ok: boolean; detail: string }[] = [];
  const oneConn = writes.filter((r) => r.connections === 1);
  if (oneConn.length) {
    const p50 = Math.max(...oneConn.map((r) => r.ours.p50));
    const p99 = Math.max(...oneConn.map((r) => r.ours.p99));
    targets.push({ target: "create and change at 1 connection: p50 ≤ 10 ms, p99 ≤ 30 ms", ok: p50 <= 10 && p99 <= 30, detail: `worst p50 ${p50} ms, worst p99 ${p99} ms` });
  }
  const eightConns = writes.filter((r) => r.connections === 8);
  if (eightConns.length) {
    const errors = eightConns.reduce((n, r) => n + r.ours.non2xx + r.ours.errors, 0);
    targets.push({ target: "create and change: 0 errors at 8 connections", ok: errors === 0, detail: `${errors} non-2xx/errors` });
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

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
