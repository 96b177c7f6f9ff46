import type { Locator, Page, Request } from "@playwright/test";
import { expect, hydrated } from "./fixtures";

/**
 * Reading the dashboard's data tables (components/data-table): each body row is
 * `tr[data-testid=table-row]`, each cell `td[data-column=<column id>]`; money cells carry the exact
 * decimal string in `span[data-value]`.
 */
export function table(page: Page, testId: string): Locator {
  return page.getByTestId(testId);
}

export function rows(tableLocator: Locator): Locator {
  return tableLocator.getByTestId("table-row");
}

export function cells(tableLocator: Locator, column: string): Locator {
  return rows(tableLocator).locator(`td[data-column="${column}"]`);
}

/** The exact decimal strings of a money column, top to bottom. */
export async function decimalColumn(tableLocator: Locator, column: string): Promise<string[]> {
  return cells(tableLocator, column)
    .locator("[data-value]")
    .evaluateAll((els) => els.map((el) => el.getAttribute("data-value") ?? ""));
}

/** The text of a column's cells, top to bottom (the `title` when a cell truncates its text). */
export async function textColumn(tableLocator: Locator, column: string): Promise<string[]> {
  return cells(tableLocator, column).evaluateAll((els) =>
    els.map((el) => (el.querySelector("[title]")?.getAttribute("title") ?? el.textContent ?? "").trim()),
  );
}

/** The row count shown above the table ("1,234 matching trades") as a number. */
export async function rowCount(tableLocator: Locator): Promise<number> {
  const text = await tableLocator.getByTestId("row-count-value").innerText();
  return Number(text.replace(/,/g, ""));
}

/** The issuer (company) id of each row, from the company link in its first cell. */
export async function issuerIds(tableLocator: Locator): Promise<string[]> {
  return cells(tableLocator, "issuer")
    .locator("a[href^='/companies/']")
    .evaluateAll((els) => els.map((el) => (el.getAttribute("href") ?? "").replace("/companies/", "")));
}

/**
 * Adds a filter that is not a chip of the bar yet through "+ Filter" (components/data-table/toolbar.tsx):
 * its chip appears with its popover open, or its field focused. `key`: the filter's first parameter
 * (`structure`, `price_min`).
 */
export async function addFilter(scope: Page | Locator, key: string): Promise<void> {
  const button = scope.getByTestId("add-filter");
  await hydrated(button);
  await button.click();
  await scope.getByTestId(`add-filter-${key}`).click();
}

/** The table has finished its navigation: not dimmed, and no loading notice. */
export async function settled(page: Page, t: Locator): Promise<void> {
  await expect(t.getByRole("table")).toHaveAttribute("aria-busy", "false");
  await expect(page.locator("[role=status]", { hasText: "Loading" })).toHaveCount(0);
}

/** Every request the page makes from now until `until` resolves and the network has been quiet. */
export async function requestsDuring(page: Page, until: () => Promise<unknown>): Promise<Request[]> {
  const seen: Request[] = [];
  const listener = (request: Request) => seen.push(request);
  page.on("request", listener);
  try {
    await until();
    await page.waitForLoadState("networkidle");
  } finally {
    page.off("request", listener);
  }
  return seen;
}

/** The filter toolbar of the page's table is one line, 32 px high: the primary chips, "+ Filter" and the table's controls. */
export async function expectToolbarOneLine(page: Page): Promise<void> {
  const bar = page.getByTestId("filter-bar");
  await hydrated(bar.getByTestId("add-filter"));
  // The bar's items, the filter panel's own (it is `display: contents` here) in its place.
  const items = await bar.evaluate((el) =>
    [...el.children]
      .flatMap((child) => (getComputedStyle(child).display === "contents" ? [...child.children] : [child]))
      .map((item) => item.getBoundingClientRect())
      .filter((box) => box.height > 0)
      .map((box) => ({ top: Math.round(box.top), height: Math.round(box.height) })),
  );
  expect(items.length).toBeGreaterThan(3);
  expect(new Set(items.map((item) => item.top)).size, JSON.stringify(items)).toBe(1);
  expect(Math.round((await bar.boundingBox())!.height)).toBe(32);
}
