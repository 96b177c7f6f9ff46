/**
 * Issue 16: does a flood of wrong passwords slow the API? Against a running server
 * (`npm run serve`), `--floods` times (default 10): the API's latency for a window with no
 * flood, then for the window of a flood of `--guesses` (default 300) wrong sign-ins sent 8 at a
 * time, as fast as they are answered. The API is timed by bench/latency-probe.mjs, a process of
 * its own: `GET /api/v1/companies?per_page=10` at `--rate` requests a second (default 200) on one
 * connection, to the microsecond.
 *
 * Each flood is issue 16's attack: every guess for one account from one address (a new account
 * and address per flood, so each flood starts unthrottled: 20 guesses are checked, the rest
 * refused). With `--new-account-per-guess` each guess is for another e-mail from another address,
 * so neither limit stops them and every one costs a bcrypt verification (the worst case).
 *
 *   npx tsx bench/sign-in-flood.ts --origin http://127.0.0.1:3221 --key <api key> [--floods 10] [--guesses 300] [--rate 200] [--new-account-per-guess]
 *
 * Figures go to docs/performance.md ("Sign-in floods").
 */
import { fork, type ChildProcess } from "node:child_process";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    origin: { type: "string" },
    key: { type: "string" },
    floods: { type: "string" },
    guesses: { type: "string" },
    rate: { type: "string" },
    "new-account-per-guess": { type: "boolean" },
  },
});
const origin = values.origin ?? "http://127.0.0.1:3221";
const floods = Number(values.floods ?? 10);
const guesses = Number(values.guesses ?? 300);
const rate = Number(values.rate ?? 200);
const everyGuessHashed = values["new-account-per-guess"] === true;
const IDLE_SECONDS = 3;

type Window = { latencies: number[]; failures: number };
type Summary = { p50: number; mean: number; p99: number; samples: number; failures: number };

function summarize({ latencies, failures }: Window): Summary {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const round = (ms: number) => Math.round(ms * 100) / 100;
  const mean = sorted.reduce((sum, ms) => sum + ms, 0) / sorted.length;
  return { p50: round(at(0.5)), mean: round(mean), p99: round(at(0.99)), samples: sorted.length, failures };
}

/** The probe's samples while `work` runs. */
function measure(probe: ChildProcess, work: () => Promise<unknown>): Promise<Window> {
  return new Promise((resolve, reject) => {
    probe.send({ type: "open" });
    work().then(
      () => {
        probe.once("message", (message: Window) => resolve(message));
        probe.send({ type: "close" });
      },
      reject,
    );
  });
}

type Form = { csrfToken: string; cookie: string };

/** next-auth's CSRF token and cookie, which every sign-in posts. */
async function signInForm(): Promise<Form> {
  const csrf = await fetch(`${origin}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  return { csrfToken, cookie: csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") };
}

async function guess(form: Form, email: string, password: string, address: string): Promise<number> {
  const response = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: form.cookie, "x-forwarded-for": address },
    body: new URLSearchParams({ csrfToken: form.csrfToken, email, password, json: "true" }),
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response.status;
}

/** One flood: `guesses` wrong passwords, 8 in flight. Addresses are 10.<flood>.x.y. */
async function flood(form: Form, run: string, n: number) {
  const statuses: Record<number, number> = {};
  let sent = 0;
  const started = performance.now();
  async function worker() {
    while (sent < guesses) {
      const i = sent++;
      const status = everyGuessHashed
        ? await guess(form, `flood-${run}-${n}-${i}@nowhere.example`, `guess-${i}`, `10.${n}.${(i >> 8) & 255}.${i & 255}`)
        : await guess(form, `flood-${run}-${n}@nowhere.example`, `guess-${i}`, `10.${n}.0.1`);
      statuses[status] = (statuses[status] ?? 0) + 1;
    }
  }
  await Promise.all(Array.from({ length: 8 }, worker));
  return { statuses, seconds: Math.round((performance.now() - started) / 10) / 100 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const probe = fork(new URL("./latency-probe.mjs", import.meta.url).pathname, [`${origin}/api/v1/companies?per_page=10`, values.key ?? "", String(rate)]);
  const run = Date.now().toString(36);
  // The sign-in route and the API warm first, as on a server that has been up a while (guesses
  // for an account and address of their own, so they count toward no flood's limits).
  const form = await signInForm();
  for (let i = 0; i < 3; i++) await guess(form, `warm-up-${run}@nowhere.example`, "x", "192.0.2.1");
  await measure(probe, () => new Promise((resolve) => setTimeout(resolve, 2000)));

  const idle: Window = { latencies: [], failures: 0 };
  const during: Window = { latencies: [], failures: 0 };
  const ratios: number[] = [];
  for (let n = 1; n <= floods; n++) {
    const quiet = await measure(probe, () => new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000)));
    let answered: Awaited<ReturnType<typeof flood>> | undefined;
    const flooded = await measure(probe, async () => (answered = await flood(form, run, n)));
    const [a, b] = [summarize(quiet), summarize(flooded)];
    ratios.push(b.p50 / a.p50);
    console.log(`flood ${n}: idle p50 ${a.p50} mean ${a.mean} p99 ${a.p99} ms → during p50 ${b.p50} mean ${b.mean} p99 ${b.p99} ms (${b.samples} samples, ${b.failures} failed), guesses ${JSON.stringify(answered)}`);
    idle.latencies.push(...quiet.latencies);
    idle.failures += quiet.failures;
    during.latencies.push(...flooded.latencies);
    during.failures += flooded.failures;
    // The flood's last hashes and writes settle before the next idle window.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  probe.send({ type: "exit" });
  const [a, b] = [summarize(idle), summarize(during)];
  console.log(`all floods: idle ${JSON.stringify(a)} → during ${JSON.stringify(b)}`);
  console.log(`p50 during / idle: pooled ×${(b.p50 / a.p50).toFixed(2)}, per flood median ×${median(ratios).toFixed(2)}, worst ×${Math.max(...ratios).toFixed(2)}`);
}

void main();
