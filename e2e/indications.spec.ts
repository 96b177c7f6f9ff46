import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { ACCOUNTS } from "./support/env";
import { compareDecimal, fromUsd, isSorted } from "./support/decimal";
import { expect, hydrated, shot, signInAs, test } from "./support/fixtures";
import { roundDecimal } from "../lib/format";
import { INVALID_LINK_EMPTY } from "../components/data-table/empty-state";
import { cells, decimalColumn, issuerIds, rowCount, rows, table, textColumn } from "./support/table";

interface Indication {
  id: string;
  issuer: { id: string; name: string };
  side: string;
  stage: string;
  price_per_share: string;
}

interface IndicationList {
  indications: Indication[];
  total_count: number;
  total_pages: number;
}

/** The API's answer for the same query, with the page's own session (the API accepts it). */
async function api(request: APIRequestContext, params: Record<string, string>): Promise<IndicationList> {
  const response = await request.get(`/api/v1/my/indications?${new URLSearchParams(params)}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as IndicationList;
}

/** The table has finished its navigation: not dimmed, and the URL says what we expect. */
async function settled(page: Page, t: Locator): Promise<void> {
  await expect(t.getByRole("table")).toHaveAttribute("aria-busy", "false");
  await expect(page.locator("[role=status]", { hasText: "Loading" })).toHaveCount(0);
}

/** What identifies the rows shown (issuer, price), to compare pages with the API's. */
async function rowKeys(t: Locator): Promise<string[]> {
  const issuers = await issuerIds(t);
  const prices = await decimalColumn(t, "price_per_share");
  return issuers.map((issuer, i) => `${issuer}|${prices[i]}`);
}

const apiKeys = (items: Indication[]) => items.map((i) => `${i.issuer.id}|${i.price_per_share}`);

test.describe("indications", () => {
  test("filter by side and stage changes the rows and the URL, survives reload and the back button", async ({ page }) => {
    await signInAs(page, ACCOUNTS.broker, "/indications");
    const t = table(page, "indications-table");
    await expect(rows(t).first()).toBeVisible();
    const everything = await api(page.request, {});
    expect(await rowCount(t)).toBe(everything.total_count);
    const unfilteredKeys = await rowKeys(t);
    expect(unfilteredKeys).toEqual(apiKeys(everything.indications));

    // Side: bid.
    await hydrated(t.getByTestId("filter-side"));
    await t.getByTestId("filter-side").click();
    await t.getByTestId("filter-side-bid").check();
    await expect(page).toHaveURL((url) => url.pathname === "/indications" && url.searchParams.get("side") === "bid");
    await settled(page, t);
    const bids = await api(page.request, { side: "bid" });
    await expect(t.getByTestId("row-count-value")).toHaveText(bids.total_count.toLocaleString("en-US"));
    await page.keyboard.press("Escape");

    // Stage: closed (lost), on top of the side.
    await t.getByTestId("filter-stage").click();
    await t.getByTestId("filter-stage-closed_lost").check();
    await expect(page).toHaveURL((url) => url.searchParams.get("side") === "bid" && url.searchParams.get("stage") === "closed_lost");
    await settled(page, t);
    await page.keyboard.press("Escape");
    const filtered = await api(page.request, { side: "bid", stage: "closed_lost" });
    expect(filtered.total_count).toBeGreaterThan(0);
    expect(filtered.total_count).toBeLessThan(bids.total_count);
    await expect(t.getByTestId("row-count-value")).toHaveText(filtered.total_count.toLocaleString("en-US"));
    const filteredKeys = await rowKeys(t);
    expect(filteredKeys).toEqual(apiKeys(filtered.indications));
    expect(filteredKeys).not.toEqual(unfilteredKeys);
    expect(new Set(await textColumn(t, "side"))).toEqual(new Set(["Bid"]));
    expect(new Set(await textColumn(t, "stage"))).toEqual(new Set(["Closed (lost)"]));
    await shot(page, test.info(), "bid closed-lost");

    // Reload: same URL, same rows, same controls.
    const filteredUrl = page.url();
    await page.reload();
    await expect(page).toHaveURL(filteredUrl);
    await expect(t.getByTestId("row-count-value")).toHaveText(filtered.total_count.toLocaleString("en-US"));
    expect(await rowKeys(t)).toEqual(filteredKeys);
    await expect(t.getByTestId("filter-side")).toContainText("Bid");
    await expect(t.getByTestId("filter-stage")).toContainText("Closed (lost)");
    await hydrated(t.getByTestId("filter-stage"));
    await t.getByTestId("filter-stage").click();
    await expect(t.getByTestId("filter-stage-closed_lost")).toBeChecked();
    await expect(t.getByTestId("filter-stage-open")).not.toBeChecked();
    await page.keyboard.press("Escape");

    // Back: the side filter alone.
    await page.goBack();
    await expect(page).toHaveURL((url) => url.searchParams.get("side") === "bid" && !url.searchParams.has("stage"));
    await expect(t.getByTestId("row-count-value")).toHaveText(bids.total_count.toLocaleString("en-US"));
    expect(await rowKeys(t)).toEqual(apiKeys(bids.indications));
    expect(new Set(await textColumn(t, "side"))).toEqual(new Set(["Bid"]));

    // Back again: no filters.
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === "/indications" && url.search === "");
    await expect(t.getByTestId("row-count-value")).toHaveText(everything.total_count.toLocaleString("en-US"));
    expect(await rowKeys(t)).toEqual(unfilteredKeys);

    // Forward restores the filtered state too.
    await page.goForward();
    await page.goForward();
    await expect(page).toHaveURL(filteredUrl);
    await expect(t.getByTestId("row-count-value")).toHaveText(filtered.total_count.toLocaleString("en-US"));
    expect(await rowKeys(t)).toEqual(filteredKeys);
  });

  test("sort by price: ascending then descending, exact decimal order, aria-sort on the header", async ({ page }) => {
    await signInAs(page, ACCOUNTS.broker, "/indications?side=offer");
    const t = table(page, "indications-table");
    await expect(rows(t).first()).toBeVisible();
    const header = t.getByTestId("col-price_per_share");
    await expect(header).toHaveAttribute("aria-sort", "none");
    await hydrated(t.getByTestId("sort-price_per_share"));

    await t.getByTestId("sort-price_per_share").click();
    await expect(page).toHaveURL((url) => url.searchParams.get("sort") === "price_per_share" && url.searchParams.get("side") === "offer");
    await settled(page, t);
    await expect(header).toHaveAttribute("aria-sort", "ascending");
    const ascending = await decimalColumn(t, "price_per_share");
    expect(ascending.length).toBe(25);
    expect(isSorted(ascending, "asc"), `ascending: ${ascending.join(", ")}`).toBe(true);
    expect(compareDecimal(ascending[0], ascending.at(-1)!)).toBeLessThan(0);
    const apiAsc = await api(page.request, { side: "offer", sort: "price_per_share" });
    expect(ascending).toEqual(apiAsc.indications.map((i) => i.price_per_share));
    // The USD display is the exact value rounded to the column's places (no float rounding).
    const shown = await cells(t, "price_per_share").allInnerTexts();
    const places = ascending.some((price) => compareDecimal(price, "1") < 0) ? 4 : 2;
    expect(shown.map(fromUsd)).toEqual(ascending.map((price) => fromUsd(roundDecimal(price, places))));
    for (const text of shown) expect(text.trim()).toMatch(new RegExp(`^\\$\\d{1,3}(,\\d{3})*\\.\\d{${places}}$`));
    await shot(page, test.info(), "ascending");

    await t.getByTestId("sort-price_per_share").click();
    await expect(page).toHaveURL((url) => url.searchParams.get("sort") === "-price_per_share");
    await settled(page, t);
    await expect(header).toHaveAttribute("aria-sort", "descending");
    const descending = await decimalColumn(t, "price_per_share");
    expect(isSorted(descending, "desc"), `descending: ${descending.join(", ")}`).toBe(true);
    expect(compareDecimal(descending[0], ascending.at(-1)!)).toBeGreaterThanOrEqual(0);
    const apiDesc = await api(page.request, { side: "offer", sort: "-price_per_share" });
    expect(descending).toEqual(apiDesc.indications.map((i) => i.price_per_share));

    // The sort survives a reload.
    await page.reload();
    await expect(header).toHaveAttribute("aria-sort", "descending");
    expect(await decimalColumn(t, "price_per_share")).toEqual(descending);
  });

  test("pagination: page size, next, previous and last page follow the API's pages", async ({ page }) => {
    await signInAs(page, ACCOUNTS.broker, "/indications?stage=open");
    const t = table(page, "indications-table");
    await expect(rows(t)).toHaveCount(25);

    await hydrated(t.getByTestId("page-size"));
    await t.getByTestId("page-size").selectOption("10");
    await expect(page).toHaveURL((url) => url.searchParams.get("per_page") === "10" && url.searchParams.get("stage") === "open");
    await expect(rows(t)).toHaveCount(10);
    const page1 = await api(page.request, { stage: "open", per_page: "10" });
    expect(page1.total_pages).toBeGreaterThan(2);
    const status = t.getByTestId("page-status");
    await expect(status).toHaveText(`Page 1 of ${page1.total_pages.toLocaleString("en-US")}`);
    await expect(t.getByTestId("page-prev")).toBeDisabled();
    expect(await rowKeys(t)).toEqual(apiKeys(page1.indications));

    await t.getByTestId("page-next").click();
    await expect(page).toHaveURL((url) => url.searchParams.get("page") === "2" && url.searchParams.get("per_page") === "10");
    await expect(status).toHaveText(`Page 2 of ${page1.total_pages.toLocaleString("en-US")}`);
    await settled(page, t);
    const page2 = await api(page.request, { stage: "open", per_page: "10", page: "2" });
    expect(await rowKeys(t)).toEqual(apiKeys(page2.indications));
    expect(apiKeys(page2.indications)).not.toEqual(apiKeys(page1.indications));

    await t.getByRole("button", { name: "Last page" }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("page") === String(page1.total_pages));
    await expect(status).toHaveText(`Page ${page1.total_pages.toLocaleString("en-US")} of ${page1.total_pages.toLocaleString("en-US")}`);
    await settled(page, t);
    await expect(t.getByTestId("page-next")).toBeDisabled();
    const lastCount = page1.total_count - (page1.total_pages - 1) * 10;
    await expect(rows(t)).toHaveCount(lastCount);
    await shot(page, test.info(), "last page");

    await t.getByTestId("page-prev").click();
    await expect(page).toHaveURL((url) => url.searchParams.get("page") === String(page1.total_pages - 1));
    await expect(rows(t)).toHaveCount(10);

    // A filter change goes back to page 1.
    await t.getByTestId("filter-side").click();
    await t.getByTestId("filter-side-offer").check();
    await expect(page).toHaveURL((url) => url.searchParams.get("side") === "offer" && !url.searchParams.has("page"));
    await expect(status).toHaveText(/^Page 1 of /);
  });

  test("a link with an invalid filter says so, and the empty table says nothing was applied rather than that nothing matched", async ({ page }) => {
    await signInAs(page, ACCOUNTS.broker, "/indications?side=sideways&sort=bogus");
    const t = table(page, "indications-table");
    await expect(page.getByTestId("invalid-query")).toContainText("side");
    await expect(t.getByTestId("empty-state")).toHaveText(INVALID_LINK_EMPTY);
    // Nor a sort: no column claims the default the page fell back to.
    await expect(t.locator("th[aria-sort=ascending], th[aria-sort=descending]")).toHaveCount(0);
    // Nothing was counted either: no "0 matching" beside the filters.
    await expect(page.getByTestId("row-count")).toHaveCount(0);
    // On a phone the words stay in the frame's view, though the table behind them scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    // The phone's Sort shows the refused value as written, as a select filter does.
    await expect(t.getByTestId("phone-sort")).toHaveValue("bogus");
    const frame = (await t.getByTestId("table-scroll").boundingBox())!;
    const words = (await t.getByTestId("empty-state-text").getByText(INVALID_LINK_EMPTY).boundingBox())!;
    expect(words.x).toBeGreaterThanOrEqual(frame.x);
    expect(words.x + words.width).toBeLessThanOrEqual(frame.x + frame.width + 1);
  });
});
