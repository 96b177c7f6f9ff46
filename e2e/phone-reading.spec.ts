import type { Locator, Page } from "@playwright/test";
import { apiKeyFor } from "./support/api";
import { ACCOUNTS } from "./support/env";
import { expect, shot, signInAs, test } from "./support/fixtures";
import { wrappedNumbers } from "./support/layout-checks";

/**
 * What a phone (390×844) shows of the header, the bell and a company's market, read as a person
 * reads it (issue 43): the bell's panel inside the window, whole names, numbers on one line, the
 * order book's and the tape's columns apart, their captions whole, the chart's words legible.
 */

const PHONE = { width: 390, height: 844 };

type Box = { x: number; y: number; width: number; height: number };
const box = async (locator: Locator): Promise<Box> => (await locator.boundingBox())!;

/** A company with verified trades in the chart's year and quotes on both sides, as the API shows it to `key`. */
async function tradedCompany(page: Page, key: string): Promise<{ id: string; name: string }> {
  const headers = { authorization: `Bearer ${key}` };
  const trades = (await (await page.request.get("/api/v1/my/trades?is_verified=true&per_page=50", { headers })).json()) as { trades: { issuer: { id: string; name: string } }[] };
  for (const { issuer } of trades.trades) {
    const book = (await (await page.request.get(`/api/v1/companies/${issuer.id}/order_book?depth=1`, { headers })).json()) as { best_bid: string | null; best_offer: string | null };
    if (book.best_bid !== null && book.best_offer !== null) return issuer;
  }
  throw new Error("no company with trades and both quotes");
}

test.use({ viewport: PHONE });

test("the bell's panel opens inside the window, for a broker and for the marketplace team, and names a volume in dollars", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  const alphaKey = apiKeyFor(ACCOUNTS.broker);
  const betaKey = apiKeyFor(ACCOUNTS.betaBroker);
  const [company] = ((await (await page.request.get("/api/v1/companies?per_page=1&q=o", { headers: { authorization: `Bearer ${alphaKey}` } })).json()) as { companies: { id: string; name: string }[] }).companies;
  expect([200, 201]).toContain((await page.request.put(`/api/v1/my/watchlist/${company.id}`, { headers: { authorization: `Bearer ${alphaKey}` } })).status());
  const offer = { issuer_id: company.id, side: "offer", price_per_share: "14.25", volume: "200000", acceptable_structures: [], structure: "direct", visibility: "order_book_public", stock_type: "secondary", stock_class_type: "preferred" };
  const posted = await page.request.post("/api/v1/my/indications", { headers: { authorization: `Bearer ${betaKey}` }, data: offer });
  expect(posted.status(), await posted.text()).toBe(201);

  for (const email of [ACCOUNTS.broker, ACCOUNTS.ops]) {
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: PHONE });
    const phone = await context.newPage();
    try {
      await signInAs(phone, email, "/companies");
      const bell = phone.getByTestId("notification-bell");
      const panel = phone.getByTestId("notification-panel");
      // A context of its own has no hydration probe (fixtures.ts): a click before hydration is lost, so click until it opens.
      await expect(async () => {
        if (!(await panel.isVisible())) await bell.click();
        await expect(panel).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 20_000 });
      const { x, width } = await box(panel);
      expect(x, `${email}: the panel's left edge`).toBeGreaterThanOrEqual(0);
      expect(x + width, `${email}: the panel's right edge`).toBeLessThanOrEqual(PHONE.width);
      await expect(panel.getByRole("heading", { name: "Notifications" })).toBeInViewport({ ratio: 1 });
      if (email === ACCOUNTS.broker) {
        const item = panel.getByTestId("notification-item").filter({ hasText: `New offer in ${company.name}` }).first();
        await expect(item).toContainText("$14.25 a share, $200,000 (Beta)");
        await expect(item).toBeInViewport({ ratio: 1 });
      }
      await shot(phone, testInfo, `bell-${email}`);
    } finally {
      await context.close();
    }
  }
});

