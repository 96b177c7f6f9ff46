import type { Locator, Page } from "@playwright/test";
import { INVALID_LINK_EMPTY } from "../components/data-table/empty-state";
import { ACCOUNTS } from "./support/env";
import { expect, hydrated, shot, signInAs, test } from "./support/fixtures";
import { decimalColumn, rowCount, rows, table } from "./support/table";

interface CompanyItem {
  id: string;
  name: string;
}

/** Scrolls each image into view (the small logos are lazy) and waits until it has decoded pixels. */
async function expectImagesLoaded(images: Locator, minCount = 1): Promise<void> {
  const count = await images.count();
  expect(count).toBeGreaterThanOrEqual(minCount);
  for (let i = 0; i < count; i++) {
    const img = images.nth(i);
    await img.scrollIntoViewIfNeeded();
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)), {
        message: `logo ${i + 1} of ${count} (${await img.getAttribute("src")}) has pixels`,
      })
      .toBeGreaterThan(0);
  }
}

/** Names of the companies the directory shows, top to bottom. */
async function directoryNames(page: Page): Promise<string[]> {
  return page
    .getByTestId("company-row")
    .locator("span.font-medium")
    .evaluateAll((els) => els.map((el) => (el.textContent ?? "").trim()));
}

test.describe("company directory", () => {
  test("search narrows the list (state in the URL) and every logo is actually loaded", async ({ page }) => {
    await signInAs(page, ACCOUNTS.broker, "/companies");
    await expect(page.getByRole("heading", { level: 1, name: "Companies" })).toBeVisible();
    const companyRows = page.getByTestId("company-row");
    await expect(companyRows.first()).toBeVisible();
    const firstPageNames = await directoryNames(page);
    expect(firstPageNames.length).toBe(25);

    // A search term taken from a real company (the API, same session, says what must match).
    const all = (await (await page.request.get("/api/v1/companies?per_page=100")).json()) as { companies: CompanyItem[]; total_count: number };
    const probe = all.companies[7].name;
    const term = probe.split(/\s+/)[0].slice(0, 5).toLowerCase();
    const expected = (await (await page.request.get(`/api/v1/companies?${new URLSearchParams({ q: term, per_page: "25" })}`)).json()) as {
      companies: CompanyItem[];
      total_count: number;
    };
    expect(expected.total_count).toBeGreaterThan(0);
    expect(expected.total_count).toBeLessThan(all.total_count);

    const search = page.getByRole("searchbox", { name: "Search" });
    await hydrated(search);
    await search.fill(term);
    await search.press("Enter");
    await expect(page).toHaveURL((url) => url.pathname === "/companies" && url.searchParams.get("q") === term);
    await expect(companyRows).toHaveCount(Math.min(expected.total_count, 25));
    expect(await directoryNames(page)).toEqual(expected.companies.map((c) => c.name));
    await expect(page.getByTestId("row-count-value")).toHaveText(expected.total_count.toLocaleString("en-US"));
    await expect(page.getByTestId("row-count")).toHaveText(
      `${expected.total_count.toLocaleString("en-US")} matching ${expected.total_count === 1 ? "company" : "companies"}`,
    );

    // Logos: 48x48, served by our own route, decoded by the browser.
    const logos = companyRows.getByTestId("company-logo");
    await expect(logos.first()).toHaveAttribute("width", "48");
    await expectImagesLoaded(logos, 1);

    // Reload keeps the search.
    await page.reload();
    await expect(search).toHaveValue(term);
    expect(await directoryNames(page)).toEqual(expected.companies.map((c) => c.name));
    await hydrated(search);

    // Nothing matches: an empty state, not an empty table.
    await search.fill("zzqx-no-such-company");
    await search.press("Enter");
    await expect(page).toHaveURL(/q=zzqx-no-such-company/);
    await expect(page.getByTestId("empty-state")).toContainText("No companies match");
    await expect(companyRows).toHaveCount(0);
  });

  test("country filter and pagination keep their state in the URL", async ({ page }) => {
    await signInAs(page, ACCOUNTS.broker, "/companies");
    const companyRows = page.getByTestId("company-row");
    await expect(companyRows).toHaveCount(25);
    await expectImagesLoaded(companyRows.getByTestId("company-logo"), 25);

    const before = await directoryNames(page);
    await hydrated(page.getByTestId("page-next"));
    await page.getByTestId("page-next").first().click();
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page.getByTestId("page-status").first()).toContainText("Page 2 of");
    await expect.poll(() => directoryNames(page)).not.toEqual(before);

    const country = page.getByLabel("Country", { exact: true });
    await country.selectOption("United States");
    await expect(page).toHaveURL((url) => url.searchParams.get("country") === "United States" && !url.searchParams.has("page"));
    await expect(companyRows.first()).toBeVisible();
    const hq = await companyRows.getByTestId("company-hq").allInnerTexts();
    expect(hq.length).toBeGreaterThan(0);
    for (const cell of hq) expect(cell.split("\n")[0].trim()).toBe("United States");
  });

  test("a link with an invalid parameter says so, and its empty table says nothing was applied rather than that nothing matched", async ({ page }) => {
    await signInAs(page, ACCOUNTS.broker, "/companies?mark_min=cheap");
    await expect(page.getByTestId("invalid-query")).toContainText("mark_min");
    await expect(page.getByTestId("company-row")).toHaveCount(0);
    await expect(page.getByTestId("empty-state")).toContainText(INVALID_LINK_EMPTY);
    await expect(page.getByTestId("empty-state")).not.toContainText("match");
    // Nothing was counted either: no "0 matching" beside the filters.
    await expect(page.getByTestId("row-count")).toHaveCount(0);
  });
});

