import type { APIRequestContext } from "@playwright/test";
import { SIDES, STAGES, STRUCTURES, VISIBILITIES } from "../lib/domain/enums";
import { VISIBILITY_LABELS } from "../lib/format";
import { ACCOUNTS } from "./support/env";
import { expect, hydrated, shot, signInAs, test } from "./support/fixtures";
import { addFilter, expectToolbarOneLine, settled, table } from "./support/table";

/**
 * Issue 15, "Done when", the tables' filters at 1,440 px: the filter bar (one line, one height,
 * "+ Filter" for the other filters, a facet with every value picked is no filter, a range a chip
 * with its bounds), facet counts as the API counts, and how fast a filter change redraws.
 */

test.use({ viewport: { width: 1440, height: 900 } });

async function totalCount(request: APIRequestContext, resource: string, params: URLSearchParams): Promise<number> {
  const response = await request.get(`/api/v1/my/${resource}?${params}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { total_count: number }).total_count;
}

test('/indications\' filter bar: one line; every value of a facet picked is no filter; "+ Filter" offers the others in tab order, one picked stays a chip; chips and fields one height, a range a chip with its bounds', async ({ page }, testInfo) => {
  await signInAs(page, ACCOUNTS.broker, "/indications");
  await expectToolbarOneLine(page);
  await shot(page, testInfo, "toolbar");

  // Picking every value of a facet is no filter.
  await hydrated(page.getByTestId("filter-side"));
  await page.getByTestId("filter-side").click();
  await page.getByTestId("filter-side-bid").check();
  await expect(page).toHaveURL(/side=bid/);
  await expect(page.getByRole("button", { name: "Clear side", exact: true })).toBeVisible();
  // Picking the other one too: both are every side, so the filter goes (and neither stays ticked).
  await page.getByTestId("filter-side-offer").click();
  await expect(page).not.toHaveURL(/side=/);
  await expect(page.getByTestId("filter-side-bid")).not.toBeChecked();
  await expect(page.getByTestId("reset-filters")).toHaveCount(0);
  await page.keyboard.press("Escape");

  // "+ Filter": the other filters as buttons in tab order; one picked is a chip, open, and stays;
  // Escape gives the focus back.
  const add = page.getByTestId("add-filter");
  await expect(page.getByTestId("filter-visibility")).toHaveCount(0);
  await add.focus();
  await page.keyboard.press("Enter");
  const items = page.getByTestId(/^add-filter-/);
  await expect(items).toHaveText(["Structure", "Visibility", "Stock type", "Class", "Created", "Price / share (USD)", "Volume (USD)"]);
  await shot(page, testInfo, "menu");
  await page.keyboard.press("Escape");
  await expect(items.first()).toBeHidden();
  await expect(add).toBeFocused();

  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("add-filter-structure")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("add-filter-visibility")).toBeFocused();
  await page.keyboard.press("Enter");
  const chip = page.getByTestId("filter-visibility");
  await expect(page.getByTestId(`filter-visibility-${VISIBILITIES[0]}`)).toBeFocused();
  await page.keyboard.press("Space");
  await expect(page).toHaveURL((url) => url.searchParams.get("visibility") === VISIBILITIES[0]);
  await page.keyboard.press("Escape");
  await expect(chip).toBeFocused();
  await expect(chip).toContainText(VISIBILITY_LABELS[VISIBILITIES[0]]);
  // Cleared, it keeps its chip for this page view; it is no longer offered by "+ Filter".
  await page.getByTestId("reset-filters").click();
  await expect(page).toHaveURL((url) => !url.searchParams.has("visibility"));
  await expect(chip).toBeVisible();
  await add.click();
  await expect(items).toHaveText(["Structure", "Stock type", "Class", "Created", "Price / share (USD)", "Volume (USD)"]);
  await page.keyboard.press("Escape");

  // One height: chips and fields alike. A facet and a date range beside the primary chips, the
  // visibility chip, the company field and "+ Filter".
  const panel = page.getByTestId("filter-panel");
  for (const key of ["structure", "created_from"]) {
    await addFilter(page, key);
    await page.keyboard.press("Escape");
  }
  const heights = await panel.locator(":scope > *").evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height)));
  expect(heights.length).toBeGreaterThan(5);
  expect(new Set(heights), `heights ${heights.join(", ")}`).toEqual(new Set([32]));
  await addFilter(page, "price_min");
  const price = page.getByTestId("range-price_min");
  // Added, the range opens at once with the focus in its first end.
  const min = page.getByLabel("Price / share (USD) minimum");
  await expect(min).toBeFocused();
  await min.fill("10");
  await min.press("Enter");
  await expect(page).toHaveURL((url) => url.searchParams.get("price_min") === "10");
  // The chip writes a bound as its column writes the values, not as typed.
  await expect(price).toContainText("≥ $10.00");
  // A maximum below the minimum matches nothing: the range says so rather than leaving an empty table unexplained.
  const max = page.getByLabel("Price / share (USD) maximum");
  await max.fill("5");
  await max.press("Enter");
  await expect(page.getByTestId("range-reversed-price_min")).toBeVisible();
  await max.fill("50");
  await max.press("Enter");
  await expect(page).toHaveURL((url) => url.searchParams.get("price_max") === "50");
  await expect(page.getByTestId("range-reversed-price_min")).toHaveCount(0);
  await expect(price).toContainText("$10.00 – $50.00");
  // Its Clear keeps the label's unit as written (not "Clear price / share (usd)").
  await expect(page.getByRole("button", { name: "Clear price / share (USD)", exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  // An amount in whole dollars, as the volume column has it ("≥ 100000" before).
  await addFilter(page, "volume_min");
  await page.getByLabel("Volume (USD) minimum").fill("100000");
  await page.getByLabel("Volume (USD) minimum").press("Enter");
  await expect(page.getByTestId("range-volume_min")).toContainText("≥ $100,000");
  await shot(page, testInfo, "filter-bar");
});

test("facet counts equal the API's total_count for each value, under the other filters", async ({ page }) => {
  await signInAs(page, ACCOUNTS.broker, "/indications?stage=open&stock_type=secondary");
  for (const [param, values] of [
    ["side", SIDES],
    ["structure", STRUCTURES],
    ["stage", STAGES],
  ] as const) {
    // Structure is behind "+ Filter" (not a primary filter of /indications).
    if (param === "structure") await addFilter(page, param);
    else {
      await hydrated(page.getByTestId(`filter-${param}`));
      await page.getByTestId(`filter-${param}`).click();
    }
    for (const value of values) {
      const shown = Number((await page.getByTestId(`filter-${param}-${value}-count`).innerText()).replace(/,/g, ""));
      const params = new URLSearchParams("stage=open&stock_type=secondary");
      params.set(param, value);
      expect(shown, `${param}=${value}`).toBe(await totalCount(page.request, "indications", params));
    }
    await page.keyboard.press("Escape");
  }

  await page.goto("/trades?structure=direct");
  await hydrated(page.getByTestId("filter-is_verified"));
  await page.getByTestId("filter-is_verified").click();
  for (const value of ["true", "false"]) {
    const shown = Number((await page.getByTestId(`filter-is_verified-${value}-count`).innerText()).replace(/,/g, ""));
    expect(shown).toBe(await totalCount(page.request, "trades", new URLSearchParams({ structure: "direct", is_verified: value })));
  }
});

type TimedWindow = { filterChangeTime: Promise<number> };

/**
 * In the page: `window.filterChangeTime` resolves with the milliseconds from the next `change`
 * event to the first animation frame in which the URL has changed and the table `testId` is no
 * longer busy.
 */
function startFilterChangeTimer(testId: string): void {
  (window as unknown as TimedWindow).filterChangeTime = new Promise((resolve) => {
    const url = location.href;
    let started: number | undefined;
    document.addEventListener("change", () => (started = performance.now()), { once: true, capture: true });
    const frame = () => {
      const table = document.querySelector(`[data-testid="${testId}"] table`);
      if (started !== undefined && location.href !== url && table?.getAttribute("aria-busy") === "false") resolve(Math.round(performance.now() - started));
      else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

test("filter change to updated table: p50 in the browser at 1,440 px", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await signInAs(page, ACCOUNTS.broker, "/indications");
  const t = table(page, "indications-table");
  // Structure's chip is added once; it stays in the bar for the rest of the page view.
  await addFilter(page, "structure");
  await page.keyboard.press("Escape");
  const changes = [
    ["side", "bid"],
    ["side", "bid"],
    ["stage", "open"],
    ["stage", "open"],
    ["structure", "direct"],
    ["structure", "direct"],
  ] as const;
  const times: number[] = [];
  for (let round = 0; round < 4; round++) {
    for (const [param, value] of changes) {
      await page.getByTestId(`filter-${param}`).click();
      const box = page.getByTestId(`filter-${param}-${value}`);
      // Timed in the page, from the checkbox's change event to the first frame after the new URL
      // is committed with the table no longer dimmed: the test runner's own waits (actionability,
      // polling) are not the user's wait.
      await page.evaluate(startFilterChangeTimer, "indications-table");
      await box.setChecked(!(await box.isChecked()));
      times.push(await page.evaluate(() => (window as unknown as TimedWindow).filterChangeTime));
      await settled(page, t);
      await page.keyboard.press("Escape");
    }
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)];
  const p90 = times[Math.floor(times.length * 0.9)];
  testInfo.annotations.push({ type: "filter change to updated table", description: `p50 ${p50} ms, p90 ${p90} ms over ${times.length} changes: ${times.join(",")}` });
  console.log(`filter change to updated table: p50 ${p50} ms, p90 ${p90} ms (n=${times.length})`);
  expect(p50).toBeLessThanOrEqual(300);
});
