import type { Locator } from "@playwright/test";
import { NEW_BID } from "../lib/testing/fixtures/bodies";
import { apiKeyFor, fetchAll } from "./support/api";
import { ACCOUNTS } from "./support/env";
import { expect, shot, signInAs, test, useSession } from "./support/fixtures";

/**
 * The market view of a company (issue 14) in the browser: Alpha's broker sees the price chart,
 * both ladders and the tape; Beta's broker, on the same page, does not see Alpha's private
 * indication that is not addressed to anyone at Beta.
 */

interface Indication {
  id: string;
  issuer: { id: string; name: string };
  price_per_share: string;
  side: "bid" | "offer";
  private_recipients: string[];
}

interface BookEntry {
  price_per_share: string;
  visibility: string;
  own: boolean;
  indication_id: string | null;
  team: { id: string; name: string } | null;
}
interface Book {
  bids: BookEntry[];
  offers: BookEntry[];
  bid_count: number;
  offer_count: number;
}

test.describe("company market view", () => {
  test("broker@alpha sees the chart, both ladders and the tape; broker@beta does not see Alpha's private indication", async ({ page, browser }, testInfo) => {
    test.setTimeout(120_000);
    const alphaKey = apiKeyFor(ACCOUNTS.broker);
    const betaKey = apiKeyFor(ACCOUNTS.betaBroker);
    // An open private Alpha indication addressed to nobody at Beta, at the top of its side of the
    // book for Alpha (so it shows on the page's ladder).
    const privates = await fetchAll<Indication>(page.request, "/api/v1/my/indications", "indications", alphaKey, { visibility: "private", stage: "open" });
    const candidates = privates.filter((r) => !r.private_recipients.some((e) => e.toLowerCase().endsWith("@beta.example")));
    expect(candidates.length).toBeGreaterThan(0);
    let target: Indication | undefined;
    let alphaBook: Book | undefined;
    // …on a company with verified trades in the chart's year, so the chart has points.
    const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    const auth = { authorization: `Bearer ${alphaKey}` };
    for (const candidate of candidates) {
      const book = (await (await page.request.get(`/api/v1/companies/${candidate.issuer.id}/order_book?depth=15`, { headers: auth })).json()) as Book;
      const side = candidate.side === "bid" ? book.bids : book.offers;
      if (!side.some((e) => e.indication_id === candidate.id)) continue;
      const tape = (await (await page.request.get(`/api/v1/companies/${candidate.issuer.id}/trades?sign_date_from=${yearAgo}&per_page=1`, { headers: auth })).json()) as { total_count: number };
      if (tape.total_count > 0) {
        target = candidate;
        alphaBook = book;
        break;
      }
    }
    expect(target, "an Alpha private indication within the page's 15 levels").toBeDefined();
    const company = target!.issuer;

    // Beta's API count of the same side, which Beta's page must show. (That the API's book never
    // shows Beta a private indication not addressed to it: app/api/v1/market.test.ts, "never
    // shows another team's private indication not addressed to the caller".)
    const betaBook = (await (await page.request.get(`/api/v1/companies/${company.id}/order_book?depth=1`, { headers: { authorization: `Bearer ${betaKey}` } })).json()) as Book;
    const betaSideCount = target!.side === "bid" ? betaBook.bid_count : betaBook.offer_count;
    // …while Alpha's own view has it.
    expect([...alphaBook!.bids, ...alphaBook!.offers].some((e) => e.indication_id === target!.id && e.visibility === "private")).toBe(true);

    // Alpha's page.
    await signInAs(page, ACCOUNTS.broker, `/companies/${company.id}`);
    await expect(page.getByRole("heading", { level: 1, name: company.name })).toBeVisible();
    await expect(page.getByTestId("price-chart-plot")).toBeVisible();
    expect(await page.getByTestId("trade-point").count()).toBeGreaterThan(0);
    await expect(page.getByTestId("vwap-30-line")).toBeAttached();
    const bids = page.getByTestId("bid-ladder");
    const offers = page.getByTestId("offer-ladder");
    await expect(bids).toBeVisible();
    await expect(offers).toBeVisible();
    await expect(page.getByTestId("spread")).toContainText("spread");
    await expect(page.getByTestId("depth-bar").first()).toBeAttached();
    const ownLadder = target!.side === "bid" ? bids : offers;
    const ownPrivateRows = ownLadder.locator("[data-own='true']").filter({ hasText: "Private" });
    await expect(ownPrivateRows.first()).toBeVisible();
    const alphaPrivateOnPage = await ownLadder.locator("[data-testid$='-level']").filter({ hasText: "Alpha" }).filter({ hasText: "Private" }).count();
    expect(alphaPrivateOnPage).toBeGreaterThan(0);
    await expect(page.getByTestId("trade-tape")).toBeVisible();
    await expect(page.getByTestId("tape-summary")).toContainText("VWAP 30 days");
    await expect(page.getByTestId("tape-row").first()).toBeVisible();
    await shot(page, testInfo, "alpha");

    // Beta's page, in a browser context of its own.
    const betaContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 1280, height: 900 } });
    const betaPage = await betaContext.newPage();
    try {
      await signInAs(betaPage, ACCOUNTS.betaBroker, `/companies/${company.id}`);
      await expect(betaPage.getByTestId("current-user-team")).toHaveText("Beta");
      const betaLadder = betaPage.getByTestId(target!.side === "bid" ? "bid-ladder" : "offer-ladder");
      await expect(betaLadder).toBeVisible();
      await expect(betaLadder.locator("[data-testid$='-level']").filter({ hasText: "Alpha" }).filter({ hasText: "Private" })).toHaveCount(0);
      await expect(betaLadder).toContainText(`(${betaSideCount} shown to you`);
      // From 640 px a row's Ask stays on its team's line ("Anonymous" and Ask once wrapped at 1,440 px beside four structures and the age).
      const askOffLine = await betaPage.evaluate(() =>
        [...document.querySelectorAll("[data-testid$='-level']")].filter((row) => {
          const ask = row.querySelector("[data-testid=ask-introduction]")?.getBoundingClientRect();
          const team = row.querySelector("[data-testid=order-link]")!.getBoundingClientRect();
          return ask !== undefined && (ask.top + ask.height / 2 < team.top || ask.top + ask.height / 2 > team.bottom);
        }).length,
      );
      expect(askOffLine).toBe(0);
      await expect(betaPage.getByTestId("price-chart-svg")).toBeVisible();
      await shot(betaPage, testInfo, "beta");
    } finally {
      await betaContext.close();
    }
  });
});

