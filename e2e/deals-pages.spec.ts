import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { NEW_BID } from "../lib/testing/fixtures/bodies";
import { apiKeyFor } from "./support/api";
import { ACCOUNTS } from "./support/env";
import { expect, hydrated, newPersonContext, shot, test, useSession } from "./support/fixtures";
import { expectAccessible, type Company } from "./support/workflow";

/**
 * The deal pages (issue 45): broker@alpha finds a deal Beta asked for on Alpha's anonymous offer
 * through /deals (a stage filter, then the board), opens it and sees "a counterparty" with no trace
 * of Beta, accepts it; the marketplace team sees it accepted on its desk and introduces it; Alpha's
 * page, still open, names Beta as the stream tells it. At a laptop's and a phone's width, axe clean.
 * The deal is made through the API for each run (other specs share the database).
 */

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** Alpha's new anonymous offer in a company whose name cannot be taken for Beta's, and Beta's ask on it. */
async function betaAsksAlpha(request: APIRequestContext): Promise<{ id: string; company: Company }> {
  const alpha = { authorization: `Bearer ${apiKeyFor(ACCOUNTS.broker)}` };
  const beta = { authorization: `Bearer ${apiKeyFor(ACCOUNTS.betaBroker)}` };
  const listed = (await (await request.get("/api/v1/companies?per_page=50", { headers: alpha })).json()) as { companies: Company[] };
  const company = listed.companies.find((c) => !/beta/i.test(c.name))!;
  const offer = await request.post("/api/v1/my/indications", {
    headers: alpha,
    data: { ...NEW_BID, issuer_id: company.id, side: "offer", structure: "direct", acceptable_structures: [], price_per_share: "20", volume: "1000", minimum_volume: "100" },
  });
  expect(offer.status(), await offer.text()).toBe(201);
  const { permalink_id } = (await offer.json()) as { permalink_id: string };
  const asked = await request.post(`/api/v1/market/indications/${permalink_id}/interests`, { headers: beta, data: { volume: "500", note: "For a fund client" } });
  expect(asked.status(), await asked.text()).toBe(201);
  return { id: ((await asked.json()) as { id: string }).id, company };
}

/** Opens a filter of the page's bar (on a phone, from the Filters sheet) and ticks one value. */
async function tick(page: Page, phone: boolean, param: string, value: string) {
  if (phone) {
    await hydrated(page.getByTestId("open-filters"));
    await page.getByTestId("open-filters").click();
  }
  await hydrated(page.getByTestId(`filter-${param}`));
  await page.getByTestId(`filter-${param}`).click();
  await page.getByTestId(`filter-${param}-${value}`).check();
  await expect(page).toHaveURL(new RegExp(`${param}=${value}`));
  await page.keyboard.press("Escape");
  if (phone && (await page.getByTestId("close-filters").isVisible())) await page.getByTestId("close-filters").click();
}

/** The row (laptop) or card (phone) of a deal list that opens deal `id`. */
const listed = (page: Page, id: string): Locator =>
  page.locator("[data-testid=table-row], [data-testid=row-card]").filter({ has: page.locator(`a[href="/deals/${id}"]`) });

const noSidewaysScroll = async (page: Page) => expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

