/**
 * `npm run bench`: the performance benchmark of issue 4 (docs/performance.md, "npm run bench").
 *
 *   npm run bench                                   # SQLite, prisma/data/large.db (seeded if absent)
 *   DATABASE_URL=postgresql://…/desk_large npm run bench
 *   npm run bench -- --smoke                        # CI: tiny dataset, 0.5 s per run, fails on any non-2xx
 *
 * Options: --duration <s> (default 8; smoke 0.5), --connections 1,32 (the reads), --no-build (reuse the
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
 * key for broker@alpha.example (and for broker@beta.example and ops@marketplace.example, whose
 * deals with Alpha it tops up through the API: bench/deals.ts), then for every scenario drives ours, the ceiling (app/api/bench/ceiling,
 * a precomputed body of the same size) and the floor with autocannon at each connection count.
 * Then the writes: POST /my/indications and PATCH /my/indications/{id} against the write ceiling
 * (a POST or PATCH of the same body to the ceiling, which parses it and answers a body of our
 * size) at 1 and 8 connections, with a deal's step (the marketplace team's POST /ops/deals/{id}/terms), and the mixed run: the main lists at 32 connections alone, then
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
 *
 * The parts, in bench/: options.ts (the command line), build.ts (the staging copy and its build),
 * dataset.ts, deals.ts, processes.ts (servers started, watched, stopped), server-usage.ts (their RSS and CPU),
 * measure.ts (autocannon runs, pairs, ratios), lists.ts (the read scenarios), streams.ts, webhooks.ts
 * and webhooks-slow.ts, writes.ts, pages.ts, exports.ts, then report.ts (the tables), targets.ts
 * (targets and failures) and results.ts (the JSON). This file parses the options and runs them in order.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import { databaseKind, sqliteFilePath } from "../lib/db/url";
import { DEFAULT_LARGE_URL, SCALES } from "../prisma/seed/large-scales";
import { prepareApp } from "./build";
import { prepareDeals } from "./deals";
import { busiestCompany, datasetRows, DEMO_EMAIL, ensureDataset, mintApiKey, redact } from "./dataset";
import { measureExports } from "./exports";
import { measureReads, scenarios } from "./lists";
import { parseOptions, type Options } from "./options";
import { measurePages } from "./pages";
import { log, ROOT, startProcess, startServer, stopProcess, throwIfCrashed, waitForHttp } from "./processes";
import { printExportTable, printListTables } from "./report";
import { indicationsCreated, NO_LISTS, writeResults, type ListsResult } from "./results";
import { mb, RssSampler } from "./server-usage";
import { openStreams, timeFanOut, type OpenStreams, type StreamsResult } from "./streams";
import { checkExportTargets, failures, listTargets } from "./targets";
import { measureWebhooks } from "./webhooks";
import { measureSlowReceivers } from "./webhooks-slow";
import { BENCH_CLIENT_ID, measureWrites } from "./writes";

const SMOKE_URL = `file:${path.join(ROOT, "prisma", "data", "bench-smoke.db")}`;

/** The environment of every server the bench starts: the lists', the floor's secret, the exports'. */
function serverEnvironment(options: Options): Record<string, string> {
  return {
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
}

/**
 * The app on port n and, unless --no-floor, the floor on n+1, both on the main data set. The
 * floor gets the app's secret: its answers' next_cursor is sealed under it (lib/http/cursor.ts).
 */
function startListServers(options: Options, url: string, appDir: string, env: Record<string, string>) {
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
  return { server, origin, floorOrigin: floor ? `http://127.0.0.1:${options.port + 1}` : null, stop };
}

/** Webhook deliveries to a local receiver, then a fast endpoint's beside another team's slow and silent receivers. */
async function measureDeliveries(origin: string, auth: Record<string, string>, url: string, events: number) {
  const webhooks = await measureWebhooks(origin, auth, url, DEMO_EMAIL, events);
  const w = webhooks;
  log(`  webhooks: ${w.delivered} of ${w.events} events delivered in ${w.seconds} s = ${w.per_s}/s (first after ${w.first_ms} ms), lost ${w.lost}, duplicates ${w.duplicates}, out of order ${w.out_of_order}, bad signatures ${w.bad_signatures}`);
  const slowReceivers = await measureSlowReceivers(origin, auth, url, DEMO_EMAIL);
  const s = slowReceivers;
  log(`  webhooks beside ${s.slow} slow and ${s.silent} silent receivers: ${s.delivered} of ${s.events} delivered, p50 ${s.p50_ms} ms, p99 ${s.p99_ms} ms, max ${s.max_ms} ms`);
  throwIfCrashed();
  return { webhooks, slowReceivers };
}

/** The lists, writes and pages: everything but the exports, on the main data set. */
async function runLists(options: Options, url: string, appDir: string, env: Record<string, string>): Promise<ListsResult> {
  await ensureDataset(url, options.smoke ? SCALES.smoke : SCALES.large, options.smoke);
  const rowsBefore = await datasetRows(url);
  const bearer = async (email?: string) => ({ authorization: `Bearer ${await mintApiKey(url, email)}` });
  const auth = await bearer();
  const dealKeys = { alpha: auth, beta: await bearer("broker@beta.example"), ops: await bearer("ops@marketplace.example") };
  const { server, origin, floorOrigin, stop } = startListServers(options, url, appDir, env);
  const rss = new RssSampler(server.pid!);
  let streams: OpenStreams | null = null;
  let measured: Omit<ListsResult, "peakRssMb" | "rowsBefore" | "rowsAfter">;
  try {
    await waitForHttp(`${origin}/api/bench/ceiling?bytes=10`);
    if (floorOrigin) await waitForHttp(`${floorOrigin}/api/v1/companies`, auth);
    log(`servers up: app ${origin}${floorOrigin ? `, floor ${floorOrigin}` : ""}`);
    let streamsResult: StreamsResult | null = null;
    if (options.streams > 0) ({ streams, result: streamsResult } = await openStreams(origin, auth, options.streams, server.pid!));

    const selected = (name: string) => !options.only || options.only.test(name);
    const busiest = await busiestCompany(url);
    // Before the reads, which list them; the step's scenario is measured with the writes.
    const dealStep = await prepareDeals(origin, dealKeys, options.smoke);
    const list = await scenarios(origin, auth, options.smoke, busiest);
    const warmup = options.smoke ? 0.25 : 2;
    const rows = await measureReads({ origin, floorOrigin, auth }, list.filter((s) => selected(s.name)), options, warmup, rss);

    // After the reads, so that the rows they create never change what the read scenarios measure.
    if (streams && streamsResult) {
      streamsResult.fanout = await timeFanOut(streams, origin, auth, options.smoke ? 5 : 20);
      streams.close();
      streams = null;
    }
    // After the reads too (the deliveries take the server's CPU), and before the writes, whose events it would also deliver.
    const deliveries = options.webhooks > 0 ? await measureDeliveries(origin, auth, url, options.webhooks) : { webhooks: null, slowReceivers: null };
    const writes = options.writes ? await measureWrites(origin, auth, server.pid!, list, selected, options, warmup, [{ scenario: dealStep, auth: dealKeys.ops }]) : { writeRows: [], mixedRows: [] };
    const pages = options.pages ? await measurePages(origin, auth, busiest, options) : { pages: [], pagesNote: null };
    measured = { rows, ...writes, ...pages, streams: streamsResult, ...deliveries };
  } finally {
    streams?.close();
    rss.sample();
    rss.stop();
    stop();
  }

  const rowsAfter = await datasetRows(url);
  return { ...measured, peakRssMb: mb(rss.peak), rowsBefore, rowsAfter };
}

async function main() {
  const options = parseOptions(process.argv.slice(2));
  const url = process.env.DATABASE_URL?.trim() || (options.smoke ? SMOKE_URL : DEFAULT_LARGE_URL);
  const kind = databaseKind(url);
  log(`bench: ${options.smoke ? "smoke" : "full"} run on ${kind} (${kind === "sqlite" ? sqliteFilePath(url) : redact(url)})`);
  const appDir = await prepareApp(options);
  const serverEnv = serverEnvironment(options);

  const lists = options.exportsOnly ? null : await runLists(options, url, appDir, serverEnv);
  // Last, with a server and a data set of their own (see the header).
  const exportResult = options.exports && (options.exportsOnly || !options.only || options.only.test("export")) ? await measureExports(url, appDir, options.port + 2, serverEnv, options.smoke) : null;

  if (lists) printListTables(lists);
  printExportTable(exportResult);
  const targets = [...(lists ? listTargets(lists) : []), ...checkExportTargets(exportResult, options.smoke)];
  for (const t of targets) log(`  ${t.ok ? "PASS" : "MISS"}  ${t.target}: ${t.detail}`);

  const measured = lists ?? NO_LISTS;
  // The bench database is kept between runs and the API deletes nothing: say how much it grew.
  if (measured.writeRows.length || measured.mixedRows.length) log(`indications created by this run: ${indicationsCreated(measured)} (client_id "${BENCH_CLIENT_ID}")`);
  writeResults(options, kind, measured, exportResult, targets);

  const failed = failures(measured, exportResult);
  if (failed.length) {
    log(`FAILED:\n  ${failed.join("\n  ")}`);
    process.exit(1);
  }
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
