/**
 * The read scenarios of `npm run bench` (bench/run.ts): every list and resource the API serves,
 * each driven at ours, the ceiling (a precomputed body of the same size) and the floor
 * (bench/floor.ts) at each connection count.
 */
import { utcToday, windowStart } from "../lib/market/summary";
import { load, measurePairs, pad, percent, ratio, type Measure } from "./measure";
import type { Options } from "./options";
import { log, throwIfCrashed } from "./processes";
import { mb, type RssSampler } from "./server-usage";

export interface Scenario {
  name: string;
  endpoint: "companies" | "company" | "indications" | "trades" | "deals" | "order_book" | "company_trades" | "marks";
  kind: "first" | "filtered" | "sorted" | "deep" | "detail" | "market";
  path: string;
}

export async function scenarios(origin: string, auth: Record<string, string>, smoke: boolean, busiest: string): Promise<Scenario[]> {
  // Parameters from the data itself: a popular issuer among Alpha's recent rows, a company id.
  const recent = (await (await fetch(`${origin}/api/v1/my/indications?per_page=100`, { headers: auth })).json()) as {
    indications: { issuer: { id: string } }[];
  };
  const tally = new Map<string, number>();
  for (const row of recent.indications) tally.set(row.issuer.id, (tally.get(row.issuer.id) ?? 0) + 1);
  const issuer = [...tally.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const companies = (await (await fetch(`${origin}/api/v1/companies?per_page=1`, { headers: auth })).json()) as {
    companies: { id: string }[];
    total_pages: number;
  };
  const deep = smoke ? 3 : 1000;
  const deepCompanies = Math.max(1, Math.min(Math.floor(companies.total_pages / 25), smoke ? 3 : 200));
  const list: Scenario[] = [
    { name: "companies first page", endpoint: "companies", kind: "first", path: "/api/v1/companies" },
    { name: "companies q=north", endpoint: "companies", kind: "filtered", path: "/api/v1/companies?q=north" },
    { name: "companies country=Germany", endpoint: "companies", kind: "filtered", path: "/api/v1/companies?country=Germany" },
    { name: `companies page ${deepCompanies}`, endpoint: "companies", kind: "deep", path: `/api/v1/companies?page=${deepCompanies}` },
    { name: "company detail", endpoint: "company", kind: "detail", path: `/api/v1/companies/${companies.companies[0].id}` },
    { name: "indications first page", endpoint: "indications", kind: "first", path: "/api/v1/my/indications" },
    { name: "indications side=bid", endpoint: "indications", kind: "filtered", path: "/api/v1/my/indications?side=bid" },
    { name: "indications structure=spv", endpoint: "indications", kind: "filtered", path: "/api/v1/my/indications?structure=spv" },
    ...(issuer
      ? [{ name: "indications issuer_id", endpoint: "indications", kind: "filtered", path: `/api/v1/my/indications?issuer_id=${issuer}` } as const]
      : []),
    { name: "indications sort=-price", endpoint: "indications", kind: "sorted", path: "/api/v1/my/indications?sort=-price_per_share" },
    { name: `indications page ${deep}`, endpoint: "indications", kind: "deep", path: `/api/v1/my/indications?page=${deep}` },
    { name: "trades first page", endpoint: "trades", kind: "first", path: "/api/v1/my/trades" },
    { name: "trades is_verified=false", endpoint: "trades", kind: "filtered", path: "/api/v1/my/trades?is_verified=false" },
    { name: "trades sign_date_from", endpoint: "trades", kind: "filtered", path: "/api/v1/my/trades?sign_date_from=2026-06-01" },
    { name: "trades sort=volume", endpoint: "trades", kind: "sorted", path: "/api/v1/my/trades?sort=volume" },
    { name: `trades page ${deep}`, endpoint: "trades", kind: "deep", path: `/api/v1/my/trades?page=${deep}` },
    { name: "deals first page", endpoint: "deals", kind: "first", path: "/api/v1/my/deals" },
    { name: "deals stage=requested", endpoint: "deals", kind: "filtered", path: "/api/v1/my/deals?stage=requested" },
    { name: "order_book busiest company", endpoint: "order_book", kind: "market", path: `/api/v1/companies/${busiest}/order_book` },
    { name: "company trades busiest", endpoint: "company_trades", kind: "market", path: `/api/v1/companies/${busiest}/trades` },
    // Issue 46: a year of the busiest company's marks, and every company's mark of the day.
    { name: "company marks 365 days", endpoint: "marks", kind: "detail", path: `/api/v1/companies/${busiest}/marks?from=${windowStart(utcToday(), 365)}` },
    { name: "marks date", endpoint: "marks", kind: "first", path: `/api/v1/marks?date=${utcToday()}` },
  ];
  return list;
}

export interface Row {
  scenario: string;
  endpoint: string;
  kind: string;
  path: string;
  connections: number;
  body_bytes: number;
  /** Null when the floor was not measured (--no-floor), as are `floor` and `ratio_floor`. */
  same_json_as_floor: boolean | null;
  ours: Measure;
  ceiling: Measure;
  floor: Measure | null;
  /** ours req/s ÷ ceiling req/s (null when the reference completed no request). */
  ratio_ceiling: number | null;
  ratio_floor: number | null;
  /** With --pairs n > 1: every pair's ours/ceiling, in the order measured; the row is the median pair's. */
  ratio_ceiling_pairs?: (number | null)[];
  server_peak_rss_mb: number;
}

/** Same JSON apart from origins in URLs (logos) — the floor and the app listen on different ports. */
function sameJson(a: string, b: string): boolean {
  const strip = (s: string) => s.replace(/https?:\/\/[^/"]+\/logos\//g, "ORIGIN/logos/");
  return strip(a) === strip(b);
}

/** Where the reads go: the app, and the floor unless --no-floor. */
export interface ReadTargets {
  origin: string;
  floorOrigin: string | null;
  auth: Record<string, string>;
}

/** Every scenario of `list`, one after another, each at every connection count of --connections. */
export async function measureReads(targets: ReadTargets, list: Scenario[], options: Options, warmup: number, rss: RssSampler): Promise<Row[]> {
  const rows: Row[] = [];
  for (const scenario of list) rows.push(...(await measureScenario(targets, scenario, options, warmup, rss)));
  return rows;
}

/** One request to ours (and the floor): both must answer 200, the same JSON; ours sizes the ceiling's body. */
async function probeRead({ origin, floorOrigin, auth }: ReadTargets, scenario: Scenario): Promise<{ bytes: number; same: boolean | null }> {
  const oursRes = await fetch(origin + scenario.path, { headers: auth });
  const oursBody = await oursRes.text();
  if (oursRes.status !== 200) throw new Error(`${scenario.name}: ours answered ${oursRes.status}: ${oursBody.slice(0, 300)}`);
  const bytes = Buffer.byteLength(oursBody);
  if (!floorOrigin) return { bytes, same: null };
  const floorRes = await fetch(floorOrigin + scenario.path, { headers: auth });
  const floorBody = await floorRes.text();
  if (floorRes.status !== 200) throw new Error(`${scenario.name}: floor answered ${floorRes.status}: ${floorBody.slice(0, 300)}`);
  const same = sameJson(oursBody, floorBody);
  if (!same) log(`  warning: ${scenario.name}: the floor's JSON differs from ours`);
  return { bytes, same };
}

async function measureScenario(targets: ReadTargets, scenario: Scenario, options: Options, warmup: number, rss: RssSampler): Promise<Row[]> {
  const { origin, floorOrigin, auth } = targets;
  const { bytes, same } = await probeRead(targets, scenario);
  const ceilingUrl = `${origin}/api/bench/ceiling?bytes=${bytes}`;
  // Warm every target (JIT, prepared statements, cached counts) before measuring.
  await load(origin + scenario.path, 8, warmup, auth);
  await load(ceilingUrl, 8, warmup, {});
  if (floorOrigin) await load(floorOrigin + scenario.path, 8, warmup, auth);
  const rows: Row[] = [];
  for (const connections of options.connections) {
    rss.resetWindow();
    const measured = await measurePairs(options.pairs, {
      ours: () => load(origin + scenario.path, connections, options.duration, auth),
      ceiling: () => load(ceilingUrl, connections, options.duration, {}),
    });
    const { ours, ceiling } = measured.median;
    const serverPeak = rss.windowPeak;
    const floorMeasure = floorOrigin ? await load(floorOrigin + scenario.path, connections, options.duration, auth) : null;
    const row: Row = {
      scenario: scenario.name,
      endpoint: scenario.endpoint,
      kind: scenario.kind,
      path: scenario.path,
      connections,
      body_bytes: bytes,
      same_json_as_floor: same,
      ours,
      ceiling,
      floor: floorMeasure,
      ratio_ceiling: ratio(ours.rps, ceiling.rps),
      ratio_floor: floorMeasure ? ratio(ours.rps, floorMeasure.rps) : null,
      ...(options.pairs > 1 && { ratio_ceiling_pairs: measured.ratios }),
      server_peak_rss_mb: mb(serverPeak),
    };
    rows.push(row);
    log(
      `  ${scenario.name.padEnd(30)} c=${pad(connections, 2)}  ours ${pad(ours.rps, 7)} req/s p50 ${pad(ours.p50, 4)} p99 ${pad(ours.p99, 4)} ms | ceiling ${pad(ceiling.rps, 7)} | floor ${pad(floorMeasure?.rps ?? "n/a", 7)} | ${percent(row.ratio_ceiling)} / ${percent(row.ratio_floor)}`,
    );
    throwIfCrashed();
  }
  return rows;
}
