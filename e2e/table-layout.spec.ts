import type { Locator } from "@playwright/test";
import { ACCOUNTS } from "./support/env";
import { expect, hydrated, shot, signInAs, signInViaApi, test } from "./support/fixtures";
import { expectToolbarOneLine, rows, settled, table } from "./support/table";

/**
 * Issue 15, "Done when", the tables' layout: at 1,440 px the default columns fit with a sticky
 * header and a pinned company column, the filter toolbar is one line, a row's actions are one menu
 * shown whole, Next page brings the table's top into view; at 390×844 rows are cards, the filters
 * open in a sheet and a company's header stacks. (The toolbar of /indications is checked with its
 * filters, e2e/table-filters.spec.ts.)
 */

const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

test.describe("at 1,440 px", () => {
  test.use({ viewport: LAPTOP });

  test("/indications, /trades and /review: the default columns fit without sideways scrolling; sticky header, pinned company column", async ({ page }, testInfo) => {
    for (const [i, path] of ["/indications", "/trades", "/review"].entries()) {
      if (i === 0) await signInAs(page, ACCOUNTS.lead, path);
      else await page.goto(path);
      const scroller = page.getByTestId("table-scroll");
      await expect(scroller).toBeVisible();
      const widths = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, doc: document.documentElement.scrollWidth, win: window.innerWidth }));
      expect(widths.scroll, `${path}: ${JSON.stringify(widths)}`).toBeLessThanOrEqual(widths.client);
      expect(widths.doc, `${path}: ${JSON.stringify(widths)}`).toBeLessThanOrEqual(widths.win);
      expect(await scroller.locator("thead").first().evaluate((el) => getComputedStyle(el).position), path).toBe("sticky");
      expect(await page.locator('th[data-testid="col-issuer"]').evaluate((el) => getComputedStyle(el).position), path).toBe("sticky");
      await shot(page, testInfo, `laptop-${path}`);
    }
  });

  test('/verification: the filter toolbar is one line: the primary chips, "+ Filter" and the table\'s controls', async ({ page }, testInfo) => {
    await signInAs(page, ACCOUNTS.ops, "/verification");
    await expectToolbarOneLine(page);
    await shot(page, testInfo, "toolbar");
  });

  test("/trades: the filter toolbar is one line, and Next page brings the table's top into view", async ({ page }, testInfo) => {
    await signInAs(page, ACCOUNTS.broker, "/trades?per_page=50");
    await expectToolbarOneLine(page);
    await shot(page, testInfo, "toolbar");

    const t = table(page, "trades-table");
    const scroller = page.getByTestId("table-scroll");
    await hydrated(page.getByTestId("page-next"));
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await page.getByTestId("page-next").click();
    await expect(page.getByTestId("page-status")).toContainText("Page 2");
    await settled(page, t);
    const top = await t.evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(-1);
    expect(top).toBeLessThan(LAPTOP.height / 3);
    expect(await scroller.evaluate((el) => el.scrollTop)).toBe(0);
  });

  test("a row's actions are one menu (⋯), shown whole even for the last row of the scroll box", async ({ page }, testInfo) => {
    await signInAs(page, ACCOUNTS.broker, "/indications?stage=open");
    const t = table(page, "indications-table");
    await expect(t.locator('th[data-testid="col-actions"]')).toBeVisible();
    const last = rows(t).last();
    const menu = last.getByTestId("row-menu-button");
    await hydrated(menu);
    await menu.scrollIntoViewIfNeeded();
    // As wide as its header, not four buttons (~270 px); every row one line high.
    expect((await last.locator('td[data-column="actions"]').boundingBox())!.width).toBeLessThan(100);
    const heights = await rows(t).evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height)));
    expect(new Set(heights).size, `row heights ${heights.join(", ")}`).toBe(1);
    await menu.click();
    const panel = last.getByTestId("row-menu-panel");
    await expect(panel.getByTestId("edit-indication")).toBeVisible();
    await expect(panel.getByTestId("close-indication")).toBeVisible();
    const box = (await panel.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(900);
    // Nothing covers it: the point at its last item is the item itself.
    const item = panel.getByTestId("close-indication");
    const itemBox = (await item.boundingBox())!;
    const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.getAttribute("data-testid") ?? null, [itemBox.x + itemBox.width / 2, itemBox.y + itemBox.height / 2]);
    expect(hit).toBe("close-indication");
    await shot(page, testInfo, "row-menu");
    await page.mouse.click(5, 5);
    await expect(panel).toBeHidden();
  });
});

