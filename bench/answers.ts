/**
 * `npm run bench:answers -- --out <file>`: what every API operation answers, recorded so that two
 * builds can be compared answer for answer (docs/performance.md, "Comparing builds"). A change that
 * must not change what callers see (a redesign of the data path) runs it on both builds, each on a
 * copy of one seeded database, and diffs the two files:
 *
 *   DATABASE_URL=file:/tmp/a.db npm run bench:answers -- --out /tmp/after.json
 *   (the same on the other build's checkout with a copy of the same file, then) diff -u before.json after.json
 *
 * The route modules are called in-process with real requests, as bench/request-cost.ts does: the
 * reads of every list (with filters, sorts, pages, facets, CSV), one resource, the market, the
 * history and the feed; every write (create with an Idempotency-Key and its replay, change with
 * and without If-Match, refresh, close, verify, unverify); and the errors (401, 403, 404, 405, 400
 * of each kind, 412, 415). Each answer is kept with its status, the headers a caller reads, and
 * its body, in which what a run makes anew is replaced in order of appearance (ids, permalinks,
 * times, and the ETags and request ids that follow from them), so two runs of one build give the
 * same file.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { NextRequest } from "next/server";
import { createApiKey } from "../lib/api-keys/keys";
import { getDb } from "../lib/db/client";
import { routeModule } from "./route-module";

process.env.LOG_LEVEL ??= "silent";
process.env.API_RATE_LIMIT ??= "0";

const { values } = parseArgs({ options: { out: { type: "string" } } });

/** What a run makes anew, replaced by its order of appearance so that runs compare. */
class Normalizer {
  // Values a run makes are chosen to tie with no seeded row in any sort (prices, volumes, dates),
  // so their random ids never decide an order.
  private readonly seen = new Map<string, string>();
  constructor(private readonly known: Set<string>) {}

  private token(kind: string, value: string): string {
    let name = this.seen.get(value);
    if (!name) {
      name = `<${kind} ${[...this.seen.values()].filter((v) => v.startsWith(`<${kind} `)).length + 1}>`;
      this.seen.set(value, name);
    }
    return name;
  }

  text(value: string, since: string): string {
    return value
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, (id) => (this.known.has(id.toLowerCase()) ? id : this.token("id", id.toLowerCase())))
      .replace(/\bmkd_[A-Za-z0-9]{8}\b/g, (prefix) => this.token("key", prefix))
      .replace(/\b(IND|TRD)-[A-Z0-9]{11}\b/g, (permalink) => (this.known.has(permalink) ? permalink : this.token("permalink", permalink)))
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, (time) => (time >= since ? this.token("time", time) : time));
  }
}

interface Step {
  name: string;
  method?: string;
  path: string;
  key?: string | null;
  body?: unknown;
  headers?: Record<string, string>;
}

const HEADERS = ["content-type", "etag", "location", "allow", "retry-after", "www-authenticate", "cache-control", "content-disposition", "idempotency-replayed"];

