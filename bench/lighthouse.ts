/**
 * `npm run bench:lighthouse`: Lighthouse (pinned 12.2.3, ../shared/TOOLCHAIN.md) on the pages a user
 * opens most, signed in, against a running production server (docs/performance-live.md, "Lighthouse"):
 *
 *   npm start                                   # in another terminal: the demo database
 *   npm run bench:lighthouse -- [--origin http://127.0.0.1:3000] [--runs 3] [--out file.json]
 *                               [--only 'mobile /indications$']   # a regex over "<preset> <page>"
 *
 * Each page runs `--runs` times with the desktop preset and with the default (mobile) one, in
 * Debian's chromium; the figures are the medians. Sign-in is next-auth's credentials endpoint as a
 * browser form posts it, as the team lead (who may open every page); the session cookie goes to
 * Lighthouse as an extra header.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    origin: { type: "string", default: "http://127.0.0.1:3000" },
    runs: { type: "string", default: "3" },
    email: { type: "string", default: "lead@alpha.example" },
    password: { type: "string", default: "demo-password" },
    out: { type: "string" },
    only: { type: "string" },
  },
});
const ORIGIN = values.origin!.replace(/\/$/, "");
const RUNS = Number(values.runs);
const ONLY = values.only ? new RegExp(values.only) : null;
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error("--runs must be a positive integer");
if (!/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(ORIGIN)) throw new Error("--origin must be a loopback address");
const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;

/** The cookies a response sets, as a Cookie header's pairs. */
function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((c) => c.split(";")[0]);
}

async function signIn(): Promise<string> {
  const csrf = await fetch(`${ORIGIN}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const jar = cookiesOf(csrf);
  const response = await fetch(`${ORIGIN}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar.join("; "), origin: ORIGIN },
    body: new URLSearchParams({ csrfToken, email: values.email!, password: values.password!, json: "true" }),
  });
  const cookie = [...jar, ...cookiesOf(response)].join("; ");
  const session = (await (await fetch(`${ORIGIN}/api/auth/session`, { headers: { cookie } })).json()) as { user?: { email?: string } };
  if (session.user?.email !== values.email) throw new Error(`could not sign in as ${values.email} at ${ORIGIN}`);
  return cookie;
}

interface Figures {
  performance: number;
  accessibility: number;
  "best-practices": number;
  tbt_ms: number;
  lcp_ms: number;
  /** Lighthouse's measure of the machine's CPU (higher is faster): scores are comparable only between runs of like machines. */
  benchmark_index: number;
}

function lighthouse(url: string, cookie: string, preset: "desktop" | "mobile"): Figures {
  const args = [
    url,
    "--quiet",
    "--output=json",
    "--output-path=stdout",
    `--only-categories=${CATEGORIES.join(",")}`,
    `--extra-headers=${JSON.stringify({ Cookie: cookie })}`,
    `--chrome-path=${CHROME}`,
    '--chrome-flags=--headless=new --no-sandbox',
    ...(preset === "desktop" ? ["--preset=desktop"] : []),
  ];
  const bin = path.join(process.cwd(), "node_modules", ".bin", "lighthouse");
  const lhr = JSON.parse(execFileSync(bin, args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 })) as {
    finalDisplayedUrl: string;
    categories: Record<string, { score: number | null }>;
    audits: Record<string, { numericValue?: number }>;
    environment: { benchmarkIndex: number };
  };
  // A redirect to the sign-in page would measure the wrong page.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}`);
  const score = (name: string) => Math.round((lhr.categories[name]?.score ?? 0) * 100);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    tbt_ms: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? NaN),
    lcp_ms: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN),
    benchmark_index: Math.round(lhr.environment.benchmarkIndex),
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  const cookie = await signIn();
  const companies = (await (await fetch(`${ORIGIN}/api/v1/companies?per_page=1`, { headers: { cookie } })).json()) as { companies: { id: string }[] };
  const pages = ["/companies", "/indications", `/companies/${companies.companies[0].id}`, "/review"];
  const results: { page: string; preset: string; runs: Figures[]; median: Figures }[] = [];
  for (const preset of ["desktop", "mobile"] as const) {
    for (const page of pages) {
      if (ONLY && !ONLY.test(`${preset} ${page}`)) continue;
      const runs: Figures[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(lighthouse(`${ORIGIN}${page}`, cookie, preset));
      const keys = Object.keys(runs[0]) as (keyof Figures)[];
      const m = Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as unknown as Figures;
      results.push({ page, preset, runs, median: m });
      console.log(
        `${preset.padEnd(7)} ${page.replace(/[0-9a-f-]{36}/, "{id}").padEnd(16)} performance ${String(m.performance).padStart(3)}  accessibility ${String(m.accessibility).padStart(3)}  best practices ${String(m["best-practices"]).padStart(3)}  TBT ${m.tbt_ms} ms  LCP ${m.lcp_ms} ms  machine ${m.benchmark_index}  (runs: ${runs.map((r) => r.performance).join(", ")})`,
      );
    }
  }
  const out = values.out ?? path.join("bench", "results", `${new Date().toISOString().slice(0, 10)}-lighthouse.json`);
  fs.writeFileSync(out, `${JSON.stringify({ date: new Date().toISOString(), lighthouse: "12.2.3", origin: ORIGIN, runs: RUNS, results }, null, 2)}\n`);
  console.log(`results written to ${out}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
