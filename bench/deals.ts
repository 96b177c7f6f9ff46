/**
 * The deals of `npm run bench` (issue 45). The generated data sets hold none, so the bench asks
 * for them through the API before the reads: Beta asks for an introduction on Alpha's open,
 * visible orders until Alpha has enough deals (an order Beta already asked on answers 409
 * deal_exists and is passed over, so a kept data set is topped up, never doubled). A few are then
 * taken to in_closing for the step's scenario: the marketplace team's terms, the one step a deal
 * may take again and again.
 */
import type { WriteScenario } from "./writes";
import { JSON_HEADERS } from "./writes";

interface Keys {
  alpha: Record<string, string>;
  beta: Record<string, string>;
  ops: Record<string, string>;
}

async function call(origin: string, auth: Record<string, string>, method: string, path: string, body?: unknown) {
  const res = await fetch(origin + path, { method, headers: { ...auth, ...JSON_HEADERS }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, text };
}

async function must(origin: string, auth: Record<string, string>, method: string, path: string, body?: unknown) {
  const res = await call(origin, auth, method, path, body);
  if (res.status >= 300) throw new Error(`deals: ${method} ${path} answered ${res.status}: ${res.text.slice(0, 300)}`);
  return res.json;
}

const dealCount = async (origin: string, auth: Record<string, string>, query: string) =>
  ((await must(origin, auth, "GET", `/api/v1/my/deals?per_page=1&${query}`)) as { total_count: number }).total_count;

/** Until Alpha has `count` deals (as owner), Beta asks on Alpha's open public and anonymous orders, newest first. */
async function topUpDeals(origin: string, keys: Keys, count: number): Promise<void> {
  let missing = count - (await dealCount(origin, keys.alpha, "role=owner"));
  for (let page = 1; missing > 0; page++) {
    const { indications, total_pages } = (await must(origin, keys.alpha, "GET", `/api/v1/my/indications?stage=open&visibility=order_book_public,order_book_anonymous&per_page=100&page=${page}`)) as {
      indications: { permalink_id: string; volume: string }[];
      total_pages: number;
    };
    for (const order of indications) {
      if (missing === 0) break;
      const asked = await call(origin, keys.beta, "POST", `/api/v1/market/indications/${order.permalink_id}/interests`, { volume: order.volume });
      if (asked.status === 201) missing--;
      else if (asked.json?.error?.code !== "deal_exists") throw new Error(`deals: asking on ${order.permalink_id} answered ${asked.status}: ${asked.text.slice(0, 300)}`);
    }
    if (page >= total_pages) break;
  }
}

/** `size` of Alpha's deals in in_closing: requested ones accepted, introduced and given terms as needed. */
async function closingPool(origin: string, keys: Keys, size: number): Promise<string[]> {
  const listed = (stage: string) => must(origin, keys.alpha, "GET", `/api/v1/my/deals?role=owner&stage=${stage}&per_page=100`).then((page) => (page as { deals: { id: string }[] }).deals.map((deal) => deal.id));
  const pool = await listed("in_closing");
  for (const id of (await listed("requested")).slice(0, Math.max(0, size - pool.length))) {
    await must(origin, keys.alpha, "POST", `/api/v1/my/deals/${id}/accept`);
    await must(origin, keys.ops, "POST", `/api/v1/ops/deals/${id}/introduce`);
    await must(origin, keys.ops, "POST", `/api/v1/ops/deals/${id}/terms`, TERMS(0));
    pool.push(id);
  }
  if (pool.length < size) throw new Error(`deals: only ${pool.length} of Alpha's deals could be taken to in_closing (${size} wanted)`);
  return pool.slice(0, size);
}

/** The n-th terms of a run: the price varies, so that every step really changes the deal. */
const TERMS = (n: number) => ({ price_per_share: (10 + (n % 9000) / 100).toFixed(2), volume: "100", structure: "direct", sign_date: "2026-01-02" });

/**
 * Alpha's deals for the list's scenarios, and the step's scenario: POST /ops/deals/{id}/terms as
 * the marketplace team, rotating over a pool of deals in closing (one per write connection, as the
 * indications' change rotates over rows).
 */
export async function prepareDeals(origin: string, keys: Keys, smoke: boolean): Promise<WriteScenario> {
  await topUpDeals(origin, keys, smoke ? 20 : 300);
  const pool = await closingPool(origin, keys, 8);
  return {
    name: "step",
    route: "POST /ops/deals/{id}/terms",
    request: (n) => ({ method: "POST", path: `/api/v1/ops/deals/${pool[n % pool.length]}/terms`, body: JSON.stringify(TERMS(n)) }),
  };
}
