import type { Browser, Page } from "@playwright/test";
import { apiKeyFor } from "./support/api";
import { ACCOUNTS } from "./support/env";
import { expect, hydrated, newPersonContext, shot, test, useSession as signedIn } from "./support/fixtures";
import { expectAccessible, type Company } from "./support/workflow";

/**
 * Issue 45's walk, every step in a browser, three people at once: broker@beta finds Alpha's
 * anonymous offer on the company page and asks for an introduction; broker@alpha, on another page,
 * hears of it through the bell (live) and opens it: "a counterparty", and Beta nowhere on the page;
 * Alpha accepts; the marketplace team introduces, and both open pages now name the other side; it
 * records the terms and closes; each team's trade table shows its new trade linked to the deal;
 * the marketplace team verifies both from the queue (the second as the first's twin). At a laptop's
 * and a phone's width; axe on the pages of the walk. Only the order is made through the API.
 */

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

type Size = (typeof SIZES)[number];

async function person(browser: Browser, size: Size, email: string): Promise<Page> {
  const context = await newPersonContext(browser, { viewport: size });
  const page = await context.newPage();
  await signedIn(page, email);
  return page;
}

const unread = async (page: Page) => Number((await page.getByTestId("notification-count").textContent({ timeout: 100 }).catch(() => "0")) ?? "0");

const noSidewaysScroll = (page: Page) => expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

/** Opens a step's dialog on the deal page, fills its fields and sends it; waits for the stage it leads to. */
async function takeStep(page: Page, step: string, fields: Record<string, string>, stage: string) {
  await hydrated(page.getByTestId(`deal-step-${step}`));
  await page.getByTestId(`deal-step-${step}`).click();
  const dialog = page.getByTestId(`deal-step-${step}-dialog`);
  for (const [name, value] of Object.entries(fields)) {
    const field = dialog.getByTestId(`field-${name}`);
    if ((await field.evaluate((el) => el.tagName)) === "SELECT") await field.selectOption(value);
    else await field.fill(value);
  }
  await dialog.getByTestId(`deal-step-${step}-submit`).click();
  await expect(page.getByTestId("deal-page")).toHaveAttribute("data-stage", stage);
}

/** The team's /trades, newest record first: the trade's row or card links the deal. */
async function expectTradeLinked(page: Page, tradeId: string, dealId: string) {
  await page.goto("/trades?sort=-created_at");
  const row = page.locator("[data-testid=table-row], [data-testid=row-card]").filter({ has: page.locator(`a[href="/trades/${tradeId}"]`) });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("deal-link")).toHaveAttribute("href", `/deals/${dealId}`);
  await noSidewaysScroll(page);
}