async function main() {
  const out = values.out;
  if (out === undefined) throw new Error("--out <file> is required");
  const db = getDb();
  const since = new Date().toISOString();
  const userId = async (email: string) => (await db.user.findUniqueOrThrow({ where: { email }, select: { id: true } })).id;
  const mint = async (email: string, scopes?: string[]) => (await createApiKey(db, { userId: await userId(email), name: `answers ${email}`, scopes })).secret;
  const broker = await mint("broker@alpha.example");
  const viewer = await mint("viewer@alpha.example");
  const ops = await mint("ops@marketplace.example");
  const narrow = await mint("broker@alpha.example", ["companies"]);

  // What was there before the run keeps its name in the file.
  const known = new Set<string>();
  for (const table of [db.company, db.team, db.user, db.indication, db.trade] as unknown as { findMany(a: object): Promise<{ id: string; permalinkId?: string }[]> }[]) {
    for (const row of await table.findMany({})) {
      known.add(row.id);
      if (row.permalinkId) known.add(row.permalinkId);
    }
  }
  const normal = new Normalizer(known);
  const alpha = await db.team.findFirstOrThrow({ where: { users: { some: { email: "broker@alpha.example" } } }, select: { id: true } });
  const order = { orderBy: { id: "asc" } } as const;
  const indication = await db.indication.findFirstOrThrow({ where: { teamId: alpha.id, stage: "open" }, ...order });
  const closed = await db.indication.findFirst({ where: { teamId: alpha.id, stage: { not: "open" } }, ...order });
  const trade = await db.trade.findFirstOrThrow({ where: { teamId: alpha.id, isVerified: false }, ...order });
  const verified = await db.trade.findFirst({ where: { isVerified: true }, ...order });
  const company = await db.company.findFirstOrThrow({ where: { indications: { some: {} } }, ...order });
  const other = await db.indication.findFirstOrThrow({ where: { teamId: { not: alpha.id } }, ...order });

  const lists = ["/api/v1/my/indications", "/api/v1/my/trades"];
  const steps: Step[] = [
    { name: "index", path: "/api/v1" },
    { name: "openapi", path: "/api/v1/openapi.json", key: null },
    { name: "companies", path: "/api/v1/companies" },
    { name: "companies q", path: "/api/v1/companies?q=north&per_page=5" },
    { name: "companies q short", path: "/api/v1/companies?q=a" },
    { name: "companies country", path: "/api/v1/companies?country=US&page=2&per_page=3" },
    { name: "companies bad page", path: "/api/v1/companies?page=0" },
    { name: "company", path: `/api/v1/companies/${company.id}` },
    { name: "company viewer", path: `/api/v1/companies/${company.id}`, key: viewer },
    { name: "company bad id", path: "/api/v1/companies/not-a-uuid" },
    { name: "company unknown", path: "/api/v1/companies/00000000-0000-4000-8000-000000000000" },
    { name: "order book", path: `/api/v1/companies/${company.id}/order_book` },
    { name: "order book depth", path: `/api/v1/companies/${company.id}/order_book?depth=2` },
    { name: "tape", path: `/api/v1/companies/${company.id}/trades` },
    ...lists.flatMap((list): Step[] => [
      { name: `${list}`, path: list },
      { name: `${list} page 2`, path: `${list}?page=2&per_page=7` },
      { name: `${list} sort`, path: `${list}?sort=price_per_share&per_page=50` },
      { name: `${list} sort desc volume`, path: `${list}?sort=-volume&per_page=50` },
      { name: `${list} filters`, path: `${list}?stock_type=secondary&stock_class_type=common&price_min=1&price_max=500&per_page=50` },
      { name: `${list} issuer`, path: `${list}?issuer_id=${company.id}` },
      { name: `${list} bad sort`, path: `${list}?sort=nope` },
      { name: `${list} bad decimal`, path: `${list}?price_min=1e5` },
      { name: `${list} unknown parameter`, path: `${list}?colour=red` },
      { name: `${list} no key`, path: list, key: null },
      { name: `${list} bad key`, path: list, key: "mkd_00000000000000000000000000000000" },
      { name: `${list} narrow key`, path: list, key: narrow },
      { name: `${list}.csv`, path: `${list}.csv` },
      { name: `${list}.csv filtered`, path: `${list}.csv?sort=-price_per_share&stock_class_type=preferred` },
    ]),
    { name: "indications stage", path: "/api/v1/my/indications?stage=open&side=bid&per_page=50" },
    { name: "indications created window", path: "/api/v1/my/indications?created_after=2020-01-01T00:00:00Z&per_page=50" },
    { name: "trades sign date", path: "/api/v1/my/trades?sign_date_from=2024-01-01&is_verified=true&per_page=50" },
    { name: "ops trades", path: "/api/v1/ops/trades?per_page=50", key: ops },
    { name: "ops trades team", path: `/api/v1/ops/trades?team_id=${alpha.id}&is_verified=false`, key: ops },
    { name: "ops trades broker", path: "/api/v1/ops/trades", key: broker },
    { name: "events", path: "/api/v1/my/events?limit=5" },
    { name: "indication", path: `/api/v1/my/indications/${indication.id}` },
    { name: "indication other team", path: `/api/v1/my/indications/${other.id}` },
    { name: "indication bad id", path: "/api/v1/my/indications/xyz" },
    { name: "indication query", path: `/api/v1/my/indications/${indication.id}?x=1` },
    { name: "indication history", path: `/api/v1/my/indications/${indication.id}/history` },
    { name: "trade", path: `/api/v1/my/trades/${trade.id}` },
    { name: "trade history", path: `/api/v1/my/trades/${trade.id}/history` },
    { name: "delete list", method: "DELETE", path: "/api/v1/my/indications" },
    { name: "put one", method: "PUT", path: `/api/v1/my/indications/${indication.id}`, body: {} },
    // Writes.
    {
      name: "create indication",
      method: "POST",
      path: "/api/v1/my/indications",
      headers: { "idempotency-key": "answers-1" },
      body: { issuer_id: company.id, side: "bid", price_per_share: "12.3456789", volume: "1000.123", stock_type: "secondary", stock_class_type: "common", visibility: "order_book_public", acceptable_structures: ["direct"] },
    },
    {
      name: "create indication replayed",
      method: "POST",
      path: "/api/v1/my/indications",
      headers: { "idempotency-key": "answers-1" },
      body: { issuer_id: company.id, side: "bid", price_per_share: "12.3456789", volume: "1000.123", stock_type: "secondary", stock_class_type: "common", visibility: "order_book_public", acceptable_structures: ["direct"] },
    },
    {
      name: "create offer",
      method: "POST",
      path: "/api/v1/my/indications",
      body: { issuer_id: company.id, side: "offer", price_per_share: "0.00000001", volume: "999999999999999999.99999999", stock_type: "primary", stock_class_type: "preferred", structure: "spv_1_layer", visibility: "private", private_recipients: ["broker@beta.example"] },
    },
    { name: "create indication invalid", method: "POST", path: "/api/v1/my/indications", body: { issuer_id: "x", side: "up", price_per_share: 12 } },
    { name: "create indication text", method: "POST", path: "/api/v1/my/indications", body: "side=bid", headers: { "content-type": "text/plain" } },
    { name: "create indication narrow key", method: "POST", path: "/api/v1/my/indications", key: narrow, body: {} },
    { name: "patch indication", method: "PATCH", path: `/api/v1/my/indications/${indication.id}`, body: { price_per_share: "13.25", details: "answers" } },
    { name: "patch indication stale", method: "PATCH", path: `/api/v1/my/indications/${indication.id}`, body: { volume: "5" }, headers: { "if-match": '"stale"' } },
    { name: "patch indication fixed", method: "PATCH", path: `/api/v1/my/indications/${indication.id}`, body: { side: "ask" } },
    { name: "refresh indication", method: "POST", path: `/api/v1/my/indications/${indication.id}/refresh` },
    { name: "close indication", method: "POST", path: `/api/v1/my/indications/${indication.id}/close` },
    { name: "close indication again", method: "POST", path: `/api/v1/my/indications/${indication.id}/close` },
    { name: "refresh closed", method: "POST", path: `/api/v1/my/indications/${indication.id}/refresh` },
    ...(closed ? [{ name: "patch closed", method: "PATCH", path: `/api/v1/my/indications/${closed.id}`, body: { volume: "5" } }] : []),
    {
      name: "create trade",
      method: "POST",
      path: "/api/v1/my/trades",
      body: { issuer_id: company.id, price_per_share: "7.5123", volume: "300.77", stock_type: "secondary", stock_class_type: "common", structure: "direct", sign_date: "2001-02-03", won_date: "2001-02-10", verification_officer_name: "A. Officer", verification_officer_email: "officer@alpha.example" },
    },
    { name: "patch trade", method: "PATCH", path: `/api/v1/my/trades/${trade.id}`, body: { volume: "301" } },
    { name: "verify trade broker", method: "POST", path: `/api/v1/ops/trades/${trade.id}/verify`, body: {} },
    { name: "verify trade", method: "POST", path: `/api/v1/ops/trades/${trade.id}/verify`, key: ops, body: {} },
    { name: "verify trade again", method: "POST", path: `/api/v1/ops/trades/${trade.id}/verify`, key: ops, body: {} },
    { name: "patch verified trade", method: "PATCH", path: `/api/v1/my/trades/${trade.id}`, body: { volume: "302" } },
    { name: "unverify no reason", method: "POST", path: `/api/v1/ops/trades/${trade.id}/unverify`, key: ops, body: {} },
    { name: "unverify trade", method: "POST", path: `/api/v1/ops/trades/${trade.id}/unverify`, key: ops, body: { reason: "answers" } },
    ...(verified ? [{ name: "unverify seeded", method: "POST", path: `/api/v1/ops/trades/${verified.id}/unverify`, key: ops, body: { reason: "answers" } }] : []),
    { name: "trade after", path: `/api/v1/my/trades/${trade.id}` },
    { name: "trade history after", path: `/api/v1/my/trades/${trade.id}/history` },
    { name: "indication history after", path: `/api/v1/my/indications/${indication.id}/history` },
    { name: "events after", path: "/api/v1/my/events?limit=50" },
    { name: "indications after", path: "/api/v1/my/indications?per_page=100" },
    { name: "trades after", path: "/api/v1/my/trades?per_page=100" },
    { name: "order book after", path: `/api/v1/companies/${company.id}/order_book` },
    { name: "tape after", path: `/api/v1/companies/${company.id}/trades` },
  ];

  const answers: unknown[] = [];
  let lastEtag: string | null = null;
  for (const step of steps) {
    const url = new URL(step.path, "http://127.0.0.1:3000");
    const { handlers, params } = await routeModule(url.pathname);
    const method = step.method ?? "GET";
    const handler = handlers[method];
    const headers = new Headers(step.headers);
    const key = step.key === undefined ? broker : step.key;
    if (key !== null) headers.set("authorization", `Bearer ${key}`);
    let body: string | undefined;
    if (typeof step.body === "string") body = step.body;
    else if (step.body !== undefined) {
      body = JSON.stringify(step.body);
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
    }
    if (!handler) {
      answers.push({ name: step.name, request: `${method} ${normal.text(step.path, since)}`, status: `no ${method} export` });
      continue;
    }
    const response = await handler(new NextRequest(url, { method, headers, body }), { params: Promise.resolve(params) });
    const text = await response.text();
    const shown = normal.text(text, since);
    const kept: Record<string, string> = {};
    for (const name of HEADERS) {
      const value = response.headers.get(name);
      if (value === null) continue;
      // An ETag over content that holds a new time is new in every run: compared as present.
      kept[name] = name === "etag" && shown !== text ? "<etag>" : normal.text(value, since);
    }
    if (response.headers.has("x-request-id")) kept["x-request-id"] = "<present>";
    const etag = response.headers.get("etag");
    if (etag !== null) {
      kept["etag equals the previous answer's"] = String(etag === lastEtag);
      lastEtag = etag;
    }
    let parsed: unknown = shown;
    try {
      parsed = JSON.parse(shown);
    } catch {
      // CSV and other text: kept as text.
    }
    answers.push({ name: step.name, request: `${method} ${normal.text(step.path, since)}`, status: response.status, headers: kept, bytes: shown.length, body: parsed });
  }
  writeFileSync(out, `${JSON.stringify(answers, null, 1)}\n`);
  console.log(`${answers.length} answers written to ${out}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