/** Each text's size on screen: its font size in the drawing's units, scaled as the SVG is. */
const renderedFontSizes = (svg: Locator) =>
  svg.evaluate((el: SVGSVGElement) => {
    const scale = el.getBoundingClientRect().width / el.viewBox.baseVal.width;
    return [...el.querySelectorAll("text")].map((t) => Number(t.getAttribute("font-size")) * scale);
  });

test("on a phone the price chart is drawn for its width: every word at 11 px or more", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await useSession(page, ACCOUNTS.broker);
  const { companies } = (await (await page.request.get("/api/v1/companies?per_page=1")).json()) as { companies: { id: string }[] };
  await page.goto(`/companies/${companies[0].id}`);
  const narrow = page.getByTestId("price-chart-plot-narrow");
  await expect(narrow).toBeVisible();
  await expect(page.getByTestId("price-chart-plot")).toBeHidden();
  const sizes = await renderedFontSizes(narrow);
  expect(sizes.length).toBeGreaterThan(2);
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(11);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, testInfo, "price-chart-phone");
});

test("the chart labels today's best bid and offer over the last 30 days only, and breaks the 30-day VWAP where 30 days pass without a trade", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const key = apiKeyFor(ACCOUNTS.broker);
  const auth = { authorization: `Bearer ${key}` };
  const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
  // A company with both quotes and two verified trades in the year more than 30 days apart.
  let found: { id: string; bid: string; offer: string; gaps: number } | undefined;
  const { companies } = (await (await page.request.get("/api/v1/companies?per_page=100", { headers: auth })).json()) as { companies: { id: string }[] };
  for (const { id } of companies) {
    const book = (await (await page.request.get(`/api/v1/companies/${id}/order_book?depth=1`, { headers: auth })).json()) as { best_bid: string | null; best_offer: string | null };
    if (book.best_bid === null || book.best_offer === null) continue;
    const tape = (await (await page.request.get(`/api/v1/companies/${id}/trades?sign_date_from=${yearAgo}&per_page=100&sort=sign_date`, { headers: auth })).json()) as { trades: { sign_date: string }[] };
    const days = [...new Set(tape.trades.map((t) => Date.parse(t.sign_date)))];
    const gaps = days.slice(1).filter((d, i) => d - days[i] > 30 * 86_400_000).length;
    if (gaps > 0) {
      found = { id, bid: book.best_bid, offer: book.best_offer, gaps };
      break;
    }
  }
  expect(found, "a company with both quotes and a month without trades").toBeDefined();
  await signInAs(page, ACCOUNTS.broker, `/companies/${found!.id}`);
  const plot = page.getByTestId("price-chart-plot");
  await expect(plot).toBeVisible();
  // Labelled with their prices, as the ladders' spread line writes them.
  await expect(plot.getByTestId("best-bid")).toContainText(/^Bid \$/);
  await expect(plot.getByTestId("best-offer")).toContainText(/^Offer \$/);
  const [plotBox, bidBox] = [(await plot.boundingBox())!, (await plot.getByTestId("best-bid").locator("line").boundingBox())!];
  // 30 of the chart's 366 days, at its right end: not across the year.
  expect(bidBox.width).toBeLessThan(plotBox.width * 0.15);
  expect(bidBox.x).toBeGreaterThan(plotBox.x + plotBox.width * 0.6);
  const moves = await plot.getByTestId("vwap-30-line").evaluate((path) => (path.getAttribute("d")?.match(/M/g) ?? []).length);
  expect(moves).toBe(found!.gaps + 1);
  await shot(page, testInfo, "quotes-and-gaps");
});