test("on a phone the directory is one column: headquarters and investors under each name, nothing scrolls sideways", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, ACCOUNTS.broker, "/companies");
  const first = page.getByTestId("company-row").first();
  await expect(first).toBeVisible();
  await expect(first.getByTestId("company-hq")).toBeHidden();
  await expect(first.getByRole("cell").first()).toContainText(/ · /);
  const scroller = page.getByTestId("companies-table").locator("..");
  expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
});

test.describe("company page", () => {
  test("shows every field, the 96px logo, external links and the team's tables for the company", async ({ page }) => {
    await signInAs(page, ACCOUNTS.broker, "/companies");
    // A company the team has traded: its page has rows in both tables.
    const trades = (await (await page.request.get("/api/v1/my/trades?per_page=1")).json()) as { trades: { issuer: CompanyItem }[] };
    const company = trades.trades[0].issuer;
    const detail = (await (await page.request.get(`/api/v1/companies/${company.id}`)).json()) as {
      name: string;
      legal_name: string;
      country: string;
      region: string;
      url: string;
      platform_url: string;
      description: string;
      lead_investors: string[];
    };
    const openIndications = (await (
      await page.request.get(`/api/v1/my/indications?${new URLSearchParams({ issuer_id: company.id, stage: "open", per_page: "10" })}`)
    ).json()) as { indications: { price_per_share: string; volume: string }[]; total_count: number };
    const companyTrades = (await (await page.request.get(`/api/v1/my/trades?${new URLSearchParams({ issuer_id: company.id, per_page: "10" })}`)).json()) as {
      trades: { price_per_share: string; volume: string }[];
      total_count: number;
    };

    // Arrive the way a user does: search the directory, click the company.
    const search = page.getByRole("searchbox", { name: "Search" });
    await hydrated(search);
    await search.fill(company.name);
    await search.press("Enter");
    await expect(page).toHaveURL(/q=/);
    await page.getByTestId("company-row").filter({ has: page.getByText(company.name, { exact: true }) }).getByTestId("company-link").click();
    await expect(page).toHaveURL(new RegExp(`/companies/${company.id}$`));

    const article = page.getByTestId("company-page");
    await expect(article.getByRole("heading", { level: 1 })).toHaveText(detail.name);
    const details = page.getByTestId("company-details");
    for (const value of [company.id, detail.legal_name, detail.country, detail.region, detail.url, detail.platform_url]) {
      await expect(details).toContainText(value);
    }
    await expect(page.getByTestId("company-description")).toHaveText(detail.description);
    if (detail.lead_investors.length > 0) {
      await expect(page.getByTestId("lead-investors").getByRole("listitem")).toHaveText(detail.lead_investors);
    }

    const logo = article.locator("header").getByTestId("company-logo");
    await expect(logo).toHaveAttribute("width", "96");
    await expectImagesLoaded(logo, 1);

    // Website and marketplace links open in a new tab without handing over window.opener.
    for (const href of [detail.url, detail.platform_url]) {
      const links = article.locator(`a[href="${href}"]`);
      expect(await links.count()).toBeGreaterThan(0);
      for (const link of await links.all()) {
        await expect(link).toHaveAttribute("target", "_blank");
        const rel = (await link.getAttribute("rel")) ?? "";
        expect(rel.split(/\s+/)).toEqual(expect.arrayContaining(["noopener", "noreferrer"]));
      }
    }

    // The team's open indications and trades in this company, and only in it.
    const ind = table(page, "company-indications-table");
    const trd = table(page, "company-trades-table");
    await expect(ind.getByRole("table")).toBeVisible();
    await expect(trd.getByRole("table")).toBeVisible();
    expect(await rowCount(ind)).toBe(openIndications.total_count);
    expect(await rowCount(trd)).toBe(companyTrades.total_count);
    expect(await rows(trd).count()).toBe(Math.min(companyTrades.total_count, 10));
    expect(await rows(ind).count()).toBe(Math.min(openIndications.total_count, 10));
    // Row for row the API's answer for this issuer (the company column is left out on its own page).
    expect(await decimalColumn(trd, "price_per_share")).toEqual(companyTrades.trades.map((x) => x.price_per_share));
    expect(await decimalColumn(trd, "volume")).toEqual(companyTrades.trades.map((x) => x.volume));
    expect(await decimalColumn(ind, "price_per_share")).toEqual(openIndications.indications.map((x) => x.price_per_share));
    expect(await decimalColumn(ind, "volume")).toEqual(openIndications.indications.map((x) => x.volume));
    for (const badge of await ind.locator('td[data-column="stage"]').allInnerTexts()) expect(badge.trim()).toBe("Open");
  });

  test("a user without the companies permission gets the no-access page with status 403", async ({ page }) => {
    await signInAs(page, ACCOUNTS.broker, "/companies");
    const list = (await (await page.request.get("/api/v1/companies?per_page=1")).json()) as { companies: CompanyItem[] };
    const company = list.companies[0];
    await page.context().clearCookies();

    await signInAs(page, ACCOUNTS.viewer, "/companies");
    // The directory still lists names (no HQ, no investors).
    await expect(page.getByTestId("names-only-note")).toBeVisible();
    await expect(page.getByTestId("company-row").first()).toBeVisible();
    await expect(page.getByTestId("company-hq")).toHaveCount(0);
    await shot(page, test.info(), "viewer directory");

    // The names are not links to a page the viewer may not open...
    await expect(page.getByTestId("companies-table").locator("a[href^='/companies/']")).toHaveCount(0);
    await expect(page.getByTestId("company-row").filter({ has: page.getByText(company.name, { exact: true }) }).getByTestId("company-name-text")).toBeVisible();

    // ... and opening its address answers 403 with the no-access page.
    const response = await page.goto(`/companies/${company.id}`);
    expect(response?.status()).toBe(403);
    await expect(page.getByTestId("no-access-page")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/access/i);
    await expect(page.getByText(company.name)).toHaveCount(0);
    await expect(page.getByTestId("company-page")).toHaveCount(0);
    // The header is still there: the user can go elsewhere.
    await expect(page.getByTestId("current-user-name")).toHaveText("Priya Patel");
  });

  test("an unknown company id gets a 404 page", async ({ page }) => {
    await signInAs(page, ACCOUNTS.broker, "/companies");
    const response = await page.goto("/companies/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("company-page")).toHaveCount(0);
    await expect(page.getByTestId("not-found-page")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/not found/i);
  });
});

