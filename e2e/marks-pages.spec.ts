import type { Page } from "@playwright/test";
import { NEW_TRADE } from "../lib/testing/fixtures/bodies";
import { boundWords, markSentence } from "../lib/marks/words";
import { pricePlaces } from "../lib/format";
import type { CompanyMark, DayMark, DeskMembers } from "../lib/marks/schema";
import type { OrderBook } from "../lib/market/schema";
import { apiKeyFor } from "./support/api";
import { ACCOUNTS } from "./support/env";
import { expect, shot, test, useSession } from "./support/fixtures";
import { checkLayout, consoleErrors } from "./support/page-checks";

/**
 * The marks in the dashboard (issue 46): the company page says its mark in one sentence (the same
 * words as lib/marks/words.ts makes of GET /companies/{id}/mark) and draws its band; /market shows
 * the Desk 50's chart, its members and the movers; both at a laptop's and a phone's width, no
 * sideways scroll, no number broken across lines, axe clean, no console error. A user without
 * `companies` has no Market in the navigation and a 403 at /market.
 */

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/**
 * A mover: the demo's tape ends weeks ago, so every mark is carried and none moved today. A
 * verified trade today at 1.3 times a member's mark (the tape is verified trades) moves it up
 * since the day before, within 2 s (the updater).
 */
async function moveAMark(page: Page, auth: Record<string, string>, companyId: string) {
  const markOf = async () => ((await (await page.request.get(`/api/v1/companies/${companyId}/mark`, { headers: auth })).json()) as CompanyMark).mark!;
  const before = await markOf();
  const today = new Date().toISOString().slice(0, 10);
  const price = (Number(before.price_per_share) * 1.3).toFixed(4);
  const trade = { ...NEW_TRADE, issuer_id: companyId, price_per_share: price, volume: "5000000", stock_class_type: "preferred", stock_class: "Series B", sign_date: today, won_date: today };
  const made = await page.request.post("/api/v1/my/trades", { headers: auth, data: trade });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  const verified = await page.request.post(`/api/v1/ops/trades/${id}/verify`, { headers: { authorization: `Bearer ${apiKeyFor(ACCOUNTS.ops)}` } });
  expect(verified.status(), await verified.text()).toBe(200);
  await expect.poll(async () => Number((await markOf()).price_per_share), { timeout: 15_000 }).toBeGreaterThan(Number(before.price_per_share));
}

for (const size of SIZES) {
  test(`at ${size.width}×${size.height}: the company page's mark and band, the Market page's index, members and movers`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const phone = size.width < 640;
    const auth = { authorization: `Bearer ${apiKeyFor(ACCOUNTS.broker)}` };
    // A company with a trade behind its mark: its sentence says when.
    const day = (await (await page.request.get("/api/v1/marks?per_page=100", { headers: auth })).json()) as { marks: DayMark[] };
    // The widest band of them: the one most likely to run off a chart scaled by the trades alone.
    const width = (m: DayMark) => Number(m.high) / Number(m.low);
    const chosen = day.marks.filter((m) => m.days_since_last_trade !== null).sort((a, b) => width(b) - width(a))[0];
    expect(chosen, "a company with a mark resting on a trade").toBeDefined();
    const errors = consoleErrors(page);
    await page.setViewportSize(size);
    await useSession(page, ACCOUNTS.broker);

    await page.goto(`/companies/${chosen!.company.id}`);
    const { mark } = (await (await page.request.get(`/api/v1/companies/${chosen!.company.id}/mark`, { headers: auth })).json()) as CompanyMark;
    await expect(page.getByTestId("mark-sentence")).toHaveText(markSentence(mark!));
    await expect(page.getByTestId("mark-imbalance")).toContainText("Order imbalance");
    await expect(page.getByTestId(phone ? "mark-band-narrow" : "mark-band")).toBeVisible();
    // Today's band, which the sentence states, lies within the chart's price scale.
    const [scaleLow, scaleHigh] = (await page.getByTestId(phone ? "price-chart-plot-narrow" : "price-chart-plot").getAttribute("data-scale"))!.split(" ").map(Number);
    expect(scaleLow).toBeLessThanOrEqual(Number(mark!.low));
    expect(scaleHigh).toBeGreaterThanOrEqual(Number(mark!.high));
    await checkLayout(page, `the company page at ${size.width} px`);
    await shot(page, testInfo, "company");

    // The Market page.
    const { members } = (await (await page.request.get("/api/v1/indexes/desk-50/members", { headers: auth })).json()) as DeskMembers;
    expect(members.length).toBeGreaterThan(0);
    await moveAMark(page, auth, members[0].company.id);
    await page.goto("/market");
    await expect(page.getByRole("heading", { level: 1, name: "Market" })).toBeVisible();
    await expect(page.getByTestId(phone ? "index-chart-plot-narrow" : "index-chart-plot")).toBeVisible();
    await expect(page.getByTestId("index-value")).toBeVisible();
    await expect(page.getByTestId("index-member")).toHaveCount(members.length);
    await expect(page.getByTestId("index-member").first()).toContainText(members[0].company.name);
    await expect(page.getByTestId("movers-1d").getByTestId("mover").first()).toBeVisible();
    await expect(page.getByTestId("movers-30d").getByTestId("mover").first()).toBeVisible();
    await checkLayout(page, `/market at ${size.width} px`);
    await shot(page, testInfo, "market");
    expect(errors).toEqual([]);
  });
}

