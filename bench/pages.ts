/**
 * The signed-in pages of `npm run bench` (bench/run.ts): /indications, /trades and the busiest
 * company's page (issue 14), each checked to show real data, then timed to the first byte and
 * to the end of the response.
 */
import http from "node:http";
import { DEMO_EMAIL, DEMO_PASSWORD } from "./dataset";
import { pad } from "./measure";
import type { Options } from "./options";
import { log } from "./processes";

async function signIn(origin: string): Promise<string | null> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const eq = pair.indexOf("=");
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  };
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
  const csrfRes = await fetch(`${origin}/api/auth/csrf`);
  keep(csrfRes);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const res = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: header() },
    body: new URLSearchParams({ csrfToken, email: DEMO_EMAIL, password: DEMO_PASSWORD, json: "true" }).toString(),
  });
  keep(res);
  await res.arrayBuffer();
  return [...jar.keys()].some((k) => k.includes("session-token")) ? header() : null;
}

export interface PageMeasure {
  rps: number;
  ttfb_p50: number;
  ttfb_p90: number;
  ttfb_p99: number;
  full_p50: number;
  full_p90: number;
  full_p99: number;
  non2xx: number;
  errors: number;
  requests: number;
}

export interface PageRow {
  page: string;
  connections: number;
  result: PageMeasure;
}

/**
 * Not bench/streams.ts's nearest rank: the pages' figures have always been read at ⌊p·n⌋ and to
 * 0.1 ms (NaN for none), and recorded results are compared with new ones.
 */
function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10;
}

/** A small closed-loop load generator that records the first body byte as well as the end. */
async function loadPage(url: string, connections: number, duration: number, cookie: string): Promise<PageMeasure> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const ttfb: number[] = [];
  const full: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const deadline = Date.now() + duration * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      let first = 0;
      const req = http.get(url, { agent, headers: { cookie } }, (res) => {
        if ((res.statusCode ?? 0) < 200 || (res.statusCode ?? 0) >= 300) non2xx++;
        res.on("data", () => {
          if (!first) first = performance.now();
        });
        res.on("end", () => {
          const end = performance.now();
          ttfb.push((first || end) - started);
          full.push(end - started);
          resolve();
        });
      });
      req.on("error", () => {
        errors++;
        resolve();
      });
    });
  const started = Date.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < deadline) await one();
    }),
  );
  agent.destroy();
  const elapsed = (Date.now() - started) / 1000;
  ttfb.sort((a, b) => a - b);
  full.sort((a, b) => a - b);
  return {
    rps: Math.round((full.length / elapsed) * 10) / 10,
    ttfb_p50: percentile(ttfb, 50),
    ttfb_p90: percentile(ttfb, 90),
    ttfb_p99: percentile(ttfb, 99),
    full_p50: percentile(full, 50),
    full_p90: percentile(full, 90),
    full_p99: percentile(full, 99),
    non2xx,
    errors,
    requests: full.length,
  };
}

/**
 * A page answers 200 even when a component below its shell throws (the error is streamed into
 * the page), so a status check alone would time an error page: the page must show the first row
 * that the API lists for the same team.
 */
async function expectPageRendersData(origin: string, page: string, cookie: string, auth: Record<string, string>) {
  const api = await fetch(`${origin}/api/v1/my${page}?per_page=1`, { headers: auth });
  const first = ((await api.json()) as Record<string, { id: string }[] | undefined>)[page.slice(1)]?.[0]?.id;
  const res = await fetch(origin + page, { headers: { cookie }, redirect: "manual" });
  const html = await res.text();
  if (res.status !== 200 || !first || !html.includes(first)) {
    throw new Error(`GET ${page} answered ${res.status} without the team's first row (${first ?? "none from the API"})`);
  }
}

/** The company page (issue 14) must show the company's name and its market sections, not an error. */
async function expectCompanyPage(origin: string, page: string, companyId: string, cookie: string, auth: Record<string, string>) {
  const company = (await (await fetch(`${origin}/api/v1/companies/${companyId}`, { headers: auth })).json()) as { name?: string };
  const res = await fetch(origin + page, { headers: { cookie }, redirect: "manual" });
  const html = await res.text();
  const name = (company.name ?? "").replace(/&/g, "&amp;").replace(/'/g, "&#x27;");
  if (res.status !== 200 || !company.name || !html.includes(name) || !html.includes('data-testid="order-book"')) {
    throw new Error(`GET ${page} answered ${res.status} without the company's name and order book`);
  }
}

/** Each page at 1 and 8 connections after a warm-up; none when the demo user cannot sign in (the note says so). */
export async function measurePages(origin: string, auth: Record<string, string>, busiest: string, options: Options) {
  const pages: PageRow[] = [];
  let pagesNote: string | null = null;
  const cookie = await signIn(origin);
  if (!cookie) pagesNote = "skipped: could not sign in through next-auth credentials";
  else {
    for (const page of ["/indications", "/trades", `/companies/${busiest}`]) {
      if (page.startsWith("/companies/")) await expectCompanyPage(origin, page, busiest, cookie, auth);
      else await expectPageRendersData(origin, page, cookie, auth);
      await loadPage(origin + page, 2, options.smoke ? 0.5 : 2, cookie); // warm-up
      for (const connections of [1, 8]) {
        const result = await loadPage(origin + page, connections, options.duration, cookie);
        pages.push({ page, connections, result });
        log(`  page ${page.padEnd(24)} c=${pad(connections, 2)}  ${pad(result.rps, 6)} req/s  TTFB p50 ${pad(result.ttfb_p50, 6)} p99 ${pad(result.ttfb_p99, 6)} ms  full p50 ${pad(result.full_p50, 6)} p99 ${pad(result.full_p99, 6)} ms`);
      }
    }
  }
  if (pagesNote) log(`  pages: ${pagesNote}`);
  return { pages, pagesNote };
}
