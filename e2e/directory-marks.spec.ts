import type { Page } from "@playwright/test";
import { INVALID_LINK_EMPTY } from "../components/data-table/empty-state";
import { apiKeyFor } from "./support/api";
import { ACCOUNTS } from "./support/env";
import { expect, hydrated, shot, test, useSession } from "./support/fixtures";
import { addFilter } from "./support/table";
import { checkLayout, consoleErrors } from "./support/page-checks";

/**
 * The directory sorted and filtered by each company's mark and 30-day change (issue 46): the
 * Mark and 30 days headers sort (a phone's sort select, as the table kit's cards have it), the
 * Mark and 30-day change (%) ranges filter, the rows and counts are GET /companies' for the same
 * query, at a laptop's and a phone's width: no sideways scroll, no number broken across lines, axe
 * clean, no console error.
 */

const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

type CompanyList = { companies: { id: string; name: string }[]; total_count: number };

/** The ids of the directory's rows, in order. */
function rowIds(page: Page): Promise<string[]> {
  return page
    .getByTestId("company-row")
    .getByTestId("company-link")
    .evaluateAll((links) => links.map((link) => (link.getAttribute("href") ?? "").replace("/companies/", "")));
}

for (const size of SIZES) {
  test(`at ${size.width}×${size.height}: the directory sorts by mark and 30-day change, and filters by their ranges`, async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const phone = size.width < 640;
    const auth = { authorization: `Bearer ${apiKeyFor(ACCOUNTS.broker)}` };
    const api = async (query: string) => (await (await page.request.get(`/api/v1/companies?per_page=25&${query}`, { headers: auth })).json()) as CompanyList;
    const errors = consoleErrors(page);
    await page.setViewportSize(size);
    await useSession(page, ACCOUNTS.broker);
    await page.goto("/companies");
    const table = page.getByTestId("companies-table");

    // Sort: the highest marks first, then by 30-day change, rising first.
    const sortBy = async (sort: string) => {
      if (phone) {
        const select = page.getByTestId("phone-sort");
        await hydrated(select);
        await select.selectOption(sort);
      } else {
        const field = sort.replace(/^-/, "");
        const header = page.getByTestId(`sort-${field}`);
        await hydrated(header);
        await header.click();
        if (sort.startsWith("-")) {
          await expect(page).toHaveURL((url) => url.searchParams.get("sort") === field);
          await header.click();
        }
      }
      await expect(page).toHaveURL((url) => url.searchParams.get("sort") === sort);
      await expect.poll(() => rowIds(page)).toEqual((await api(`sort=${sort}`)).companies.map((c) => c.id));
    };
    await sortBy("-mark");
    if (!phone) await expect(table.getByRole("columnheader", { name: /Mark/ })).toHaveAttribute("aria-sort", "descending");
    const marks = await table.getByTestId(phone ? "company-mark-line" : "company-mark").locator("[data-value]").evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-value"))));
    expect(marks.length).toBeGreaterThan(5);
    expect(marks).toEqual([...marks].sort((a, b) => b - a));
    await checkLayout(page, `sorted by -mark at ${size.width} px`);
    await shot(page, testInfo, "sort-mark");
    await sortBy("-change_30d");
    if (!phone) await expect(table.getByRole("columnheader", { name: /30 days/ })).toHaveAttribute("aria-sort", "descending");

    // Filter: marks from $10 to $500, and a 30-day change of at least −5 %.
    const openRange = async (param: string) => {
      if (phone) {
        const sheet = page.getByTestId("open-filters");
        await hydrated(sheet);
        if ((await sheet.getAttribute("aria-expanded")) !== "true") await sheet.click();
        await page.getByTestId(`range-${param}`).click();
      } else await addFilter(page, param);
    };
    await openRange("mark_min");
    await page.getByLabel("Mark minimum").fill("$10");
    await page.getByLabel("Mark minimum").press("Enter");
    await expect(page).toHaveURL((url) => url.searchParams.get("mark_min") === "10");
    await page.getByLabel("Mark maximum").fill("500");
    await page.getByLabel("Mark maximum").press("Enter");
    await expect(page).toHaveURL((url) => url.searchParams.get("mark_max") === "500");
    await page.keyboard.press("Escape");
    await openRange("change_30d_min");
    await page.getByLabel("30-day change minimum, percent").fill("-5");
    await page.getByLabel("30-day change minimum, percent").press("Enter");
    await expect(page).toHaveURL((url) => url.searchParams.get("change_30d_min") === "-0.05");
    await expect(page.getByTestId("range-change_30d_min")).toContainText("≥ −5%");
    await shot(page, testInfo, "change-range");
    await page.keyboard.press("Escape");
    if (phone) {
      // The sheet with the filters as set: then Done.
      await shot(page, testInfo, "filter-sheet");
      if (await page.getByTestId("close-filters").isVisible()) await page.getByTestId("close-filters").click();
    }
    const filtered = await api("sort=-change_30d&mark_min=10&mark_max=500&change_30d_min=-0.05");
    expect(filtered.total_count).toBeGreaterThan(0);
    await expect(page.getByTestId("row-count")).toContainText(String(filtered.total_count));
    await expect.poll(() => rowIds(page)).toEqual(filtered.companies.map((c) => c.id));
    for (const value of await table.getByTestId(phone ? "company-mark-line" : "company-mark").locator("[data-value]").evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-value"))))) {
      expect(value).toBeGreaterThanOrEqual(10);
      expect(value).toBeLessThanOrEqual(500);
    }
    await checkLayout(page, `filtered by marks at ${size.width} px`);
    await shot(page, testInfo, "filter-marks");
    expect(errors).toEqual([]);
  });
}

test("without the companies permission: no mark to sort or filter by, and a link that does is refused", async ({ page }) => {
  await useSession(page, ACCOUNTS.viewer);
  await page.goto("/companies");
  await expect(page.getByTestId("sort-name")).toBeVisible();
  await expect(page.getByTestId("sort-mark")).toHaveCount(0);
  // Headquarters are details too: no Country or Region filter, and a link filtering by one is refused.
  await expect(page.getByTestId("filter-bar").getByText("Country")).toHaveCount(0);
  await page.goto("/companies?country=Germany");
  await expect(page.getByTestId("invalid-query")).toContainText("country");
  await expect(page.getByTestId("company-row")).toHaveCount(0);
  await page.goto("/companies?sort=-mark");
  await expect(page.getByTestId("invalid-query")).toContainText("companies");
  // A refusal, said as one: not "an invalid sort", which the link is not.
  await expect(page.getByTestId("invalid-query")).toContainText("may not see");
  await expect(page.getByTestId("company-row")).toHaveCount(0);
  await expect(page.getByTestId("empty-state")).toContainText(INVALID_LINK_EMPTY);
  // The refused sort is in effect nowhere: the Company column does not claim the default.
  await expect(page.getByTestId("companies-table").locator("th[aria-sort=ascending], th[aria-sort=descending]")).toHaveCount(0);
});
