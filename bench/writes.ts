/**
 * The writes of `npm run bench` (bench/run.ts): POST /my/indications and PATCH
 * /my/indications/{id} against the write ceiling (the same method and body to the ceiling, which
 * parses it and answers a body of our size), then the mixed run: a main list alone, and again
 * while writers create and change indications.
 */
import type { Request as AutocannonRequest } from "autocannon";
import type { Scenario } from "./lists";
import { load, pad, percent, ratio, type Measure } from "./measure";
import type { Options } from "./options";
import { log, throwIfCrashed } from "./processes";
import { descendantsCpuMs } from "./server-usage";

/** Connections of the write scenarios: the latency targets hold at 1, no error at 8. */
const WRITE_CONNECTIONS = [1, 8];
/** The mixed run: this many list readers while this many writers create and change rows. */
export const MIXED_READERS = 32;
export const MIXED_WRITERS = 4;
/** The read scenarios the mixed run measures: the main list of each resource. */
const MIXED_SCENARIOS = ["indications first page", "trades first page"];
/** Marks the rows the bench creates (deleting is not in the API: this is how to find them). */
export const BENCH_CLIENT_ID = "npm-run-bench";

interface WriteRequest {
  method: "POST" | "PATCH";
  path: string;
  body: string;
}

export interface WriteScenario {
  name: string;
  /** The request as its route names it, for the tables. */
  route: string;
  /** The n-th request of a run: the price varies, so that every change really changes the row. */
  request: (n: number) => WriteRequest;
}

export const JSON_HEADERS = { "content-type": "application/json" };

/**
 * Create and change, on the data set's own rows: changes rotate over the first open indications
 * of the team (one row each for concurrent connections, so they do not retry against each
 * other; no If-Match, so nothing is refused as stale), and creates take those rows' issuers, so
 * the new rows spread over issuers as the team's do.
 */
export async function writeScenarios(origin: string, auth: Record<string, string>): Promise<WriteScenario[]> {
  const res = await fetch(`${origin}/api/v1/my/indications?stage=open&per_page=100`, { headers: auth });
  const pool = ((await res.json()) as { indications?: { id: string; issuer: { id: string } }[] }).indications ?? [];
  if (res.status !== 200 || !pool.length) throw new Error(`writes: the team lists no open indication to change (${res.status})`);
  const row = (n: number) => pool[n % pool.length];
  const price = (n: number) => (10 + (n % 9000) / 100).toFixed(2);
  const created = {
    side: "bid",
    volume: "1000000",
    minimum_volume: "250000",
    acceptable_structures: ["direct", "spv_1_layer"],
    visibility: "order_book_anonymous",
    stock_type: "secondary",
    stock_class_type: "preferred",
    stock_class: "Series B",
    client_id: BENCH_CLIENT_ID,
  };
  return [
    {
      name: "create",
      route: "POST /my/indications",
      request: (n) => ({ method: "POST", path: "/api/v1/my/indications", body: JSON.stringify({ ...created, issuer_id: row(n).issuer.id, price_per_share: price(n) }) }),
    },
    {
      name: "change",
      route: "PATCH /my/indications/{id}",
      request: (n) => ({ method: "PATCH", path: `/api/v1/my/indications/${row(n).id}`, body: JSON.stringify({ price_per_share: price(n) }) }),
    },
  ];
}

/** An autocannon request that sends next(0), next(1), … (one counter for all the connections). */
function sequence(next: (n: number) => WriteRequest): AutocannonRequest {
  let n = 0;
  return { setupRequest: (request) => ({ ...request, ...next(n++) }) };
}

/** One request of the scenario; throws unless ours answers 2xx. Its body size sizes the ceiling's. */
async function probeWrite(origin: string, auth: Record<string, string>, scenario: WriteScenario): Promise<number> {
  const { method, path: target, body } = scenario.request(0);
  const res = await fetch(origin + target, { method, headers: { ...auth, ...JSON_HEADERS }, body });
  const text = await res.text();
  if (!res.ok) throw new Error(`${scenario.name}: ${method} ${target} answered ${res.status}: ${text.slice(0, 300)}`);
  return Buffer.byteLength(text);
}

