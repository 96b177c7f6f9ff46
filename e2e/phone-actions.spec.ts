import type { Page } from "@playwright/test";
import { NEW_BID, NEW_TRADE } from "../lib/testing/fixtures/bodies";
import { apiKeyFor } from "./support/api";
import { ACCOUNTS } from "./support/env";
import { expect, hydrated, shot, signInAs, test } from "./support/fixtures";

/**
 * On a phone (390 px, touch) every row action works from the row's card: a broker edits,
 * refreshes and closes an indication; the marketplace team verifies and unverifies a trade.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const card = (page: Page, href: string) => page.getByTestId("row-card").filter({ has: page.locator(`a[href="${href}"]`) });
const openDialog = (page: Page) => page.locator("dialog[open]");

test("a broker edits, refreshes and closes an indication from its card", async ({ page, request }, testInfo) => {
  const key = apiKeyFor(ACCOUNTS.broker);
  const headers = { authorization: `Bearer ${key}` };
  const company = ((await (await request.get("/api/v1/companies?per_page=1&page=11", { headers })).json()) as { companies: { id: string }[] }).companies[0];
  const made = await request.post("/api/v1/my/indications", { headers, data: { ...NEW_BID, issuer_id: company.id, volume: "4321" } });
  expect(made.status(), await made.text()).toBe(201);
  const indication = (await made.json()) as { id: string; last_refreshed_at: string };
  const read = async () => (await (await request.get(`/api/v1/my/indications/${indication.id}`, { headers })).json()) as { volume: string; stage: string; last_refreshed_at: string };

  await signInAs(page, ACCOUNTS.broker, `/indications?${new URLSearchParams({ stage: "open", issuer_id: company.id })}`);
  const mine = card(page, `/indications/${indication.id}`);
  // The card's actions are in its menu (⋯), which each action closes.
  const menu = mine.getByTestId("row-menu-button");
  await hydrated(menu);
  await menu.click();
  await expect(mine.getByTestId("open-indication")).toBeVisible();
  await shot(page, testInfo, "menu");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const edit = mine.getByTestId("edit-indication");
  await edit.click();
  await openDialog(page).getByTestId("field-volume").fill("5432.5");
  await openDialog(page).getByTestId("form-submit").click();
  await expect(openDialog(page).getByTestId("form-saved")).toBeVisible();
  await shot(page, testInfo, "edit saved");
  await openDialog(page).getByRole("button", { name: "Done" }).click();
  await expect(mine.locator('[data-column="volume"] [data-value]')).toHaveAttribute("data-value", "5432.5");
  expect((await read()).volume).toBe("5432.5");

  await expect(mine.getByTestId("row-menu-panel")).toHaveCount(0);
  await menu.click();
  await mine.getByTestId("refresh-indication").click();
  await expect(mine.getByTestId("action-status")).toHaveText(/Refreshed/);
  await expect(mine.getByTestId("row-menu-panel")).toHaveCount(0);
  expect(Date.parse((await read()).last_refreshed_at)).toBeGreaterThan(Date.parse(indication.last_refreshed_at));
  // The notice sits inside the window, clear of the card's menu button.
  const notice = (await mine.getByTestId("action-status").boundingBox())!;
  expect(notice.x).toBeGreaterThanOrEqual(0);
  expect(notice.x + notice.width).toBeLessThanOrEqual(390);
  await shot(page, testInfo, "refreshed");

  await menu.click();
  await mine.getByTestId("close-indication").click();
  await openDialog(page).getByTestId("close-indication-yes").click();
  // Closed, it leaves the open list.
  await expect(mine).toHaveCount(0);
  expect((await read()).stage).not.toBe("open");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("the marketplace team verifies and unverifies a trade from its card", async ({ page, request }, testInfo) => {
  const key = apiKeyFor(ACCOUNTS.broker);
  const headers = { authorization: `Bearer ${key}` };
  const company = ((await (await request.get("/api/v1/companies?per_page=1&page=12", { headers })).json()) as { companies: { id: string }[] }).companies[0];
  const today = new Date().toISOString().slice(0, 10);
  // A volume no other trade has, to find its card by.
  const volume = `${Date.now() % 1_000_000}.321`;
  const made = await request.post("/api/v1/my/trades", { headers, data: { ...NEW_TRADE, issuer_id: company.id, volume, sign_date: today, won_date: today } });
  expect(made.status(), await made.text()).toBe(201);
  const trade = (await made.json()) as { id: string; permalink_id: string };
  const verified = async () => ((await (await request.get(`/api/v1/my/trades/${trade.id}`, { headers })).json()) as { is_verified: boolean }).is_verified;

  await signInAs(page, ACCOUNTS.ops, `/verification?${new URLSearchParams({ issuer_id: company.id, sign_date_from: today, is_verified: "all" })}`);
  const queued = page.getByTestId("row-card").filter({ has: page.locator(`[data-column="volume"] [data-value="${volume}"]`) });
  await expect(queued).toHaveCount(1);

  const verify = queued.getByTestId("verify-trade");
  await hydrated(verify);
  await verify.click();
  await expect(page.getByTestId("verify-results")).toContainText("verified");
  await expect.poll(verified).toBe(true);

  // The result sits at the window's foot, clear of the toolbar's Filters button.
  const results = (await page.getByTestId("verify-results").boundingBox())!;
  const filters = (await page.getByTestId("open-filters").boundingBox())!;
  expect(results.y).toBeGreaterThan(filters.y + filters.height + 8);
  expect(results.y + results.height).toBeLessThanOrEqual(844);

  await queued.getByTestId("unverify-trade").click();
  // The dialog names the trade; an empty reason is refused with the focus where it is typed.
  await expect(openDialog(page).getByRole("heading")).toContainText(trade.permalink_id);
  await openDialog(page).getByTestId("unverify-submit").click();
  await expect(openDialog(page).getByTestId("error-reason")).toBeVisible();
  await expect(openDialog(page).getByTestId("unverify-reason")).toBeFocused();
  await openDialog(page).getByTestId("unverify-reason").fill("Checked on a phone: sign date to confirm");
  // Another trade reaches the queue while the dialog is open: the page redraws under it, and the
  // dialog stays, with what was typed.
  const other = `${(Date.now() + 7) % 1_000_000}.654`;
  const arrived = await request.post("/api/v1/my/trades", { headers, data: { ...NEW_TRADE, issuer_id: company.id, volume: other, sign_date: today, won_date: today } });
  expect(arrived.status(), await arrived.text()).toBe(201);
  await expect(page.locator(`[data-column="volume"] [data-value="${other}"]`)).toHaveCount(1);
  await expect(openDialog(page).getByTestId("unverify-reason")).toHaveValue("Checked on a phone: sign date to confirm");
  await shot(page, testInfo, "unverify reason");
  await openDialog(page).getByTestId("unverify-submit").click();
  await expect(page.getByTestId("verify-results")).toContainText("unverified");
  await expect.poll(verified).toBe(false);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The ticket itself, another team's, read only: its team, its fields and its history.
  await queued.getByTestId("open-trade").click();
  await expect(page).toHaveURL(new RegExp(`/trades/${trade.id}$`));
  await expect(page.getByTestId("trade-team")).toContainText("Alpha");
  await expect(page.getByTestId("trade-fields")).toContainText(trade.permalink_id);
  await expect(page.locator('[data-testid=history-event][data-action="trade.unverified"]')).toHaveCount(1);
  await expect(page.getByTestId("edit-trade")).toHaveCount(0);
});

test("cards sort by a choice of their own: the URL carries it and the cards follow it", async ({ page }) => {
  await signInAs(page, ACCOUNTS.broker, "/indications");
  const sort = page.getByTestId("indications-table").getByTestId("phone-sort");
  await hydrated(sort);
  await sort.selectOption("-price_per_share");
  await expect(page).toHaveURL(/sort=-price_per_share/);
  await expect(sort).toHaveValue("-price_per_share");
  const prices = await page.getByTestId("row-card").locator('[data-column="price_per_share"] [data-value]').evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-value"))));
  expect(prices.length).toBeGreaterThan(1);
  expect([...prices].sort((a, b) => b - a)).toEqual(prices);
});

test("the header is a bar with a menu and, under it, who is signed in; the menu holds the navigation and sign out, and closes on a link", async ({ page }) => {
  await signInAs(page, ACCOUNTS.ops, "/companies");
  const header = page.locator("header").first();
  // Two lines at most: the bar (menu, name of the desk, bell) and the whole name under it.
  expect((await header.boundingBox())!.height).toBeLessThan(100);
  const [menuBox, bellBox] = [await page.getByTestId("menu-button").boundingBox(), await page.getByTestId("notification-bell").boundingBox()];
  expect(Math.abs(menuBox!.y - bellBox!.y)).toBeLessThan(8);
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav).toBeHidden();
  const menu = page.getByTestId("menu-button");
  await hydrated(menu);
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  await expect(nav.getByTestId("nav-badge-verification")).toBeVisible();
  await nav.getByRole("link", { name: "Trades", exact: true }).click();
  await expect(page).toHaveURL(/\/trades$/);
  await expect(nav).toBeHidden();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
});

test("a tap on a card opens the row's page; its company link and menu keep their own taps", async ({ page }) => {
  await signInAs(page, ACCOUNTS.broker, "/trades");
  const first = page.getByTestId("row-card").first();
  const href = (await first.getByTestId("open-card").getAttribute("href"))!;
  expect(href).toMatch(/^\/trades\/[0-9a-f-]{36}$/);
  await hydrated(first.getByTestId("open-card"));
  const body = (await first.locator("dl").boundingBox())!;
  await page.touchscreen.tap(body.x + body.width / 2, body.y + body.height / 2);
  await expect(page).toHaveURL(new RegExp(`${href}$`));

  await page.goto("/indications?stage=open");
  const card = page.getByTestId("row-card").first();
  const menu = card.getByTestId("row-menu-button");
  await hydrated(menu);
  await menu.tap();
  await expect(card.getByTestId("row-menu-panel")).toBeVisible();
  await expect(page).toHaveURL(/\/indications\?stage=open$/);
});

test("a table's toolbar fits a phone: the count on one line beside Filters, Export CSV inside the cards' edge", async ({ page }, testInfo) => {
  await signInAs(page, ACCOUNTS.broker, "/indications");
  const count = page.getByTestId("row-count");
  await hydrated(page.getByTestId("open-filters"));
  const line = await count.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
  expect((await count.boundingBox())!.height).toBeLessThanOrEqual(line + 1);
  const card = (await page.getByTestId("row-card").first().boundingBox())!;
  const csv = (await page.getByTestId("export-csv").boundingBox())!;
  expect(csv.x + csv.width).toBeLessThanOrEqual(card.x + card.width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, testInfo, "toolbar");
});

test("the queue on a phone: each card names its team and permalink; the filter sheet's selects fill their fields", async ({ page }, testInfo) => {
  await signInAs(page, ACCOUNTS.ops, "/verification");
  const first = page.getByTestId("row-card").first();
  await expect(first.locator('[data-column="team"] dd')).toHaveText(/^(Alpha|Beta|Gamma|Delta)$/);
  await expect(first.locator('[data-column="permalink_id"] dd')).toHaveText(/^\S{6,}$/);
  // The company heads the card.
  await expect(first.locator("a[href^='/companies/']").first()).toBeVisible();

  const open = page.getByTestId("open-filters");
  await hydrated(open);
  await open.click();
  for (const param of ["is_verified", "team_id"]) {
    const select = page.getByTestId(`filter-${param}`);
    const [own, field] = await select.evaluate((el) => [el.getBoundingClientRect().right, el.parentElement!.getBoundingClientRect().right]);
    // Its arrow at the field's end, not in the middle of it.
    expect(field - own, param).toBeLessThanOrEqual(2);
  }
  await shot(page, testInfo, "filter sheet");
});