for (const size of SIZES) {
  test(`at ${size.width}×${size.height}: Alpha accepts a deal it cannot yet see the other side of, ops introduces it, Alpha's page names Beta`, async ({ page, request, browser }, testInfo) => {
    test.setTimeout(180_000);
    const phone = size.width < 640;
    const deal = await betaAsksAlpha(request);
    await page.setViewportSize(size);
    await useSession(page, ACCOUNTS.broker);

    // /deals: filtered to the requested stage, then the board.
    await page.goto("/deals");
    await tick(page, phone, "stage", "requested");
    await expect(listed(page, deal.id)).toHaveCount(1);
    await expect(listed(page, deal.id).getByTestId("deal-stage")).toHaveText("Requested");
    await expect(listed(page, deal.id)).toContainText("a counterparty");
    await noSidewaysScroll(page);
    await expectAccessible(page, `/deals at ${size.width} px`);
    await shot(page, testInfo, "table");

    await page.getByRole("link", { name: "Board" }).click();
    await expect(page).toHaveURL(/view=board/);
    await expect(page).toHaveURL(/stage=requested/);
    const card = page.locator(`[data-testid=board-card][data-id="${deal.id}"]`);
    await expect(card).toContainText(deal.company.name);
    await expect(card).toContainText("a counterparty");
    await noSidewaysScroll(page);
    await expectAccessible(page, `/deals?view=board at ${size.width} px`);
    await shot(page, testInfo, "board");

    // Alpha was told of the request; opening the deal's page marks that read, as following the bell would.
    const alpha = { authorization: `Bearer ${apiKeyFor(ACCOUNTS.broker)}` };
    const unreadAboutDeal = async () =>
      ((await (await request.get("/api/v1/my/notifications?unread=true&limit=100", { headers: alpha })).json()) as { notifications: { resource: { id: string } | null }[] }).notifications.filter(
        (n) => n.resource?.id === deal.id,
      ).length;
    expect(await unreadAboutDeal()).toBeGreaterThan(0);

    // The deal: Alpha owns the order, Beta is not named, nowhere in the page (its payload included).
    await card.getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/deals/${deal.id}$`));
    const dealPage = page.getByTestId("deal-page");
    await expect(dealPage).toHaveAttribute("data-stage", "requested");
    await expect(page.getByTestId("party-requester")).toContainText("A counterparty");
    await expect(page.getByTestId("party-owner")).toContainText("Your team");
    expect(await page.locator("body").innerText()).not.toContain("Beta");
    await expect.poll(unreadAboutDeal).toBe(0);
    // Loaded afresh, the document holds this page's data only: none of it names Beta either.
    await page.reload();
    await expect(page.getByTestId("party-requester")).toContainText("A counterparty");
    expect(await page.content()).not.toContain("Beta");
    await noSidewaysScroll(page);
    await expectAccessible(page, `/deals/{id} at ${size.width} px`);
    await shot(page, testInfo, "requested");

    await hydrated(page.getByTestId("deal-step-accept"));
    await expect(page.getByTestId("deal-step-decline")).toBeVisible();
    // Declining is how the owner ends a request: no second button that ends it.
    await expect(page.getByTestId("deal-step-withdraw")).toHaveCount(0);
    await page.getByTestId("deal-step-accept").click();
    await expect(dealPage).toHaveAttribute("data-stage", "accepted");
    await expect(page.getByTestId("deal-action-status")).toContainText("Accepted");
    // The focus stays on the page, at what the step answered, though its button is gone.
    await expect(page.getByTestId("deal-action-status")).toBeFocused();
    await expect(page.getByTestId("deal-step-accept")).toHaveCount(0);
    expect(await page.locator("body").innerText()).not.toContain("Beta");

    // The marketplace team, in a browser of its own: its desk shows the deal accepted, both sides named.
    const opsContext = await newPersonContext(browser, { viewport: size });
    try {
      const ops = await opsContext.newPage();
      await useSession(ops, ACCOUNTS.ops);
      await ops.goto("/ops/deals?stage=accepted");
      await expect(listed(ops, deal.id).getByTestId("deal-stage")).toHaveText("Accepted");
      await expect(listed(ops, deal.id)).toContainText("Beta");
      await noSidewaysScroll(ops);
      await expectAccessible(ops, `/ops/deals at ${size.width} px`);
      await shot(ops, testInfo, "desk");
      await ops.goto(`/deals/${deal.id}`);
      // Reached from the desk: the navigation's current item is the desk, not the team's Deals.
      // (A CSS locator: on a phone the navigation is folded behind Menu, out of the accessibility tree.)
      await expect(ops.locator("nav[aria-label=Main] [aria-current=page]")).toHaveText("Deal desk");
      await expect(ops.getByTestId("party-requester")).toContainText("Beta");
      await expect(ops.getByTestId("party-owner")).toContainText("Alpha");
      await hydrated(ops.getByTestId("deal-step-introduce"));
      await ops.getByTestId("deal-step-introduce").click();
      await expect(ops.getByTestId("deal-page")).toHaveAttribute("data-stage", "introduced");
      await expectAccessible(ops, `/deals/{id} as the marketplace team at ${size.width} px`);
      await shot(ops, testInfo, "introduced-ops");
      // Its next step asks for the terms, checked as the API checks them before anything is sent.
      await ops.getByTestId("deal-step-terms").click();
      const dialog = ops.getByTestId("deal-step-terms-dialog");
      // It starts from what was asked: the order's price (the request named none) and the request's volume.
      await expect(dialog.getByTestId("field-price_per_share")).toHaveValue("20");
      await expect(dialog.getByTestId("field-volume")).toHaveValue("500");
      await dialog.getByTestId("field-price_per_share").fill("");
      await dialog.getByTestId("deal-step-terms-submit").click();
      await expect(dialog.getByTestId("error-price_per_share")).toBeVisible();
      await expectAccessible(ops, `the terms form at ${size.width} px`, "dialog[open]");
      await shot(ops, testInfo, "terms-form");
      await ops.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
    } finally {
      await opsContext.close();
    }

    // Alpha's page, open all along, follows the stream: now it names Beta and its broker.
    await expect(dealPage).toHaveAttribute("data-stage", "introduced");
    await expect(page.getByTestId("party-requester")).toContainText("Beta");
    await expect(page.getByTestId("party-requester")).toContainText("broker@beta.example");
    // Its history keeps the request as Alpha recorded it then, naming no one, and says why beside the names now shown.
    await expect(page.locator('[data-testid=history-event][data-action="deal.requested"]')).toContainText("by the other party (not named when this was recorded, before the introduction)");
    await expect(page.locator('[data-testid=history-event][data-action="deal.accepted"]')).toContainText(/^Accepted by \S/);
    await noSidewaysScroll(page);
    await shot(page, testInfo, "introduced");
  });
}
