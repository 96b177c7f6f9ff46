import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { NEW_BID } from "../lib/testing/fixtures/bodies";
import { apiKeyFor } from "./support/api";
import { ACCOUNTS } from "./support/env";
import { expect, hydrated, shot, signInAs, test } from "./support/fixtures";
import { rows, table } from "./support/table";

/**
 * Issue 43, findings 2 and 3 and the tables' minor: a row's menu (⋯) is a launcher that never
 * stands open beside another row (an action done, a dialog opened, its row moved), a dialog opened
 * from a row wraps its text inside the window, and ticking a row's box moves no row.
 */
test.use({ viewport: { width: 1440, height: 900 } });

interface Made {
  id: string;
  permalink_id: string;
}

/** A company of its own (the n-th of the directory) with a bid, then an offer, of the broker's. */
async function bidAndOffer(request: APIRequestContext, nth: number): Promise<{ company: string; bid: Made; offer: Made; headers: Record<string, string> }> {
  const headers = { authorization: `Bearer ${apiKeyFor(ACCOUNTS.broker)}` };
  const company = ((await (await request.get(`/api/v1/companies?per_page=1&page=${nth}`, { headers })).json()) as { companies: { id: string }[] }).companies[0].id;
  const make = async (data: Record<string, unknown>) => {
    const made = await request.post("/api/v1/my/indications", { headers, data: { ...NEW_BID, issuer_id: company, ...data } });
    expect(made.status(), await made.text()).toBe(201);
    return (await made.json()) as Made;
  };
  const bid = await make({ volume: "1111" });
  const offer = await make({ side: "offer", volume: "2222", structure: "direct", acceptable_structures: [] });
  return { company, bid, offer, headers };
}

const rowOf = (t: Locator, made: Made) => t.locator(`tr[data-href="/indications/${made.id}"]`);
/** Where the two rows stand, among the company's others. */
const order = (t: Locator, ...made: Made[]) =>
  rows(t).evaluateAll((els, hrefs) => els.map((el) => el.getAttribute("data-href")).filter((href) => hrefs.includes(href ?? "")), made.map((m) => `/indications/${m.id}`));
const openDialog = (page: Page) => page.locator("dialog[open]");

test("a row's menu closes when its action is done, when its dialog opens and when its row moves: it never stands beside another row", async ({ page, request }, testInfo) => {
  const { company, bid, offer } = await bidAndOffer(request, 14);
  await signInAs(page, ACCOUNTS.broker, `/indications?${new URLSearchParams({ issuer_id: company, stage: "open", sort: "-last_refreshed_at" })}`);
  const t = table(page, "indications-table");
  const panel = page.getByTestId("row-menu-panel");
  await expect.poll(() => order(t, bid, offer)).toEqual([`/indications/${offer.id}`, `/indications/${bid.id}`]);

  // Refresh from the bid's menu: the bid moves to the top; its menu is closed, not left beside the offer.
  const bidMenu = rowOf(t, bid).getByTestId("row-menu-button");
  await hydrated(bidMenu);
  await bidMenu.click();
  await panel.getByTestId("refresh-indication").click();
  await expect.poll(() => order(t, bid, offer)).toEqual([`/indications/${bid.id}`, `/indications/${offer.id}`]);
  await expect(panel).toHaveCount(0);
  // The result names the indication it was done to, away from every row.
  await expect(page.getByTestId("action-status").filter({ hasText: "Refreshed" })).toHaveText(`${bid.permalink_id}: Refreshed: marked as still live.`);
  await shot(page, testInfo, "refreshed");

  // Edit from the offer's menu: the menu goes as the dialog opens (nothing bright above its backdrop).
  const offerMenu = rowOf(t, offer).getByTestId("row-menu-button");
  await offerMenu.click();
  await panel.getByTestId("edit-indication").click();
  await expect(openDialog(page).getByTestId("field-volume")).toHaveValue("2222");
  await expect(panel).toHaveCount(0);
  await shot(page, testInfo, "edit open");
  await openDialog(page).getByTestId("field-volume").fill("2223");
  await openDialog(page).getByTestId("form-submit").click();
  await openDialog(page).getByRole("button", { name: "Done" }).click();
  await expect(rowOf(t, offer).locator('td[data-column="volume"] [data-value]')).toHaveAttribute("data-value", "2223");
  await expect(panel).toHaveCount(0);
  // The focus goes back to the menu's button, not to the page's top.
  await expect(offerMenu).toBeFocused();

  // A row moving under an open menu closes it: back to the sort by volume (the offer first).
  await t.getByTestId("sort-volume").click();
  await expect(page).toHaveURL(/sort=volume/);
  await page.getByTestId("sort-volume").click();
  await expect(page).toHaveURL(/sort=-volume/);
  await expect.poll(() => order(t, bid, offer)).toEqual([`/indications/${offer.id}`, `/indications/${bid.id}`]);
  await rowOf(t, bid).getByTestId("row-menu-button").click();
  await expect(panel).toBeVisible();
  await page.goBack();
  await expect.poll(() => order(t, bid, offer)).toEqual([`/indications/${bid.id}`, `/indications/${offer.id}`]);
  await expect(panel).toHaveCount(0);
});

test("the Close question from a row's menu wraps inside its dialog (no sideways scrolling), as on the indication's page", async ({ page, request }, testInfo) => {
  const { company, bid } = await bidAndOffer(request, 15);
  await signInAs(page, ACCOUNTS.broker, `/indications?${new URLSearchParams({ issuer_id: company, stage: "open" })}`);
  const t = table(page, "indications-table");
  const menu = rowOf(t, bid).getByTestId("row-menu-button");
  await hydrated(menu);
  await menu.click();
  await page.getByTestId("row-menu-panel").getByTestId("close-indication").click();
  const dialog = page.getByTestId("close-indication-confirm");
  await expect(dialog).toBeVisible();
  const question = dialog.locator("p").first();
  await expect(question).toHaveText(`Close ${bid.permalink_id}? A closed indication cannot be reopened or changed.`);
  const fit = await dialog.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(fit.scroll, JSON.stringify(fit)).toBeLessThanOrEqual(fit.client);
  // Wrapped: the question takes more than one line and ends inside the dialog.
  const [box, lines] = [(await dialog.boundingBox())!, await question.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight)))];
  expect(lines).toBeGreaterThan(1);
  expect((await question.boundingBox())!.x + (await question.boundingBox())!.width).toBeLessThanOrEqual(box.x + box.width);
  await shot(page, testInfo, "close question");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(menu).toBeFocused();
});

test("ticking a row's box moves no row: the bulk bar appears below the table, held at the window's foot", async ({ page }, testInfo) => {
  await signInAs(page, ACCOUNTS.broker, "/indications?stage=open");
  const t = table(page, "indications-table");
  const boxes = rows(t).getByTestId("select-row");
  await hydrated(boxes);
  const second = rows(t).nth(1);
  const before = (await second.boundingBox())!.y;
  await boxes.first().check();
  await expect(page.getByTestId("bulk-count")).toHaveText("1 selected");
  expect((await second.boundingBox())!.y).toBe(before);
  // The next click lands where it was aimed: the second row's box.
  await boxes.nth(1).check();
  await expect(page.getByTestId("bulk-count")).toHaveText("2 selected");
  const bar = (await page.getByTestId("bulk-bar").boundingBox())!;
  expect(bar.y + bar.height).toBeLessThanOrEqual(900);
  await shot(page, testInfo, "two selected");
});
