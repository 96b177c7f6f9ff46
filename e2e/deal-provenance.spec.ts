import type { APIRequestContext, Page } from "@playwright/test";
import { apiKeyFor } from "./support/api";
import { ACCOUNTS } from "./support/env";
import { expect, hydrated, shot, signInAs, test } from "./support/fixtures";
import { wrappedNumbers } from "./support/layout-checks";
import { expectAccessible } from "./support/workflow";

/**
 * Where a deal's provenance shows (issue 45): a deal walked to closed through the API (Beta asks
 * on an offer of Alpha's, Alpha accepts, the marketplace team introduces, records the terms and
 * closes), then Alpha's trade page links its deal, the marketplace team's queue filtered to trades
 * from a deal shows both, and verifying one offers to verify its twin; an indication of Alpha's
 * shows its open deal and a crossing bid of Beta's. At 1,440×900 and 390×844.
 */

type Json = Record<string, unknown>;

async function call(request: APIRequestContext, key: string, path: string, body?: unknown): Promise<Json> {
  const response = await request.fetch(`/api/v1${path}`, {
    method: body === undefined && !/\/(accept|introduce)$/.test(path) ? "GET" : "POST",
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    data: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as Json;
}

const OFFER = { side: "offer", price_per_share: "20", volume: "1000", minimum_volume: "100", structure: "direct", acceptable_structures: [], visibility: "order_book_anonymous", stock_type: "secondary", stock_class_type: "preferred" };

/** A company of the directory, one per size (its own book: the matches below are this run's). */
async function companyOf(request: APIRequestContext, key: string, n: number): Promise<string> {
  const { companies } = (await call(request, key, "/companies?per_page=20&q=a")) as { companies: { id: string }[] };
  return companies[n].id;
}

async function expectNoSidewaysScroll(page: Page, what: string) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), `${what}: wider than the window`).toBeLessThanOrEqual(0);
  expect(await wrappedNumbers(page), `${what}: numbers broken across lines`).toEqual([]);
}

for (const [size, viewport, n] of [
  ["1440x900", { width: 1440, height: 900 }, 11],
  ["390x844", { width: 390, height: 844 }, 12],
] as const) {
  test(`a deal's trades and an indication's deals and matches, ${size}`, async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const phone = viewport.width < 640;
    const alpha = apiKeyFor(ACCOUNTS.broker);
    const beta = apiKeyFor(ACCOUNTS.betaBroker);
    const ops = apiKeyFor(ACCOUNTS.ops);
    const issuer_id = await companyOf(request, alpha, n);
    const today = new Date().toISOString().slice(0, 10);

    // The deal, walked to closed through the API.
    const offer = await call(request, alpha, "/my/indications", { ...OFFER, issuer_id });
    const asked = await call(request, beta, `/market/indications/${offer.permalink_id as string}/interests`, { volume: "500" });
    const dealId = asked.id as string;
    await call(request, alpha, `/my/deals/${dealId}/accept`);
    await call(request, ops, `/ops/deals/${dealId}/introduce`);
    await call(request, ops, `/ops/deals/${dealId}/terms`, { price_per_share: "19.5", volume: "400", structure: "direct", sign_date: today });
    await call(request, ops, `/ops/deals/${dealId}/close`, { won_date: today });
    const [alphaTrade] = (await call(request, alpha, `/my/deals/${dealId}`)).trade_ids as string[];
    const [betaTrade] = (await call(request, beta, `/my/deals/${dealId}`)).trade_ids as string[];

    // 1. Alpha's trade page says where the trade comes from.
    await signInAs(page, ACCOUNTS.broker, `/trades/${alphaTrade}`);
    const from = page.getByTestId("trade-deal");
    await expect(from).toContainText("From deal");
    await expect(from.getByTestId("deal-link")).toHaveAttribute("href", `/deals/${dealId}`);
    // Alpha owned the offer: it sold, and the marketplace team reads Beta's twin as the buy.
    await expect(from).toContainText("your team sold, as the deal's owner on an offer.");
    await expectNoSidewaysScroll(page, "trade page");
    await expectAccessible(page, `the trade page at ${size}`);
    await shot(page, testInfo, "trade");

    // 2. The marketplace team's queue, trades from a deal only, newest first: both of this deal's.
    await signInAs(page, ACCOUNTS.ops, `/verification?${new URLSearchParams({ from_deal: "true", sort: "-created_at" })}`);
    const rowOf = (id: string) => page.getByTestId(phone ? "row-card" : "table-row").filter({ has: page.locator(`[data-testid="open-trade"][href="/trades/${id}"]`) });
    for (const [mine, twin] of [
      [alphaTrade, betaTrade],
      [betaTrade, alphaTrade],
    ]) {
      const row = rowOf(mine);
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId("deal-link")).toHaveAttribute("href", `/deals/${dealId}`);
      await expect(row.getByTestId("queue-twin").getByRole("link")).toHaveAttribute("href", `/trades/${twin}`);
    }
    // The filter shows as a chip of the bar (on a phone, behind Filters).
    if (!phone) await expect(page.getByRole("button", { name: /Origin/ })).toBeVisible();
    await expectNoSidewaysScroll(page, "queue");

    // Verifying Alpha's offers Beta's, its twin; one click verifies it too.
    const verify = rowOf(alphaTrade).getByTestId("verify-trade");
    await hydrated(verify);
    await verify.click();
    const results = page.getByTestId("verify-results");
    await expect(results).toContainText("verified");
    const offerTwin = results.getByTestId("twin-offer");
    await expect(offerTwin).toContainText(/Also verify its twin \(Beta.*’s trade /);
    await expectAccessible(page, `the queue with the twin's offer at ${size}`);
    await shot(page, testInfo, "twin-offer");
    await offerTwin.getByTestId("verify-twin").click();
    await expect(results.getByTestId("twin-offer")).toHaveCount(0);
    await expect(results.locator('li[data-ok="true"]')).toHaveCount(2);
    const both = (await call(request, ops, `/ops/trades?deal_id=${dealId}`)) as { trades: { is_verified: boolean }[] };
    expect(both.trades.map((trade) => trade.is_verified)).toEqual([true, true]);
    await shot(page, testInfo, "both-verified");
    await page.goto(`/trades/${betaTrade}`);
    await expect(page.getByTestId("trade-deal")).toContainText(/: Beta.* bought, as the deal's requester on an offer\./);

    // 3. An offer of Alpha's with a request on it and a crossing bid of Beta's.
    const second = await call(request, alpha, "/my/indications", { ...OFFER, issuer_id, price_per_share: "21" });
    const bid = await call(request, beta, "/my/indications", { ...OFFER, issuer_id, side: "bid", price_per_share: "22.5", structure: undefined, acceptable_structures: ["direct"] });
    const open = await call(request, beta, `/market/indications/${second.permalink_id as string}/interests`, { volume: "250" });
    await signInAs(page, ACCOUNTS.broker, `/indications/${second.id as string}`);
    const deal = page.getByTestId("indication-deal");
    await expect(deal).toHaveCount(1);
    await expect(deal.getByTestId("deal-link")).toHaveAttribute("href", `/deals/${open.id as string}`);
    const match = page.getByTestId("indication-match").filter({ has: page.locator(`a[href="/market/${bid.permalink_id as string}"]`) });
    await expect(match).toHaveCount(1);
    await expect(match).toContainText("$22.50");
    await expectNoSidewaysScroll(page, "indication page");
    await expectAccessible(page, `the indication page at ${size}`);
    await shot(page, testInfo, "indication");
  });
}
