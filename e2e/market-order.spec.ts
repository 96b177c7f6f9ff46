import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { apiKeyFor } from "./support/api";
import { ACCOUNTS } from "./support/env";
import { expect, hydrated, shot, signInAs, test } from "./support/fixtures";

/**
 * An order's page (/market/{permalink_id}) from the order book, at a laptop's and a phone's
 * width: broker@beta finds Alpha's anonymous offer on the company page with no team named, asks
 * for an introduction from its row, lands on the order's page with the form, sends it and lands on
 * the deal's page; asking again (from a second tab opened before) shows the deal the team already has.
 * axe finds nothing serious on the order's page; nothing is wider than the window; no console error.
 */

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/** Errors and warnings the page logs, and its uncaught exceptions, while `watching`. */
function consoleErrors(page: Page): { seen: string[]; watching: boolean } {
  const log = { seen: [] as string[], watching: true };
  page.on("console", (message) => {
    if (log.watching && (message.type() === "error" || message.type() === "warning")) log.seen.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => log.watching && log.seen.push(`pageerror: ${String(error)}`));
  return log;
}

async function pageWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

for (const size of SIZES) {
  test(`at ${size.width} px: broker@beta asks for an introduction on Alpha's anonymous offer, from the book to the deal`, async ({ page }, testInfo) => {
    test.setTimeout(150_000);
    await page.setViewportSize(size);
    const alpha = { authorization: `Bearer ${apiKeyFor(ACCOUNTS.broker)}` };
    const { companies } = (await (await page.request.get("/api/v1/companies?per_page=1", { headers: alpha })).json()) as { companies: { id: string; name: string }[] };
    const company = companies[0];
    // At the top of the offers (lowest price first), so the page's ladder shows it; amounts as long
    // as QA's, whose minimum ran past the heading's card on a phone.
    const created = await page.request.post("/api/v1/my/indications", {
      headers: alpha,
      data: { issuer_id: company.id, side: "offer", price_per_share: "1.01", volume: "4205708.36", minimum_volume: "1312000", structure: "direct", acceptable_structures: [], visibility: "order_book_anonymous", stock_type: "secondary", stock_class_type: "preferred" },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { permalink_id: permalink } = (await created.json()) as { permalink_id: string };

    const log = consoleErrors(page);
    await signInAs(page, ACCOUNTS.betaBroker, `/companies/${company.id}`);
    const row = page.locator(`[data-testid=offer-ladder] tr[data-permalink="${permalink}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId("order-link")).toHaveText(/^Anonymous/);
    // Alpha's name is nowhere in the row (nor, below, on the order's page), unless the company's own name holds it.
    const named = company.name.includes("Alpha") ? null : "Alpha";
    if (named) await expect(row).not.toContainText(named);
    await expect(row.getByTestId("order-link")).toHaveAttribute("href", `/market/${permalink}`);
    expect(await pageWidth(page), "the company page fits the window").toBeLessThanOrEqual(size.width);
    await shot(page, testInfo, "book");

    // A second tab on the order, opened before the ask, will ask again. Its live stream is cut:
    // with it, the page redraws as the deal is made and offers no form to ask with (its own
    // console is not judged, the cut stream logs).
    const again = await page.context().newPage();
    await again.setViewportSize(size);
    await again.route("**/api/v1/my/stream**", (route) => route.abort());
    await again.goto(`/market/${permalink}`);

    await hydrated(row.getByRole("link", { name: "Ask for an introduction" }));
    await row.getByRole("link", { name: "Ask for an introduction" }).click();
    await expect(page).toHaveURL(new RegExp(`/market/${permalink}#ask$`));
    const order = page.getByTestId("market-order-page");
    await expect(order.getByRole("heading", { level: 1 })).toHaveText(`Offer in ${company.name}`);
    await expect(order.getByTestId("order-team")).toHaveText("Anonymous");
    if (named) await expect(order).not.toContainText(named);
    await expect(page.getByTestId("field-volume")).toHaveValue("4,205,708.36");
    expect(await pageWidth(page), "the order's page fits the window").toBeLessThanOrEqual(size.width);
    // The terms wrap inside the heading's card: nothing of them overflows it.
    // Amounts as the form's hint writes them: whole dollars, cents only where the order has some.
    await expect(order.getByTestId("order-terms")).toContainText("$4,205,708.36 (at least $1,312,000)");
    expect(await order.getByTestId("order-terms").evaluate((terms) => terms.scrollWidth - terms.clientWidth), "the terms fit their card").toBe(0);
    // The form writes the order's bounds as the book does (whole dollars), its cents where it has some.
    await expect(page.getByTestId("ask-form")).toContainText("From $1,312,000 to $4,205,708.36: the order's minimum to its volume.");
    const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
    expect(serious).toEqual([]);
    await shot(page, testInfo, "order");

    // Out of the order's bounds: refused at the field, as the API refuses it.
    const submit = page.getByTestId("ask-submit");
    await hydrated(submit);
    await page.getByTestId("field-volume").fill("$5,000,000");
    await submit.click();
    // The bound as the page writes amounts, not the API's bare digits ("volume, 250000").
    await expect(page.getByTestId("error-volume")).toContainText("at most the order's volume, $4,205,708.36");
    await page.getByTestId("field-volume").fill("10,000");
    await submit.click();
    await expect(page.getByTestId("error-volume")).toContainText("at least the order's minimum, $1,312,000.");
    await expect(page.getByTestId("error-volume")).not.toContainText("$1,312,000.00");
    await expect(page.getByTestId("error-volume")).not.toContainText("1312000");
    await page.getByTestId("field-volume").fill("2,000,000");
    await page.getByTestId("field-note").fill("For a fund client");
    // The deal's page belongs to another part of the dashboard: what is checked here is where the ask leads.
    log.watching = false;
    const orderUrl = page.url();
    await submit.click();
    await expect(page).toHaveURL(/\/deals\/[0-9a-f-]{36}$/);
    const deal = new URL(page.url()).pathname;

    // The tab opened before: its form answers with the deal the team already has.
    await again.bringToFront();
    const secondSubmit = again.getByTestId("ask-submit");
    await hydrated(secondSubmit);
    await secondSubmit.click();
    await expect(again.getByTestId("form-error")).toContainText("already has an open deal on this order");
    await expect(again.getByTestId("existing-deal")).toHaveAttribute("href", deal);
    await shot(again, testInfo, "deal-exists");
    // Opened afresh, the page says so instead of offering the form.
    await again.reload();
    await expect(again.getByTestId("deal-exists")).toBeVisible();
    await expect(again.getByTestId("ask-form")).toHaveCount(0);
    await expect(again.getByTestId("deal-exists").getByRole("link")).toHaveAttribute("href", deal);
    await again.close();

    // Once the deal ends, the order still leads to it, and a new request may be asked for.
    const beta = { authorization: `Bearer ${apiKeyFor(ACCOUNTS.betaBroker)}` };
    expect((await page.request.post(`/api/v1/my${deal}/withdraw`, { headers: beta, data: {} })).status()).toBe(200);
    await page.goto(orderUrl);
    await expect(page.getByTestId("ended-deal").first()).toHaveAttribute("href", deal);
    await expect(page.getByTestId("ended-deals").getByTestId("deal-stage").first()).toHaveAttribute("data-stage", "dead");
    await expect(page.getByTestId("ask-form")).toBeVisible();

    expect(log.seen).toEqual([]);
  });
}
