/**
 * `npm run bench:request`: what one API request (a read, unless --method says otherwise) costs our
 * own code, without Next.js's server around it (docs/performance.md, "npm run bench:request"). The
 * route module's handler is called in-process with a real Request, against the database
 * DATABASE_URL names (default: SQLite prisma/data/large.db), as broker@alpha.example (or `--as`'s
 * user) with a key minted for the run:
 *
 *   npm run bench:request -- --path /api/v1/my/trades [--calls 4000] [--rounds 7]
 *   npm run bench:request -- --path /api/v1/companies/<id>   (dynamic segments are path parameters)
 *   npm run bench:request -- --method PATCH --path /api/v1/my/indications/<id> --body '{"details":"x"}'
 *   npm run bench:request -- --as ops@marketplace.example --method POST --path /api/v1/ops/deals/<id>/terms --body '{…}'
 *
 * It prints two figures:
 * - CPU per call: `process.cpuUsage()` around `--calls` calls, 32 in flight, for each of `--rounds`
 *   rounds, and their median. The process is the only thing measured, so the figure moves far less
 *   with the machine than a server's req/s.
 * - Promises per call, counted by an `async_hooks` PROMISE hook while each call runs inside an
 *   AsyncLocalStorage, as Next.js runs a route: under Next.js every promise pays its async-context
 *   hooks. Exact: the same in every run of one build.
 * The request log is silenced unless LOG_LEVEL says otherwise.
 */
import { AsyncLocalStorage, createHook } from "node:async_hooks";
import { parseArgs } from "node:util";
import { NextRequest } from "next/server";
import { createApiKey } from "../lib/api-keys/keys";
import { getDb } from "../lib/db/client";
import { databaseKind, databaseUrl } from "../lib/db/url";
import { DEFAULT_LARGE_URL } from "../prisma/seed/large-scales";
import { routeModule } from "./route-module";

process.env.LOG_LEVEL ??= "silent";
// The per-key limit would refuse the run itself (lib/http/rate-limit.ts).
process.env.API_RATE_LIMIT ??= "0";
if (!process.env.DATABASE_URL?.trim()) process.env.DATABASE_URL = DEFAULT_LARGE_URL;

const IN_FLIGHT = 32;

const { values } = parseArgs({
  options: { path: { type: "string" }, as: { type: "string" }, method: { type: "string" }, body: { type: "string" }, calls: { type: "string" }, rounds: { type: "string" } },
});
const METHOD = (values.method ?? "GET").toUpperCase();

function positive(name: "calls" | "rounds", fallback: number): number {
  const value = Number(values[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer`);
  return value;
}

async function main() {
  const apiPath = values.path;
  if (apiPath === undefined) throw new Error("--path is required (e.g. --path /api/v1/my/trades)");
  const calls = positive("calls", 4000);
  const rounds = positive("rounds", 7);
  const pathname = new URL(apiPath, "http://localhost").pathname;
  const { handlers, params } = await routeModule(pathname);
  const handler = handlers[METHOD];
  if (!handler) throw new Error(`${pathname} has no ${METHOD}`);
  const db = getDb();
  const user = await db.user.findUniqueOrThrow({ where: { email: values.as ?? "broker@alpha.example" }, select: { id: true } });
  const { secret } = await createApiKey(db, { userId: user.id, name: `request-cost ${new Date().toISOString()}` });

  const context = new AsyncLocalStorage<object>();
  const call = () =>
    context.run({}, async () => {
      const headers: Record<string, string> = { authorization: `Bearer ${secret}` };
      if (values.body !== undefined) headers["content-type"] = "application/json";
      const request = new NextRequest(`http://localhost${apiPath}`, { method: METHOD, headers, body: values.body });
      const response = await handler(request, { params: Promise.resolve(params) });
      const body = await response.text();
      if (response.status >= 300) throw new Error(`${apiPath} answered ${response.status}: ${body.slice(0, 200)}`);
    });
  const batch = async (count: number) => {
    let left = count;
    await Promise.all(Array.from({ length: IN_FLIGHT }, async () => { while (left-- > 0) await call(); }));
  };

  let counting = false;
  let promises = 0;
  createHook({ init: (_id, type) => void (counting && type === "PROMISE" && promises++) }).enable();
  await batch(Math.ceil(calls / 2)); // warm: JIT, statement cache, list cache
  const counted = 200;
  counting = true;
  for (let i = 0; i < counted; i++) await call();
  counting = false;

  const perCall: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const before = process.cpuUsage();
    await batch(calls);
    const used = process.cpuUsage(before);
    perCall.push(Math.round((used.user + used.system) / calls));
  }
  const sorted = [...perCall].sort((a, b) => a - b);
  console.log(`${METHOD} ${apiPath} on ${databaseKind(databaseUrl())}`);
  console.log(`  CPU per call (µs), ${rounds} rounds of ${calls}: ${perCall.join(" ")}; median ${sorted[Math.floor(rounds / 2)]}`);
  console.log(`  promises per call: ${(promises / counted).toFixed(1)}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