export interface WriteRow {
  scenario: string;
  route: string;
  connections: number;
  body_bytes: number;
  ours: Measure;
  /** The same method and body to app/api/bench/ceiling, which parses it and answers a body of our size. */
  ceiling: Measure;
  ratio_ceiling: number | null;
}

async function measureWrite(origin: string, auth: Record<string, string>, scenario: WriteScenario, options: Options, warmup: number): Promise<WriteRow[]> {
  const bytes = await probeWrite(origin, auth, scenario);
  const url = origin + scenario.request(0).path;
  const ceilingUrl = `${origin}/api/bench/ceiling?bytes=${bytes}`;
  // One sequence for all the runs, so that no run repeats the previous one's prices.
  const ours = [sequence(scenario.request)];
  const ceiling = [sequence((n) => ({ ...scenario.request(n), path: `/api/bench/ceiling?bytes=${bytes}` }))];
  await load(url, 8, warmup, { ...auth, ...JSON_HEADERS }, ours);
  await load(ceilingUrl, 8, warmup, JSON_HEADERS, ceiling);
  const rows: WriteRow[] = [];
  for (const connections of WRITE_CONNECTIONS) {
    const oursMeasure = await load(url, connections, options.duration, { ...auth, ...JSON_HEADERS }, ours);
    // Ours' requests still in flight when its run stopped are answered first: a step at 8 connections
    // left the server ~0.5 s of them, which a half-second smoke of the ceiling then saw as no answer.
    await fetch(ceilingUrl);
    const ceilingMeasure = await load(ceilingUrl, connections, options.duration, JSON_HEADERS, ceiling);
    const row: WriteRow = {
      scenario: scenario.name,
      route: scenario.route,
      connections,
      body_bytes: bytes,
      ours: oursMeasure,
      ceiling: ceilingMeasure,
      ratio_ceiling: ratio(oursMeasure.rps, ceilingMeasure.rps),
    };
    rows.push(row);
    log(
      `  ${`${scenario.name} ${scenario.route}`.padEnd(40)} c=${pad(connections, 2)}  ours ${pad(oursMeasure.rps, 7)} req/s p50 ${pad(oursMeasure.p50, 4)} p99 ${pad(oursMeasure.p99, 4)} ms | ceiling ${pad(ceilingMeasure.rps, 7)} | ${percent(row.ratio_ceiling)}`,
    );
  }
  return rows;
}

export interface MixedRow {
  scenario: string;
  path: string;
  readers: number;
  writers: number;
  /** The list alone at MIXED_READERS connections, right before. */
  read_only: Measure;
  /** The list at MIXED_READERS connections while MIXED_WRITERS connections create and change indications. */
  reads: Measure;
  /** The writers: each connection alternates a create and a change. */
  writes: Measure;
  /** reads req/s ÷ read-only req/s, and reads p99 ÷ read-only p99. */
  ratio_rps: number | null;
  ratio_p99: number | null;
  /** What the ratio is made of: the server's CPU a read and a write (MixedCost). */
  cost: MixedCost | null;
}

/**
 * The server's CPU (all its threads) a read, in the read-only run, and a write: what the mixed run
 * used beyond its reads at that cost, shared over its writes. Each connection gets its turn in
 * order, so the readers keep R·r / (R·r + W·w) of the server (R readers, W writers, a read r, a write
 * w): `expected_ratio`, which the measured ratio follows (docs/performance.md, "What the mixed run is made of").
 */
export interface MixedCost {
  read_cpu_us: number;
  write_cpu_us: number;
  /** w ÷ r: a write's cost in reads. */
  write_in_reads: number;
  expected_ratio: number;
}