test.describe("at 390×844", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test("/indications and /trades: rows are cards, the filters open in a sheet, nothing scrolls sideways; a company's header stacks", async ({ page }, testInfo) => {
    let company: string | null = null;
    for (const [i, [path, testId]] of (
      [
        ["/indications", "indications-table"],
        ["/trades", "trades-table"],
      ] as const
    ).entries()) {
      if (i === 0) await signInAs(page, ACCOUNTS.broker, path);
      else await page.goto(path);
      const t = table(page, testId);
      await expect(t.getByTestId("row-card").first()).toBeVisible();
      await expect(t.getByTestId("table-scroll")).toBeHidden();
      const card = t.getByTestId("row-card").first();
      for (const column of ["price_per_share", "volume"]) await expect(card.locator(`[data-column="${column}"]`)).toBeVisible();
      await expect(card.getByTestId("company-logo")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(PHONE.width);
      // The filters wait behind one button: the first screen shows rows.
      await expect(page.getByTestId("filter-panel")).toBeHidden();
      const firstCardTop = await card.evaluate((el) => el.getBoundingClientRect().top);
      expect(firstCardTop).toBeLessThan(PHONE.height);
      await shot(page, testInfo, `phone-${path}`);
      await hydrated(page.getByTestId("open-filters"));
      await page.getByTestId("open-filters").click();
      await expect(page.getByRole("dialog", { name: "Filters" })).toBeVisible();
      await shot(page, testInfo, `phone-filters-${path}`);
      await page.getByTestId("close-filters").click();
      await expect(page.getByRole("dialog", { name: "Filters" })).toHaveCount(0);
      company ??= await page.locator("a[href^='/companies/']").first().getAttribute("href");
    }

    // The company header stacks: links below the text, no overlap, description full width.
    await page.goto(company!);
    const header = page.getByTestId("company-header");
    // The page streams (its loading skeleton comes first): measure what has arrived.
    const box = async (l: Locator) => {
      await expect(l).toBeVisible();
      return (await l.boundingBox())!;
    };
    const text = await box(page.getByTestId("company-description"));
    const links = await box(page.getByTestId("company-links"));
    expect(links.y).toBeGreaterThanOrEqual(text.y + text.height - 1);
    expect(text.width).toBeGreaterThan(PHONE.width * 0.7);
    expect((await box(header)).width).toBeLessThanOrEqual(PHONE.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await shot(page, testInfo, "phone-company");
  });

  test("the filters' sheet: one tap on Done applies what was typed and closes it; Escape closes it too", async ({ page }) => {
    await signInAs(page, ACCOUNTS.broker, "/companies");
    await hydrated(page.getByTestId("open-filters"));
    await page.getByTestId("open-filters").tap();
    const sheet = page.getByRole("dialog", { name: "Filters" });
    await expect(sheet).toBeVisible();
    await page.getByTestId("filter-q").fill("Arc");
    await page.getByTestId("close-filters").tap();
    await expect(sheet).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.searchParams.get("q") === "Arc");
    await expect(page.getByTestId("filters-set")).toHaveText("1");
    // It counts filters, not bounds: a range with both ends is one.
    await page.goto("/companies?q=Arc&mark_min=1&mark_max=1000");
    await expect(page.getByTestId("filters-set")).toHaveText("2");
    await hydrated(page.getByTestId("open-filters"));
    // Opened, the sheet has the focus: Escape closes it at once.
    await page.getByTestId("open-filters").tap();
    await expect(page.getByTestId("close-filters")).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(sheet).toHaveCount(0);
    // Escape in the search field closes the sheet and keeps the search (a search field's own Escape empties it).
    await page.getByTestId("open-filters").tap();
    await page.getByTestId("filter-q").press("Escape");
    await expect(sheet).toHaveCount(0);
    await expect(page.getByTestId("filter-q")).toHaveValue("Arc");
    await expect(page).toHaveURL((url) => url.searchParams.get("q") === "Arc");
  });

  test("before hydration, as a laptop's narrow window is sent the table: /indications, /trades and /review scroll no page sideways", async ({ browser }, testInfo) => {
    // The app's scripts withheld (the streamed HTML's own inline scripts still run): the page as
    // the server sends it to a laptop's user agent at 390 px, before use-phone.tsx swaps the table
    // for cards (the tour met /review 398 px wide then).
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: PHONE });
    try {
      const page = await context.newPage();
      await page.route("**/_next/static/**/*.js", (route) => route.abort());
      await signInViaApi(page.request, ACCOUNTS.lead);
      for (const path of ["/indications", "/trades", "/review"]) {
        await page.goto(path);
        await expect(page.getByRole("table").first()).toBeVisible();
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(PHONE.width);
      }
    } finally {
      await context.close();
    }
  });
});
