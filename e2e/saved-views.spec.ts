import type { Page } from "@playwright/test";
import { ACCOUNTS } from "./support/env";
import { expect, fillSignInForm, hydrated, shot, signInAs, test } from "./support/fixtures";
import { rows, table } from "./support/table";

/**
 * Issue 33: saved views. A user names the table as they set it up (filters, sort, columns), and
 * finds it again in the toolbar's Views menu after signing out and in, on a laptop or a phone.
 */

async function openViews(page: Page) {
  await hydrated(page.getByTestId("saved-views"));
  await page.getByTestId("saved-views").click();
  await expect(page.getByTestId("saved-views-panel")).toBeVisible();
}

async function saveAs(page: Page, name: string) {
  await openViews(page);
  await page.getByTestId("saved-view-name").fill(name);
  await page.getByTestId("save-view").click();
  await expect(page.getByTestId("saved-views")).toHaveText(new RegExp(`View: ${name}`));
}

test("a saved view outlives the session: saved, signed out and in, opened, deleted", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, ACCOUNTS.lead, "/trades?is_verified=false&sort=-volume&hide=structure&page=2");
  await saveAs(page, "Unverified by size");
  await shot(page, testInfo, "saved");

  // The page number is not part of the view: on page 1 it is still the view, elsewhere not.
  await page.goto("/trades");
  await expect(page.getByTestId("saved-views")).toHaveText(/^Views/);

  const signOut = page.getByRole("button", { name: "Sign out" });
  await hydrated(signOut);
  await signOut.click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await fillSignInForm(page, ACCOUNTS.lead);
  await expect(page.getByTestId("current-user")).toBeVisible();
  await page.goto("/trades");

  await openViews(page);
  await page.getByTestId("saved-view").filter({ hasText: "Unverified by size" }).click();
  await expect(page).toHaveURL(/is_verified=false/);
  const url = new URL(page.url());
  expect(url.searchParams.get("sort")).toBe("-volume");
  expect(url.searchParams.get("hide")).toBe("structure");
  expect(url.searchParams.get("page")).toBeNull();
  await expect(page.getByTestId("saved-views")).toHaveText(/View: Unverified by size/);
  const t = table(page, "trades-table");
  await expect(t.locator('th[data-testid="col-structure"]')).toHaveCount(0);
  await expect(rows(t).first()).toBeVisible();
  await expect(t.locator('[data-column="is_verified"]').filter({ hasText: /^Verified$/ })).toHaveCount(0);

  // Another user never sees it.
  await page.context().clearCookies();
  await signInAs(page, ACCOUNTS.broker, "/trades");
  await openViews(page);
  await expect(page.getByTestId("saved-view")).toHaveCount(0);

  await page.context().clearCookies();
  await signInAs(page, ACCOUNTS.lead, "/trades");
  await openViews(page);
  await page.getByRole("button", { name: "Delete view Unverified by size" }).click();
  await expect(page.getByTestId("saved-view")).toHaveCount(0);
  await page.reload();
  await openViews(page);
  await expect(page.getByTestId("saved-view")).toHaveCount(0);
});

test("on a phone: save a view of the indications and open it from the toolbar", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, ACCOUNTS.analyst, "/indications?side=bid&sort=-price_per_share");
  await saveAs(page, "Bids, dearest first");
  await page.keyboard.press("Escape");
  await page.goto("/indications");
  await openViews(page);
  await shot(page, testInfo, "menu");
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.getByTestId("saved-view").filter({ hasText: "Bids, dearest first" }).click();
  await expect(page).toHaveURL(/side=bid/);
  await expect(page.getByTestId("phone-sort")).toHaveValue("-price_per_share");
});