function mixedCost(readOnly: Measure, readOnlyCpuMs: number, reads: Measure, writes: Measure, mixedCpuMs: number): MixedCost | null {
  if (readOnly.requests === 0 || writes.requests === 0) return null;
  const read = (readOnlyCpuMs * 1000) / readOnly.requests;
  const write = Math.max(0, (mixedCpuMs * 1000 - reads.requests * read) / writes.requests);
  const inReads = write / read;
  return {
    read_cpu_us: Math.round(read),
    write_cpu_us: Math.round(write),
    write_in_reads: Math.round(inReads * 100) / 100,
    expected_ratio: Math.round((MIXED_READERS / (MIXED_READERS + MIXED_WRITERS * inReads)) * 1000) / 1000,
  };
}

/** What writes as fast as they go do to a list's readers: the list alone, then with the writers. */
async function measureMixed(origin: string, auth: Record<string, string>, scenario: Scenario, writers: WriteScenario[], options: Options, warmup: number, server: number): Promise<MixedRow> {
  const url = origin + scenario.path;
  const writerRequests = writers.map((w) => sequence(w.request));
  const write = (duration: number) => load(`${origin}/api/v1/my/indications`, MIXED_WRITERS, duration, { ...auth, ...JSON_HEADERS }, writerRequests);
  // Writes first, so that the reads' warm-up, not the read-only run, absorbs the writes still in flight.
  await write(warmup);
  await load(url, 8, warmup, auth);
  const before = descendantsCpuMs(server);
  const readOnly = await load(url, MIXED_READERS, options.duration, auth);
  const between = descendantsCpuMs(server);
  const [reads, writes] = await Promise.all([load(url, MIXED_READERS, options.duration, auth), write(options.duration)]);
  const after = descendantsCpuMs(server);
  const row: MixedRow = {
    scenario: scenario.name,
    path: scenario.path,
    readers: MIXED_READERS,
    writers: MIXED_WRITERS,
    read_only: readOnly,
    reads,
    writes,
    ratio_rps: ratio(reads.rps, readOnly.rps),
    ratio_p99: ratio(reads.p99, readOnly.p99),
    cost: mixedCost(readOnly, between - before, reads, writes, after - between),
  };
  log(
    `  mixed ${scenario.name.padEnd(24)} reads ${pad(reads.rps, 7)} req/s p99 ${pad(reads.p99, 4)} ms (read-only ${readOnly.rps}, p99 ${readOnly.p99}) = ${percent(row.ratio_rps)}, p99 ×${row.ratio_p99} | writes ${pad(writes.rps, 6)} req/s p99 ${writes.p99} ms${row.cost ? ` | CPU a read ${row.cost.read_cpu_us} µs, a write ${row.cost.write_cpu_us} µs (${row.cost.write_in_reads} reads): expected ${percent(row.cost.expected_ratio)}` : ""}`,
  );
  return row;
}

/** A write scenario taken by another caller than the bench's broker (a deal's step, by the marketplace team). */
export interface OtherWriter {
  scenario: WriteScenario;
  auth: Record<string, string>;
}

/**
 * The write scenarios --only selects ("create POST /my/indications"…, and `others`' such as the
 * deal step), then the mixed run on the main lists ("mixed indications first page"…), writing with
 * the broker's write scenarios.
 */
export async function measureWrites(origin: string, auth: Record<string, string>, server: number, list: Scenario[], selected: (name: string) => boolean, options: Options, warmup: number, others: OtherWriter[] = []) {
  const writeRows: WriteRow[] = [];
  const mixedRows: MixedRow[] = [];
  const writers = await writeScenarios(origin, auth);
  for (const { scenario, auth: as } of [...writers.map((scenario) => ({ scenario, auth })), ...others].filter((w) => selected(`${w.scenario.name} ${w.scenario.route}`))) {
    writeRows.push(...(await measureWrite(origin, as, scenario, options, warmup)));
    throwIfCrashed();
  }
  for (const scenario of list.filter((s) => MIXED_SCENARIOS.includes(s.name) && selected(`mixed ${s.name}`))) {
    mixedRows.push(await measureMixed(origin, auth, scenario, writers, options, warmup, server));
    throwIfCrashed();
  }
  return { writeRows, mixedRows };
}
