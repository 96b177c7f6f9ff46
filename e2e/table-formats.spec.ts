import { roundDecimal } from "../lib/format";
import { fromUsd } from "./support/decimal";
import { ACCOUNTS } from "./support/env";
import { expect, signInAs, test, useSession } from "./support/fixtures";
import { rows, table } from "./support/table";

/**
 * Issue 15, "Done when", what the tables show at 1,440 px: one decimal rule per money column with
 * the exact value on hover, one date format, the class named once, the review's averages to 4
 * decimals, and a permission's absence as text and a 403 page that names it.
 */

test.use({ viewport: { width: 1440, height: 900 } });

test("formats: one decimal rule per money column with the exact value on hover, one date format, the class named once", async ({ page }) => {
  await signInAs(page, ACCOUNTS.broker, "/trades?hide=");
  const t = table(page, "trades-table");
  await expect(rows(t).first()).toBeVisible();
  for (const column of ["price_per_share", "volume"]) {
    // Every cell of the column at once: its exact value, its title and what it shows.
    const cells = await t
      .locator(`td[data-column="${column}"] [data-value]`)
      .evaluateAll((els) => els.map((el) => ({ exact: el.getAttribute("data-value")!, title: el.getAttribute("title"), shown: (el as HTMLElement).innerText })));
    expect(cells.length).toBeGreaterThan(0);
    const places = new Set<number>();
    for (const { exact, title, shown } of cells) {
      expect(title).toBe(`${exact} USD`);
      if (column === "volume") {
        // Whole dollars, rounded half away from zero.
        expect(shown).toMatch(/^(\$\d{1,3}(,\d{3})*|< \$1)$/);
        if (shown !== "< $1") expect(fromUsd(shown)).toBe(roundDecimal(exact, 0));
      } else {
        expect(shown).toMatch(/^\$\d{1,3}(,\d{3})*\.(\d{2}|\d{4})$/);
        places.add(shown.split(".")[1].length);
        expect(fromUsd(shown)).toBe(fromUsd(roundDecimal(exact, shown.split(".")[1].length)));
      }
    }
    // The decimal points line up: one count of places in the column.
    expect(places.size).toBeLessThanOrEqual(1);
  }
  const dates = [
    ...(await t.locator('td[data-column="sign_date"]').allInnerTexts()),
    ...(await t.locator('td[data-column="created_at"]').allInnerTexts()),
  ];
  for (const date of dates) expect(date).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}/);
  for (const text of await t.locator('td[data-column="stock_class"]').allInnerTexts()) {
    const [type, name] = text.split(" · ");
    expect(name?.toLowerCase()).not.toBe(type.toLowerCase());
  }
});

test("review cards show averages to 4 decimals, the exact value on hover", async ({ page }) => {
  await signInAs(page, ACCOUNTS.lead, "/review?is_verified=all");
  const vwap = page.getByTestId("total-vwap");
  const exact = (await vwap.getAttribute("data-value"))!;
  expect(await vwap.getAttribute("title")).toBe(exact);
  expect(await vwap.innerText()).toMatch(/^\$[\d,]+\.\d{2,4}$/);
});

test("without the companies permission company names are text, and the 403 page names the permission", async ({ page }) => {
  await signInAs(page, ACCOUNTS.viewer, "/indications");
  const t = table(page, "indications-table");
  await expect(rows(t).first()).toBeVisible();
  await expect(t.locator("a[href^='/companies/']")).toHaveCount(0);
  await expect(t.getByTestId("company-name-text").first()).toBeVisible();
  const listed = (await (await page.request.get("/api/v1/my/indications?per_page=1")).json()) as { indications: { issuer: { id: string } }[] };
  const id = listed.indications[0].issuer.id;
  const response = await page.goto(`/companies/${id}`);
  expect(response?.status()).toBe(403);
  await expect(page.getByTestId("missing-access")).toContainText("companies permission");

  await useSession(page, ACCOUNTS.broker);
  const review = await page.goto("/review");
  expect(review?.status()).toBe(403);
  await expect(page.getByTestId("missing-access")).toContainText("the team lead role");
});
