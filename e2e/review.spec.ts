import { roundDecimal } from "../lib/format";
import { fetchAll } from "./support/api";
import { fromUnits, fromUsd, sumDecimals, toUnits } from "./support/decimal";
import { ACCOUNTS } from "./support/env";
import { expect, hydrated, shot, signInAs, test } from "./support/fixtures";
import { decimalColumn, issuerIds, rows, table, textColumn } from "./support/table";

interface Trade {
  issuer: { id: string; name: string };
  price_per_share: string;
  volume: string;
  is_verified: boolean;
}

/**
 * The one average price (issue 14): Σ volume ÷ Σ (volume ÷ price), the share total kept as an exact
 * fraction num/den of BigInt 1e-8 units, rounded half-up to 8 decimals.
 */
function vwap(prices: string[], volumes: string[]): string {
  let num = 0n;
  let den = 1n;
  let volume = 0n;
  prices.forEach((p, i) => {
    num = num * toUnits(p) + toUnits(volumes[i]) * den;
    den = den * toUnits(p);
    volume += toUnits(volumes[i]);
  });
  return fromUnits((2n * volume * den + num) / (2n * num));
}

test.describe("team-lead review", () => {
  test("totals for a small filter equal the exact sums of the rows shown", async ({ page }) => {
    await signInAs(page, ACCOUNTS.lead, "/review");
    await expect(page.getByRole("heading", { level: 1, name: "Review" })).toBeVisible();
    const t = table(page, "review-trades-table");
    await expect(rows(t).first()).toBeVisible();

    // Verified by default: every row has the badge, the totals count all verified trades.
    const verified = await fetchAll<Trade>(page.request, "/api/v1/my/trades", "trades", null, { is_verified: "true" });
    await expect(page.getByTestId("total-count")).toHaveAttribute("data-value", String(verified.length));
    await expect(page.getByTestId("total-volume")).toHaveAttribute("data-value", sumDecimals(verified.map((x) => x.volume)));
    await expect(t.getByTestId("unverified-badge")).toHaveCount(0);

    // A small filter: the company with the most verified trades that still fit on one page.
    const byIssuer = new Map<string, Trade[]>();
    for (const trade of verified) byIssuer.set(trade.issuer.id, [...(byIssuer.get(trade.issuer.id) ?? []), trade]);
    const [, chosen] = [...byIssuer.entries()]
      .filter(([, list]) => list.length >= 3 && list.length <= 25)
      .sort((a, b) => b[1].length - a[1].length)[0];
    const company = chosen[0].issuer;

    // The filters sit with the totals, above the breakdowns and the table.
    const picker = page.getByTestId("review-filters").getByTestId("filter-issuer_id");
    await hydrated(picker);
    await picker.fill(company.name);
    await picker.press("Enter");
    await expect(page).toHaveURL((url) => url.pathname === "/review" && url.searchParams.get("issuer_id") === company.id);
    await expect(t.getByRole("table")).toHaveAttribute("aria-busy", "false");
    await expect(rows(t)).toHaveCount(chosen.length);
    expect(new Set(await issuerIds(t))).toEqual(new Set([company.id]));

    // The rows shown, summed exactly (BigInt), against the totals shown.
    const volumes = await decimalColumn(t, "volume");
    const prices = await decimalColumn(t, "price_per_share");
    const count = page.getByTestId("total-count");
    const totalVolume = page.getByTestId("total-volume");
    const totalVwap = page.getByTestId("total-vwap");
    await expect(count).toHaveAttribute("data-value", String(volumes.length));
    await expect(count).toHaveText(String(volumes.length));
    const expectedVolume = sumDecimals(volumes);
    await expect(totalVolume).toHaveAttribute("data-value", expectedVolume);
    expect(fromUsd(await totalVolume.innerText())).toBe(expectedVolume);
    const expectedVwap = vwap(prices, volumes);
    await expect(totalVwap).toHaveAttribute("data-value", expectedVwap);
    // Averages are shown to 4 decimals (issue 15); the exact value is data-value and the title.
    expect(fromUsd(await totalVwap.innerText())).toBe(fromUsd(roundDecimal(expectedVwap, 4)));
    // ... and against the API's rows for the same filter.
    expect(expectedVolume).toBe(sumDecimals(chosen.map((x) => x.volume)));

    // The per-company breakdown has this one company with the same numbers.
    const breakdown = page.getByTestId("breakdown-table");
    const breakdownRows = breakdown.getByTestId("breakdown-row");
    await expect(breakdownRows).toHaveCount(1);
    await expect(breakdownRows.first().locator("th")).toHaveText(company.name);
    const [bCount, bVolume, bVwap] = await breakdownRows.first().locator("td").allInnerTexts();
    expect(bCount.trim()).toBe(String(volumes.length));
    expect(fromUsd(bVolume)).toBe(expectedVolume);
    expect(fromUsd(bVwap)).toBe(fromUsd(roundDecimal(expectedVwap, 4)));

    // Every row is verified.
    expect(new Set(await textColumn(t, "is_verified"))).toEqual(new Set(["Verified"]));

    // Reload keeps the filter and the totals.
    await page.reload();
    await expect(page.getByTestId("total-volume")).toHaveAttribute("data-value", expectedVolume);
    await expect(page.getByTestId("review-filters").getByTestId("filter-issuer_id")).toHaveValue(company.name);
  });

  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`${size.width}×${size.height}: the totals stand right below the filters that drive them, before the chart and the breakdowns`, async ({ page }, testInfo) => {
      await page.setViewportSize(size);
      await signInAs(page, ACCOUNTS.lead, "/review");
      const section = page.getByTestId("review-filters");
      const totals = section.getByTestId("review-totals");
      // Phones open the filters from a button (a sheet); wider screens show them in the bar.
      const phone = size.width < 640;
      const bar = phone ? section.getByTestId("open-filters") : section.getByTestId("filter-is_verified");
      await expect(bar).toBeInViewport();
      await expect(totals).toBeInViewport();
      // Measured once they have arrived (the page streams).
      await expect(page.getByTestId("volume-chart")).toBeVisible();
      await expect(page.getByTestId("broker-breakdown")).toBeAttached();
      const [barBox, totalsBox, sectionBox, chartBox, breakdownBox] = await Promise.all(
        [bar, totals, section, page.getByTestId("volume-chart"), page.getByTestId("broker-breakdown").locator("xpath=ancestor::details")].map((l) => l.boundingBox()),
      );
      expect(totalsBox!.y).toBeGreaterThan(barBox!.y);
      expect(sectionBox!.y + sectionBox!.height).toBeLessThanOrEqual(chartBox!.y);
      expect(chartBox!.y).toBeLessThan(breakdownBox!.y);
      await shot(page, testInfo, `review-${size.width}x${size.height}`);

      // The broker filter (what a click in the broker breakdown sets) drives the totals beside it.
      const name = await page.getByTestId("broker-breakdown").getByTestId("breakdown-filter").first().innerText();
      if (phone) {
        await hydrated(bar);
        await bar.click();
      }
      const select = section.getByTestId("filter-user_id");
      await hydrated(select);
      await select.selectOption({ label: name });
      await expect(page).toHaveURL((url) => url.searchParams.get("user_id") !== null);
      const userId = new URL(page.url()).searchParams.get("user_id")!;
      if (phone) await section.getByTestId("close-filters").click();
      const response = await page.request.get(`/api/v1/my/trades?${new URLSearchParams({ is_verified: "true", user_id: userId, per_page: "1" })}`);
      const { total_count } = (await response.json()) as { total_count: number };
      await expect(totals.getByTestId("total-count")).toHaveAttribute("data-value", String(total_count));
      await expect(page.getByTestId("broker-breakdown").getByTestId("breakdown-row")).toHaveCount(1);
      await expect(totals).toBeInViewport();
      await shot(page, testInfo, `review-broker-${size.width}x${size.height}`);
    });
  }

  test("a breakdown's sort is in the URL, kept by a reload; the page ends where its content does", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signInAs(page, ACCOUNTS.lead, "/review?is_verified=all");
    const brokers = page.getByTestId("broker-breakdown");
    const sortByCount = brokers.getByTestId("broker-breakdown-sort-count");
    await hydrated(sortByCount);
    await sortByCount.click();
    await expect(page).toHaveURL((url) => url.searchParams.get("broker_sort") === "-count");
    const counts = async () => (await brokers.locator('tbody td:nth-of-type(1)').evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-value")))));
    const descending = await counts();
    expect(descending.length).toBeGreaterThan(1);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
    await page.reload();
    await expect(brokers.locator('th[aria-sort="descending"]')).toHaveText(/Trades/);
    expect(await counts()).toEqual(descending);
    // The sort is the page's own: the trades below were filtered by nothing new (same totals).
    await expect(page.getByTestId("review-trades-table")).toBeVisible();

    // Both breakdowns open, side by side, and nothing below the trades but the page's end.
    await expect(page.getByTestId("breakdown-table").locator("xpath=ancestor::details")).toHaveAttribute("open", "");
    const blank = await page.evaluate(() => {
      const main = document.querySelector("main")!;
      return document.documentElement.scrollHeight - (main.getBoundingClientRect().bottom + window.scrollY);
    });
    expect(blank).toBeLessThan(120);
  });

  test("the month chart: every month from the first to the last, a dollar axis, the newest months in view on a phone", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, ACCOUNTS.lead, "/review?is_verified=all");
    const slots = page.getByTestId("volume-chart-month");
    const months = await slots.evaluateAll((els) => els.map((el) => el.getAttribute("data-month")!));
    expect(months.length).toBeGreaterThan(1);
    const next = (month: string) => {
      const [y, m] = month.split("-").map(Number);
      return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, "0")}`;
    };
    for (let i = 1; i < months.length; i++) expect(months[i], `after ${months[i - 1]}`).toBe(next(months[i - 1]));
    // The trades behind the bars are all the filtered trades.
    const counts = await slots.evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-count"))));
    await expect(page.getByTestId("total-count")).toHaveAttribute("data-value", String(counts.reduce((a, b) => a + b, 0)));
    const axis = await page.getByTestId("volume-chart").locator("svg[aria-hidden=true] text").allTextContents();
    expect(axis[0]).toBe("$0");
    expect(axis.length).toBeGreaterThan(2);
    await page.getByTestId("volume-chart").scrollIntoViewIfNeeded();
    await expect(slots.last().locator("rect").first()).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The months out of view are said, with where they start: the chart showed five of 25 without a word.
    if (months.length > 5) await expect(page.getByTestId("volume-chart-span")).toContainText(`${months.length} months, `);
    await shot(page, testInfo, "month-chart");
  });

  test("the month chart fills its card on a laptop, writes months as Nov 2024 and every figure at 11 px or more; on a phone no month's label is cut", async ({ page }, testInfo) => {
    await signInAs(page, ACCOUNTS.lead, "/review?is_verified=all");
    await page.setViewportSize({ width: 1440, height: 900 });
    const chart = page.getByTestId("volume-chart");
    const plot = page.getByTestId("volume-chart-plot");
    const scroller = page.getByTestId("volume-chart-scroll");
    const labels = page.getByTestId("volume-chart-label");
    await expect(plot).toBeVisible();
    // Labels read as months of a year ("Nov" over "2024"), never as a day ("Nov 24").
    for (const label of await labels.evaluateAll((els) => els.map((el) => [...el.querySelectorAll("tspan")].map((t) => t.textContent).join(" ")))) {
      expect(label).toMatch(/^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) 20\d\d$/);
    }
    const sizes = await chart.locator("text").evaluateAll((els) => els.map((el) => Number(getComputedStyle(el).fontSize.replace("px", ""))));
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(11);
    // The months fit a laptop: the plot spans the card, no empty quarter on its right.
    const [cardBox, plotBox] = [(await chart.boundingBox())!, (await plot.boundingBox())!];
    expect(plotBox.x + plotBox.width).toBeGreaterThan(cardBox.x + cardBox.width - 40);
    await shot(page, testInfo, "month-chart-laptop");

    await page.setViewportSize({ width: 390, height: 844 });
    await scroller.scrollIntoViewIfNeeded();
    const window = (await scroller.boundingBox())!;
    // Every label shown is shown whole: none straddles the scrolling window's edge ("lay 26").
    const cut = await labels.evaluateAll(
      (els, edge) =>
        els
          .map((el) => el.getBoundingClientRect())
          .filter((r) => r.right > edge.x && r.left < edge.x + edge.width)
          .filter((r) => r.left < edge.x - 0.5 || r.right > edge.x + edge.width + 0.5).length,
      window,
    );
    expect(cut).toBe(0);
    await shot(page, testInfo, "month-chart-phone");
  });

  test("at 390 px each breakdown shows all its columns, and every VWAP has 4 decimals", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, ACCOUNTS.lead, "/review");
    for (const id of ["breakdown-table", "broker-breakdown"]) {
      const t = page.getByTestId(id);
      await expect(t).toBeVisible();
      // The table no wider than its frame: the VWAP column is not cut ("$2.0").
      expect(await t.evaluate((el) => el.getBoundingClientRect().width <= el.parentElement!.clientWidth + 0.5), id).toBe(true);
      const vwaps = await t.locator("tbody tr td:last-child").allInnerTexts();
      for (const v of vwaps) expect(v.trim()).toMatch(/^\$[\d,]+\.\d{4}$/);
    }
    await expect(page.getByTestId("total-vwap")).toHaveText(/^\$[\d,]+\.\d{4}$/);
    await shot(page, testInfo, "breakdowns-phone");
  });

  test("the export of one broker's trades names the broker on every record", async ({ page }) => {
    await signInAs(page, ACCOUNTS.lead, "/review");
    const broker = page.getByTestId("broker-breakdown").getByTestId("breakdown-filter").first();
    const name = (await broker.innerText()).trim();
    await hydrated(broker);
    await broker.click();
    await expect(page).toHaveURL(/user_id=/);
    const href = await page.getByTestId("review-trades-table").getByRole("link", { name: /Export CSV/ }).getAttribute("href");
    expect(href).toContain("user_id=");
    const csv = await (await page.request.get(href!)).text();
    const [header, ...records] = csv.trim().split("\r\n").map((line) => line.split(","));
    expect(header.slice(-2)).toEqual(["broker.id", "broker.name"]);
    expect(records.length).toBeGreaterThan(0);
    // Names of the demo team have no commas, so a plain split reads the last cell.
    expect(new Set(records.map((r) => r[r.length - 1]))).toEqual(new Set([name]));
  });

  test("a broker gets 403 on the review page", async ({ page }) => {
    await signInAs(page, ACCOUNTS.broker, "/companies");
    const response = await page.goto("/review");
    expect(response?.status()).toBe(403);
    await expect(page.getByTestId("total-count")).toHaveCount(0);
    await expect(page.getByTestId("no-access-page")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/access/i);
    // The role by the name the header gives it, not its API value.
    await expect(page.getByTestId("missing-access")).toContainText("needs the team lead role");
    await expect(page.getByTestId("missing-access")).not.toContainText("team_lead");
  });
});
