/**
 * Issue 16: does a flood of wrong passwords slow the API? Against a running server
 * (`npm run serve`), measures GET /api/v1/companies latency (2 connections, autocannon) idle,
 * then while wrong sign-ins are sent 8 at a time, as fast as they are answered:
 *
 * - `--guesses 300`: the issue's flood, 300 guesses; the API is measured while they last.
 * - otherwise for `--seconds` (default 10), as long as the idle measurement.
 *
 * The API is driven as fast as 2 connections go, which keeps the two cores busy on its own, so
 * any other work shows as latency; `--rate 200` drives it at 200 requests a second instead (a
 * server with room to spare, as a server usually has: what "the API for everyone" feels).
 *
 * Each guess is for another e-mail and from another X-Forwarded-For, so neither limit stops them
 * and every one costs a bcrypt verification (the worst case), or with `--one-account` all are
 * for one account from one address, as issue 16's attack (the limits stop it after 20).
 *
 *   npx tsx bench/sign-in-flood.ts --origin http://127.0.0.1:3221 --key <api key> [--one-account] [--guesses 300]
 *
 * Figures go to docs/performance.md ("Sign-in floods").
 */
import { parseArgs } from "node:util";
import autocannon from "autocannon";

const { values } = parseArgs({
  options: { origin: { type: "string" }, key: { type: "string" }, seconds: { type: "string" }, guesses: { type: "string" }, rate: { type: "string" }, "one-account": { type: "boolean" } },
});
const oneAccount = values["one-account"] === true;
const origin = values.origin ?? "http://127.0.0.1:3221";
const seconds = Number(values.seconds ?? 10);
const guesses = values.guesses === undefined ? Infinity : Number(values.guesses);
const headers = { authorization: `Bearer ${values.key}` };
// --rate: API requests a second (autocannon's overallRate); unset, as many as 2 connections allow.
const rate = values.rate === undefined ? undefined : Number(values.rate);

type Latency = { p50: number; mean: number; p99: number; rps: number; non2xx: number };

/** API latency for `seconds`, or until `until` resolves. */
function apiLatency(until?: Promise<unknown>): Promise<Latency> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: `${origin}/api/v1/companies?per_page=10`, connections: 2, duration: until ? 3600 : seconds, headers, overallRate: rate },
      (error, result) => (error ? reject(error) : resolve({ p50: result.latency.p50, mean: Math.round(result.latency.mean * 100) / 100, p99: result.latency.p99, rps: Math.round(result.requests.average), non2xx: result.non2xx })),
    );
    void until?.then(() => instance.stop());
  });
}

type Form = { csrfToken: string; cookie: string };

/** next-auth's CSRF token and cookie, which every sign-in posts. */
async function signInForm(): Promise<Form> {
  const csrf = await fetch(`${origin}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return { csrfToken, cookie: csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") };
}

function guess(form: Form, email: string, password: string, address: string) {
  return fetch(`${origin}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: form.cookie, "x-forwarded-for": address },
    body: new URLSearchParams({ csrfToken: form.csrfToken, email, password, json: "true" }),
    redirect: "manual",
  });
}

async function flood(form: Form, until: number, concurrency: number) {
  const statuses: Record<number, number> = {};
  let sent = 0;
  const started = Date.now();
  async function worker() {
    while (Date.now() < until && sent < guesses) {
      const i = sent++;
      // A fresh address per guess (10.x.y.z).
      const response = oneAccount
        ? await guess(form, "broker@alpha.example", `guess-${i}`, "10.0.0.1")
        : await guess(form, `flood-${started}-${i}@nowhere.example`, `guess-${i}`, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      await response.arrayBuffer();
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { sent, statuses, seconds: (Date.now() - started) / 1000 };
}

async function main() {
  // The sign-in route loaded and warm first, as on a server that has been up a while (a guess for
  // an account and address of its own, so it counts toward neither limit of the flood).
  const form = await signInForm();
  for (let i = 0; i < 3; i++) await (await guess(form, `warm-up-${Date.now()}@nowhere.example`, "x", "192.0.2.1")).arrayBuffer();
  const idle = await apiLatency();
  console.log("idle", idle);
  const guessing = flood(form, Date.now() + seconds * 1000, 8);
  const [during, answered] = await Promise.all([apiLatency(Number.isFinite(guesses) ? guessing : undefined), guessing]);
  console.log("during the flood", during, "guesses", answered);
}

void main();