test("at 390 px: the company page says why the mark stands above the book's best offer (a $1,000 offer bounds nothing)", async ({ page }) => {
  const auth = { authorization: `Bearer ${apiKeyFor(ACCOUNTS.broker)}` };
  const day = (await (await page.request.get("/api/v1/marks?per_page=100", { headers: auth })).json()) as { marks: DayMark[] };
  const company = day.marks.filter((m) => m.days_since_last_trade !== null)[5].company;
  const markOf = async () => ((await (await page.request.get(`/api/v1/companies/${company.id}/mark`, { headers: auth })).json()) as CompanyMark).mark!;
  const price = (Number((await markOf()).price_per_share) / 2).toFixed(2);
  const offer = { issuer_id: company.id, side: "offer", price_per_share: price, volume: "1000", minimum_volume: null, structure: "direct", acceptable_structures: [], visibility: "order_book_public", stock_type: "secondary", stock_class_type: "preferred" };
  const made = await page.request.post("/api/v1/my/indications", { headers: auth, data: offer });
  expect(made.status(), await made.text()).toBe(201);
  // The updater has the offer once the mark is made again (it moves by under 1 %: docs/marks.md, "The book").
  const book = (await (await page.request.get(`/api/v1/companies/${company.id}/order_book`, { headers: auth })).json()) as OrderBook;
  const best = (rows: { price_per_share: string; visibility: string }[]) => rows.find((row) => row.visibility !== "private")?.price_per_share ?? null;
  expect(best(book.offers)).toBe(price);
  const errors = consoleErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await useSession(page, ACCOUNTS.broker);
  await page.goto(`/companies/${company.id}`);
  const mark = await markOf();
  const words = boundWords(mark, best(book.bids), best(book.offers), pricePlaces([...book.bids, ...book.offers].map((row) => row.price_per_share)));
  expect(words).toMatch(/^Above the book's best offer/);
  await expect(page.getByTestId("mark-bound")).toHaveText(words!);
  // The ladder says how fresh each order is, so the note's "refreshed in the last 7 days" can be checked.
  const created = (await made.json()) as { permalink_id: string };
  const row = page.locator(`[data-testid=offer-level][data-permalink="${created.permalink_id}"]`);
  await expect(row.getByTestId("order-age").filter({ visible: true })).toHaveText("today");
  await expect(page.getByTestId("offer-level").first().getByTestId("order-age").filter({ visible: true })).toHaveText(/^(today|\d+ (d|mo|y))$/);
  await checkLayout(page, "the company page at 390 px with the bound's note");
  expect(errors).toEqual([]);
});

test("without the companies permission: no Market in the navigation, and /market answers 403", async ({ page }) => {
  await useSession(page, ACCOUNTS.viewer);
  await page.goto("/companies");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Companies", exact: true })).toBeAttached();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Market", exact: true })).toHaveCount(0);
  const response = await page.goto("/market");
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId("no-access-page")).toBeVisible();
});