test("the header shows the whole name, team and role of who is signed in", async ({ page }) => {
  await signInAs(page, ACCOUNTS.ops, "/companies");
  const name = page.getByTestId("current-user-name");
  await expect(name).toHaveText("Ibrahim Novak");
  await expect(name).toBeInViewport({ ratio: 1 });
  // Nothing cut: each line's text no wider than its box (an ellipsis hid "…ak"), inside the window.
  for (const line of await page.getByTestId("current-user").locator("p").all()) {
    expect(await line.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(line).toBeInViewport({ ratio: 1 });
  }
  await expect(page.getByTestId("current-user-team")).toHaveText("Marketplace Operations");
  await expect(page.getByTestId("current-user-role")).toHaveText("Marketplace ops");
});

test("a company's order book and tape read at 390 px: no number wraps, prices right-aligned to one count of decimals, columns apart, captions whole", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const key = apiKeyFor(ACCOUNTS.broker);
  const company = await tradedCompany(page, key);
  await signInAs(page, ACCOUNTS.broker, `/companies/${company.id}`);
  await expect(page.getByTestId("tape-row").first()).toBeVisible();
  expect(await wrappedNumbers(page)).toEqual([]);
  // The book's summary breaks between its pairs, never inside one ("spread" once sat above "-$41.73").
  const pairs = await page.getByTestId("spread").locator(":scope > span.whitespace-nowrap").evaluateAll((spans) => spans.map((span) => span.getClientRects().length));
  // Each pair on one line, and the "Crossed" pill (when the book is) whole too ("…above an / offer" once).
  expect(pairs.length).toBeGreaterThanOrEqual(3);
  expect(pairs.filter((lines) => lines !== 1)).toEqual([]);

  for (const side of ["bid", "offer"] as const) {
    const levels = page.getByTestId(`${side}-level`);
    const prices = await levels.locator("td:first-child").allInnerTexts();
    expect(prices.length).toBeGreaterThan(0);
    // The tables' price rule: one count of decimals for the column (2, or 4 under a dollar).
    const places = new Set(prices.map((p) => /\.(\d+)$/.exec(p.trim())?.[1].length));
    expect(places.size, prices.join(" ")).toBe(1);
    expect([2, 4]).toContain([...places][0]);
    expect(await levels.first().locator("td:first-child").evaluate((td) => getComputedStyle(td).textAlign)).toBe("right");
  }

  // Every cell's text ends before the next cell's begins: "$6.12" and "11,521,793.9" never touch.
  const gaps = await page.getByTestId("tape-row").evaluateAll((rows) =>
    rows.flatMap((row) => {
      // The cells a phone shows: structure and team are under the date there.
      const boxes = [...row.querySelectorAll("td")].filter((td) => td.getClientRects().length > 0).map((td) => {
        const range = document.createRange();
        range.selectNodeContents(td);
        return range.getBoundingClientRect();
      });
      return boxes.slice(1).map((b, i) => b.left - boxes[i].right);
    }),
  );
  expect(Math.min(...gaps)).toBeGreaterThanOrEqual(8);
  // The headers a phone shows (a hidden one's innerText is still its text).
  const header = await page.getByTestId("trade-tape").locator("thead th").evaluateAll((ths) => ths.filter((th) => th.getClientRects().length > 0).map((th) => (th as HTMLElement).innerText));
  expect(header.map((h) => h.replace(/\s+/g, " ").trim())).toEqual(["Signed", "Price / share", "Volume"]);
  // The tape fits its card (it once scrolled inside it, its team cut to "Not attri…"); each row says whose trade it was.
  const frame = page.getByTestId("trade-tape").getByRole("region");
  expect(await frame.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await expect(page.getByTestId("tape-row-who").first()).toContainText(/ · (Not attributed|\S)/);

  const summary = page.getByTestId("tape-summary");
  // Captions whole (no ellipsis), dates as everywhere else, counts in the singular when one.
  for (const note of await summary.locator("dd:last-child").all()) expect(await note.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expect(summary).not.toContainText(/\d{4}-\d{2}-\d{2}/);
  await expect(summary).not.toContainText(/\b1 trades\b/);
  const tape = page.getByTestId("trade-tape");
  await expect(tape).not.toContainText("/api/v1/companies/");
  await expect(tape.getByRole("link", { name: "the company's trades" })).toHaveAttribute("href", /^\/docs\/api\.md#/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, testInfo, "company-market");
});