for (const [index, size] of SIZES.entries()) {
  test(`at ${size.width}×${size.height}: from Alpha's anonymous offer in the book to two verified trades, every step in the browser`, async ({ browser, request }, testInfo) => {
    test.setTimeout(240_000);
    const phone = size.width < 640;
    const alphaKey = { authorization: `Bearer ${apiKeyFor(ACCOUNTS.broker)}` };
    // A company no name on the page could be taken for a team's; an offer below every other, so the ladder shows it first.
    const { companies } = (await (await request.get("/api/v1/companies?per_page=60&q=a", { headers: alphaKey })).json()) as { companies: Company[] };
    const company = companies.filter((c) => !/alpha|beta|counterparty/i.test(c.name))[30 + index];
    const created = await request.post("/api/v1/my/indications", {
      headers: alphaKey,
      data: { issuer_id: company.id, side: "offer", price_per_share: "0.51", volume: "300000", minimum_volume: "50000", structure: "direct", acceptable_structures: [], visibility: "order_book_anonymous", stock_type: "secondary", stock_class_type: "preferred" },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { permalink_id: permalink } = (await created.json()) as { permalink_id: string };

    const alpha = await person(browser, size, ACCOUNTS.broker);
    const beta = await person(browser, size, ACCOUNTS.betaBroker);
    const ops = await person(browser, size, ACCOUNTS.ops);
    try {
      // Alpha is at work on its deals; its bell follows the stream.
      await alpha.goto("/deals");
      await hydrated(alpha.getByTestId("notification-bell"));
      const before = await unread(alpha);

      // Beta: the offer in the book, no team named; Ask; the order's page; the form.
      await beta.goto(`/companies/${company.id}`);
      const row = beta.locator(`[data-testid=offer-ladder] tr[data-permalink="${permalink}"]`);
      await expect(row.getByTestId("order-link")).toHaveText(/^Anonymous/);
      await expect(row).not.toContainText("Alpha");
      const ask = row.getByRole("link", { name: "Ask for an introduction" });
      await hydrated(ask);
      await ask.click();
      await expect(beta).toHaveURL(new RegExp(`/market/${permalink}#ask$`));
      await expect(beta.getByTestId("order-team")).toHaveText("Anonymous");
      await expectAccessible(beta, `the order's page at ${size.width} px`);
      await shot(beta, testInfo, "order");
      await beta.getByTestId("field-volume").fill("200,000");
      await beta.getByTestId("field-note").fill("For a fund client");
      await hydrated(beta.getByTestId("ask-submit"));
      await beta.getByTestId("ask-submit").click();
      await expect(beta).toHaveURL(/\/deals\/[0-9a-f-]{36}$/);
      const dealId = new URL(beta.url()).pathname.split("/").pop()!;
      await expect(beta.getByTestId("deal-page")).toHaveAttribute("data-stage", "requested");
      await expect(beta.getByTestId("party-owner")).toContainText("A counterparty");
      expect(await beta.locator("body").innerText()).not.toContain("Alpha");
      await expectAccessible(beta, `the requester's deal page at ${size.width} px`);

      // Alpha: told live, without a reload; the notification opens the deal, which names no one.
      await expect.poll(() => unread(alpha), { timeout: 15_000 }).toBeGreaterThan(before);
      await alpha.getByTestId("notification-bell").click();
      const told = alpha.getByTestId("notification-item").filter({ hasText: "A counterparty asked for an introduction" }).filter({ hasText: company.name });
      await expect(told).toHaveCount(1);
      await expect(told).toHaveAttribute("href", `/deals/${dealId}`);
      await expect(told).not.toContainText("Beta");
      await told.click();
      await expect(alpha).toHaveURL(new RegExp(`/deals/${dealId}$`));
      // Followed, the notification's panel closes: the page it opened is what is read now.
      await expect(alpha.getByTestId("notification-panel")).toBeHidden();
      await expect(alpha.getByTestId("party-requester")).toContainText("A counterparty");
      expect(await alpha.locator("body").innerText()).not.toContain("Beta");
      await noSidewaysScroll(alpha);
      await shot(alpha, testInfo, "owner-requested");
      await hydrated(alpha.getByTestId("deal-step-accept"));
      await alpha.getByTestId("deal-step-accept").click();
      await expect(alpha.getByTestId("deal-page")).toHaveAttribute("data-stage", "accepted");
      expect(await alpha.locator("body").innerText()).not.toContain("Beta");

      // The marketplace team: its desk, the deal, Introduce.
      await ops.goto("/ops/deals?stage=accepted");
      const listed = ops.locator("[data-testid=table-row], [data-testid=row-card]").filter({ has: ops.locator(`a[href="/deals/${dealId}"]`) });
      await expect(listed).toContainText("Beta");
      await expectAccessible(ops, `the deal desk at ${size.width} px`);
      await ops.goto(`/deals/${dealId}`);
      await hydrated(ops.getByTestId("deal-step-introduce"));
      await ops.getByTestId("deal-step-introduce").click();
      await expect(ops.getByTestId("deal-page")).toHaveAttribute("data-stage", "introduced");

      // Both parties' pages, open all along, now name the other side and its broker.
      await expect(alpha.getByTestId("party-requester")).toContainText("Beta");
      await expect(alpha.getByTestId("party-requester")).toContainText(ACCOUNTS.betaBroker);
      await expect(beta.getByTestId("party-owner")).toContainText("Alpha");
      await expect(beta.getByTestId("party-owner")).toContainText(ACCOUNTS.broker);
      await shot(beta, testInfo, "requester-introduced");

      // Terms, then the close, which records both trades.
      const today = new Date().toISOString().slice(0, 10);
      await takeStep(ops, "terms", { price_per_share: "0.50", volume: "150,000", structure: "direct", sign_date: today }, "in_closing");
      await takeStep(ops, "close", { won_date: today }, "closed");
      // The marketplace team sees both trades, each named by its team.
      await expect(ops.getByTestId("deal-trades").locator("li")).toHaveText([/^Beta: TRD-\S+$/, /^Alpha: TRD-\S+$/]);
      await expectAccessible(ops, `the closed deal as the marketplace team at ${size.width} px`);
      await shot(ops, testInfo, "closed");

      // Each team's table shows its trade of the close, linked to the deal.
      await expect(alpha.getByTestId("deal-page")).toHaveAttribute("data-stage", "closed");
      const alphaTrade = alpha.getByTestId("deal-trades").getByRole("link");
      await expect(alphaTrade).toHaveCount(1);
      // Named as every page names a trade, by its permalink, the id in its title.
      await expect(alphaTrade).toHaveText(/^TRD-[A-Z0-9]+$/);
      const alphaTradeId = (await alphaTrade.getAttribute("href"))!.split("/").pop()!;
      await expect(beta.getByTestId("deal-page")).toHaveAttribute("data-stage", "closed");
      const betaTradeId = (await beta.getByTestId("deal-trades").getByRole("link").getAttribute("href"))!.split("/").pop()!;
      await expectTradeLinked(alpha, alphaTradeId, dealId);
      await expectTradeLinked(beta, betaTradeId, dealId);
      await shot(beta, testInfo, "trades");

      // The queue: both, each showing the deal; verify one, then its twin from the offer.
      await ops.goto(`/verification?deal_id=${dealId}`);
      const queued = (id: string) => ops.getByTestId(phone ? "row-card" : "table-row").filter({ has: ops.locator(`[data-testid="open-trade"][href="/trades/${id}"]`) });
      await expect(queued(alphaTradeId)).toHaveCount(1);
      await expect(queued(betaTradeId)).toHaveCount(1);
      await hydrated(queued(alphaTradeId).getByTestId("verify-trade"));
      await queued(alphaTradeId).getByTestId("verify-trade").click();
      const results = ops.getByTestId("verify-results");
      await results.getByTestId("verify-twin").click();
      await expect(results.locator('li[data-ok="true"]')).toHaveCount(2);
      await expectAccessible(ops, `the queue after verifying both at ${size.width} px`);
      await shot(ops, testInfo, "verified");
      const both = (await (await request.get(`/api/v1/my/deals/${dealId}`, { headers: alphaKey })).json()) as { trade_ids: string[] };
      expect(both.trade_ids).toEqual([alphaTradeId]);
      await alpha.goto(`/trades/${alphaTradeId}`);
      await expect(alpha.getByTestId("trade-deal").getByTestId("deal-link")).toHaveAttribute("href", `/deals/${dealId}`);
      await expect(alpha.getByText("Verified", { exact: false }).first()).toBeVisible();
    } finally {
      for (const page of [alpha, beta, ops]) await page.context().close();
    }
  });
}