test("a company without trades in the year says so in its chart", async ({ page }) => {
  test.setTimeout(120_000);
  const key = apiKeyFor(ACCOUNTS.broker);
  const auth = { authorization: `Bearer ${key}` };
  const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
  let id: string | undefined;
  const { companies } = (await (await page.request.get("/api/v1/companies?per_page=100&page=2", { headers: auth })).json()) as { companies: { id: string }[] };
  for (const company of companies) {
    const tape = (await (await page.request.get(`/api/v1/companies/${company.id}/trades?sign_date_from=${yearAgo}&per_page=1`, { headers: auth })).json()) as { total_count: number };
    if (tape.total_count > 0) continue;
    const book = (await (await page.request.get(`/api/v1/companies/${company.id}/order_book?depth=1`, { headers: auth })).json()) as { best_bid: string | null; best_offer: string | null };
    if (book.best_bid !== null || book.best_offer !== null) {
      id = company.id;
      break;
    }
  }
  expect(id, "a company with quotes and no trade in the year").toBeDefined();
  await signInAs(page, ACCOUNTS.broker, `/companies/${id}`);
  await expect(page.getByTestId("price-chart-plot").getByTestId("chart-no-trades")).toHaveText("No verified trades in this period");
});

test("one rule of decimal places for the whole book: a bid under $1 gives the summary and both ladders four", async ({ page }) => {
  const auth = { authorization: `Bearer ${apiKeyFor(ACCOUNTS.broker)}` };
  type Level = { price_per_share: string };
  const { companies } = (await (await page.request.get("/api/v1/companies?per_page=50", { headers: auth })).json()) as { companies: { id: string }[] };
  let companyId: string | undefined;
  for (const { id } of companies) {
    const book = (await (await page.request.get(`/api/v1/companies/${id}/order_book`, { headers: auth })).json()) as { bids: Level[]; offers: Level[] };
    const atLeastADollar = [...book.bids, ...book.offers].every((level) => Number(level.price_per_share) >= 1);
    if (book.offers.length > 0 && book.bids.length > 0 && atLeastADollar) {
      companyId = id;
      break;
    }
  }
  expect(companyId, "a company with both sides of a book, every price $1 or more").toBeDefined();
  const made = await page.request.post("/api/v1/my/indications", { headers: auth, data: { ...NEW_BID, issuer_id: companyId, price_per_share: "0.5", volume: "1000", minimum_volume: null } });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  try {
    await useSession(page, ACCOUNTS.broker);
    await page.goto(`/companies/${companyId}`);
    const fourPlaces = /\$[\d,]+\.\d{4}(?!\d)/;
    await expect(page.getByTestId("spread")).toContainText(/best offer \$[\d,]+\.\d{4}(?!\d)/);
    await expect(page.getByTestId("offer-ladder").locator("[data-testid$='-level']").first()).toContainText(fourPlaces);
    await expect(page.getByTestId("bid-ladder")).toContainText("$0.5000");
  } finally {
    expect((await page.request.post(`/api/v1/my/indications/${id}/close`, { headers: auth, data: {} })).status()).toBe(200);
  }
});

test("at 390×844 both ladders fit their card: a bid of four structures, an own private row and another team's Ask, nothing scrolls sideways", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await useSession(page, ACCOUNTS.broker);
  type Level = { acceptable_structures?: string[]; own: boolean; visibility: string; team: { name: string } | null };
  // The page's depth (PAGE_BOOK_DEPTH): the rows the ladders draw.
  const bookOf = async (id: string) => (await (await page.request.get(`/api/v1/companies/${id}/order_book?depth=15`)).json()) as { bids: Level[]; offers: Level[] };
  const { companies } = (await (await page.request.get("/api/v1/companies?per_page=100")).json()) as { companies: { id: string }[] };
  let companyId: string | undefined;
  for (const { id } of companies) {
    const { bids, offers } = await bookOf(id);
    // The widest rows there are: every structure, "Yours" and "Private" beside the team, and Ask.
    const widest =
      bids.some((b) => (b.acceptable_structures?.length ?? 0) >= 4) &&
      bids.some((b) => b.own && b.visibility === "private") &&
      bids.some((b) => !b.own && b.team === null) &&
      offers.length > 0;
    if (widest) {
      companyId = id;
      break;
    }
  }
  expect(companyId, "a company whose bids list four structures, an own private row and an anonymous one").toBeDefined();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/companies/${companyId}`);
  for (const side of ["bid", "offer"]) {
    const region = page.getByTestId(`${side}-ladder`).getByRole("region");
    await expect(region.getByTestId(`${side}-level`).first()).toBeVisible();
    const { scroll, client } = await region.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(scroll, `the ${side}s' ladder scrolls sideways`).toBeLessThanOrEqual(client + 1);
  }
  const bids = page.getByTestId("bid-ladder");
  await expect(bids.getByText("Private").first()).toBeVisible();
  await expect(bids.getByTestId("ask-introduction").first()).toBeVisible();
  await shot(page, testInfo, "phone");
});
