import { ACCOUNTS } from "./support/env";
import { expect, hydrated, signInAs, test, useSession } from "./support/fixtures";
import { requestsDuring, rows, settled, table } from "./support/table";

/**
 * Issue 15, "Done when", what a table costs and how it is driven at 1,440 px: its requests (a
 * page, a filter change; a column or the density changed needs none, and stays in the URL), the
 * keyboard, and the progress bar of a link to another page.
 */

test.use({ viewport: { width: 1440, height: 900 } });

const notTheFavicon = (urls: string[]) => urls.filter((u) => !u.includes("/icon.svg"));

test("a page of 25 rows makes at most 30 requests and prefetches no company page, a filter change few; hiding and showing a column or the density none, and they stay in the URL", async ({ page }, testInfo) => {
  await useSession(page, ACCOUNTS.broker);
  const first = await requestsDuring(page, () => page.goto("/indications"));
  const urls = first.map((r) => r.url());
  testInfo.annotations.push({ type: "requests on first render", description: `${first.length}: ${urls.join(" ")}` });
  const t = table(page, "indications-table");
  await expect(rows(t)).toHaveCount(25);
  expect(first.length, urls.join("\n")).toBeLessThanOrEqual(30);
  expect(urls.filter((u) => /\/companies\/[0-9a-f-]{36}/.test(u))).toEqual([]);

  await hydrated(page.getByTestId("filter-side"));
  await page.getByTestId("filter-side").click();
  const change = await requestsDuring(page, async () => {
    await page.getByTestId("filter-side-bid").check();
    await expect(page).toHaveURL(/side=bid/);
    await settled(page, t);
  });
  testInfo.annotations.push({ type: "requests on a filter change", description: `${change.length}: ${change.map((r) => r.url()).join(" ")}` });
  expect(change.length, change.map((r) => r.url()).join("\n")).toBeLessThanOrEqual(4);
  expect(change.map((r) => r.url()).filter((u) => /\/companies\/[0-9a-f-]{36}/.test(u))).toEqual([]);
  await page.keyboard.press("Escape");

  // Hiding and showing a column needs no request.
  await page.getByTestId("column-toggle").click();
  await expect(t.locator('th[data-testid="col-stage"]')).toBeVisible();
  const during = await requestsDuring(page, async () => {
    await page.getByTestId("column-toggle-stage").uncheck();
    await expect(t.locator('th[data-testid="col-stage"]')).toHaveCount(0);
    await page.getByTestId("column-toggle-minimum_volume").check();
    await expect(t.locator('th[data-testid="col-minimum_volume"]')).toBeVisible();
  });
  // Nothing but Chromium fetching the favicon again for the replaced address.
  expect(notTheFavicon(during.map((r) => r.url()))).toEqual([]);
  await expect(page).toHaveURL(/hide=/);
  expect(new URL(page.url()).searchParams.get("hide")?.split(",")).toContain("stage");
  // Reloading keeps the choice (the server reads the same URL).
  await page.reload();
  await expect(t.locator('th[data-testid="col-minimum_volume"]')).toBeVisible();
  await expect(t.locator('th[data-testid="col-stage"]')).toHaveCount(0);

  // Density is view-only too.
  await hydrated(page.getByTestId("density-toggle"));
  const density = await requestsDuring(page, async () => {
    await page.getByTestId("density-toggle").click();
    await expect(t.getByRole("table")).toHaveAttribute("data-density", "compact");
  });
  expect(notTheFavicon(density.map((r) => r.url()))).toEqual([]);
  await expect(page).toHaveURL(/density=compact/);
});

test("keyboard: / searches, j and k move through the rows, Enter opens one, n starts a new one; a link to another page shows the progress bar at once, until that page is shown", async ({ page }) => {
  await signInAs(page, ACCOUNTS.broker, "/indications");
  const rowsOf = rows(table(page, "indications-table"));
  await hydrated(page.getByTestId("new-indication"));
  await page.locator("body").press("/");
  await expect(page.getByTestId("filter-issuer_id")).toBeFocused();
  await page.getByTestId("filter-issuer_id").blur();
  await page.locator("body").press("j");
  await expect(rowsOf.nth(0)).toBeFocused();
  await page.keyboard.press("j");
  await expect(rowsOf.nth(1)).toBeFocused();
  await page.keyboard.press("k");
  await expect(rowsOf.nth(0)).toBeFocused();
  const id = await rowsOf.nth(0).getAttribute("data-href");
  expect(id).toMatch(/^\/indications\/[0-9a-f-]{36}$/);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`${id}$`));
  await page.goBack();
  await hydrated(page.getByTestId("new-indication"));
  await page.locator("body").press("n");
  const form = page.locator("dialog[open]").getByTestId("indication-form");
  await expect(form).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(form).toHaveCount(0);

  // A link to another page, on a slow server: the page's data arrives half a second after the click.
  const link = page.getByRole("link", { name: "Trades", exact: true }).first();
  await hydrated(link);
  await page.route("**/trades**", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await link.click();
  await expect(page.getByTestId("navigation-progress")).toBeVisible({ timeout: 200 });
  await expect(page).toHaveURL(/\/trades$/);
  await expect(page.getByTestId("trades-table")).toBeVisible();
  await expect(page.getByTestId("navigation-progress")).toHaveCount(0);
});
