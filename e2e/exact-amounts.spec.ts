import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { NEW_BID } from "../lib/testing/fixtures/bodies";
import { apiKeyFor } from "./support/api";
import { ACCOUNTS } from "./support/env";
import { expect, hydrated, shot, signInAs, test } from "./support/fixtures";

/**
 * A rounded amount of a table shows its exact value on a tap, a click or Enter (a toggletip:
 * phones have no hover for the title), announced in a live region; an amount shown exactly is
 * plain text. On a phone card the tap shows the value instead of opening the row.
 */

const PRICE = "12.34567891";
const VOLUME = "4321";

/** An open bid at PRICE for VOLUME in a company of its own, and the /indications query showing it. */
async function bidWithLongPrice(request: APIRequestContext): Promise<{ id: string; path: string }> {
  const headers = { authorization: `Bearer ${apiKeyFor(ACCOUNTS.broker)}` };
  const company = ((await (await request.get("/api/v1/companies?per_page=1&page=13", { headers })).json()) as { companies: { id: string }[] }).companies[0];
  const made = await request.post("/api/v1/my/indications", { headers, data: { ...NEW_BID, issuer_id: company.id, price_per_share: PRICE, volume: VOLUME } });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()) as { id: string };
  return { id, path: `/indications?${new URLSearchParams({ stage: "open", issuer_id: company.id })}` };
}

/** The price and volume of the bid's card (phone) or row (desktop). */
function amounts(row: Locator) {
  return {
    price: row.locator('[data-column="price_per_share"] [data-value]'),
    volume: row.locator('[data-column="volume"] [data-value]'),
  };
}

async function expectInWindow(page: Page, bubble: Locator): Promise<void> {
  const box = (await bubble.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test.describe("at 390×844", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("a tap on a rounded price in a card shows the exact price and stays on the page; Escape, a tap elsewhere or a second tap closes it", async ({ page, request }, testInfo) => {
    const bid = await bidWithLongPrice(request);
    await signInAs(page, ACCOUNTS.broker, bid.path);
    const card = page.getByTestId("row-card").filter({ has: page.locator(`a[href="/indications/${bid.id}"]`) });
    const { price, volume } = amounts(card);
    await expect(price).toHaveAttribute("data-value", PRICE);
    await expect(price).toHaveAttribute("title", `${PRICE} USD`);
    const amount = price.getByRole("button");
    await expect(amount).toHaveText(/^\$12\.35(57)?$/);
    // 4,321 is shown as it is: no button.
    await expect(volume).toHaveText("$4,321");
    await expect(volume.getByRole("button")).toHaveCount(0);

    await hydrated(amount);
    const url = page.url();
    const status = price.getByRole("status");
    await amount.tap();
    await expect(status).toHaveText(`$${PRICE} exactly`);
    await expect(amount).toHaveAttribute("aria-expanded", "true");
    await expectInWindow(page, status.getByTestId("toggletip-bubble"));
    await shot(page, testInfo, "exact price");
    expect(page.url()).toBe(url);

    await page.keyboard.press("Escape");
    await expect(status).toHaveText("");
    await amount.tap();
    await expect(status).toHaveText(`$${PRICE} exactly`);
    await amount.tap();
    await expect(status).toHaveText("");
    await amount.tap();
    await expect(status).toHaveText(`$${PRICE} exactly`);
    await page.getByRole("heading", { name: "Indications", level: 1 }).tap();
    await expect(status).toHaveText("");
    expect(page.url()).toBe(url);
  });
});

test("at 1,440 px the rounded price is a button the keyboard opens and Escape closes, the focus kept", async ({ page, request }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const bid = await bidWithLongPrice(request);
  await signInAs(page, ACCOUNTS.broker, bid.path);
  const row = page.getByTestId("indications-table").locator(`[data-testid="table-row"][data-href="/indications/${bid.id}"]`);
  const { price, volume } = amounts(row);
  await expect(volume.getByRole("button")).toHaveCount(0);
  const amount = price.getByRole("button");
  await hydrated(amount);
  const status = price.getByRole("status");
  await amount.focus();
  await page.keyboard.press("Enter");
  await expect(status).toHaveText(`$${PRICE} exactly`);
  await expectInWindow(page, status.getByTestId("toggletip-bubble"));
  await shot(page, testInfo, "exact price");
  await page.keyboard.press("Escape");
  await expect(status).toHaveText("");
  await expect(amount).toBeFocused();
  await page.keyboard.press("Space");
  await expect(status).toHaveText(`$${PRICE} exactly`);
  // Tabbing on closes it.
  await page.keyboard.press("Tab");
  await expect(status).toHaveText("");
});
