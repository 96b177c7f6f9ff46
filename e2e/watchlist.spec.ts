import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { ACCOUNTS, BASE_URL } from "./support/env";
import { expect, hydrated, shot, signInAs, test } from "./support/fixtures";

/**
 * Issue 32: the watchlist. A broker follows a company from the directory, finds it under
 * "Following", unfollows it from the company's page, and follows from a table's company cell; on a
 * laptop and on a phone (nothing wider than the window), with axe clean on the new controls.
 */

const SERIOUS = ["serious", "critical"];

async function expectAxeClean(page: Page, include: string) {
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).include(include).analyze();
  expect(result.violations.filter((v) => SERIOUS.includes(v.impact ?? "")).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join("; ")}`)).toEqual([]);
}

/** Clicks (or presses a key on) a star and waits for its server action's answer. */
async function toggle(page: Page, star: Locator, key?: string) {
  await hydrated(star);
  const saved = page.waitForResponse((response) => response.request().method() === "POST" && response.status() === 200);
  if (key) {
    await star.focus();
    await page.keyboard.press(key);
  } else {
    await star.click();
  }
  await saved;
}

/** Starts from an empty watchlist (a run stopped halfway leaves follows behind), through the API. */
async function unfollowAll(page: Page) {
  const list = await page.request.get("/api/v1/my/watchlist");
  expect(list.ok()).toBe(true);
  for (const { id } of ((await list.json()) as { companies: { id: string }[] }).companies) {
    expect((await page.request.delete(`/api/v1/my/watchlist/${id}`, { headers: { origin: BASE_URL } })).status()).toBe(204);
  }
  await page.reload();
}

async function expectNoSidewaysScroll(page: Page) {
  const [scroll, viewport] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scroll).toBeLessThanOrEqual(viewport);
}

for (const [label, size] of [
  ["laptop", { width: 1440, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test(`${label}: follow from the directory, see it under Following, unfollow from the company page`, async ({ page }, testInfo) => {
    await page.setViewportSize(size);
    await signInAs(page, label === "laptop" ? ACCOUNTS.broker : ACCOUNTS.lead, "/companies");
    await unfollowAll(page);
    const row = page.getByTestId("company-row").nth(label === "laptop" ? 2 : 3);
    const name = (await row.getByTestId("company-link").locator("span.font-medium").textContent())!.trim();

    const star = row.getByRole("button", { name: `Follow ${name}`, exact: true });
    await expect(star).toHaveAttribute("aria-pressed", "false");
    await toggle(page, star);
    await expect(row.getByRole("button", { name: `Unfollow ${name}`, exact: true })).toHaveAttribute("aria-pressed", "true");
    await expectAxeClean(page, '[data-testid="companies-table"]');
    await expectNoSidewaysScroll(page);

    // The directory's Following filter: the followed company alone.
    await page.goto("/companies?following=true");
    await expect(page.getByTestId("company-row")).toHaveCount(1);
    await expect(page.getByTestId("company-row")).toContainText(name);
    await shot(page, testInfo, "following");
    await expectNoSidewaysScroll(page);

    // Unfollowed from the company's page: the Following filter is empty and says how to follow.
    await page.getByTestId("company-link").click();
    await expect(page.getByTestId("company-page")).toBeVisible();
    const header = page.getByTestId("company-header");
    await toggle(page, header.getByRole("button", { name: `Unfollow ${name}`, exact: true }));
    await expect(header.getByRole("button", { name: `Follow ${name}`, exact: true })).toHaveAttribute("aria-pressed", "false");
    await expectAxeClean(page, '[data-testid="company-header"]');
    await expectNoSidewaysScroll(page);
    await page.goto("/companies?following=true");
    await expect(page.getByTestId("company-row")).toHaveCount(0);
    await expect(page.getByTestId("following-empty")).toContainText("star");
  });

  test(`${label}: the star in a table's company cell, by keyboard, one line, every star of the company alike`, async ({ page }, testInfo) => {
    await page.setViewportSize(size);
    await signInAs(page, label === "laptop" ? ACCOUNTS.broker : ACCOUNTS.lead, "/indications");
    const container = page.getByTestId(label === "laptop" ? "indications-table" : "row-cards");
    const star = container.getByRole("button", { name: /^Follow / }).first();
    const company = (await star.getAttribute("aria-label"))!.replace(/^Follow /, "");
    const url = page.url();
    // Enter on the star follows; it does not open the row.
    await toggle(page, star, "Enter");
    expect(page.url()).toBe(url);
    const stars = container.getByRole("button", { name: `Unfollow ${company}`, exact: true });
    await expect(stars.first()).toHaveAttribute("aria-pressed", "true");
    for (const other of await stars.all()) await expect(other).toHaveAttribute("aria-pressed", "true");
    await expect(container.getByRole("button", { name: `Follow ${company}`, exact: true })).toHaveCount(0);
    if (label === "laptop") {
      // The company cell stays one line: the star sits beside the name.
      const cell = page.locator('td[data-column="issuer"]').first();
      const height = await cell.evaluate((el) => el.getBoundingClientRect().height);
      expect(height).toBeLessThan(48);
    }
    await shot(page, testInfo, "followed-in-table");
    await expectAxeClean(page, label === "laptop" ? '[data-testid="indications-table"]' : '[data-testid="row-cards"]');
    await expectNoSidewaysScroll(page);
    // Space unfollows it again.
    await toggle(page, stars.first(), "Space");
    await expect(container.getByRole("button", { name: `Unfollow ${company}`, exact: true })).toHaveCount(0);
  });
}

test("a viewer without the companies permission follows from the directory, with no link to the closed company page", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAs(page, ACCOUNTS.viewer, "/companies");
  await unfollowAll(page);
  const row = page.getByTestId("company-row").first();
  await expect(row.getByTestId("company-link")).toHaveCount(0);
  const name = (await row.getByTestId("company-name-text").locator("span.font-medium").textContent())!.trim();
  await toggle(page, row.getByRole("button", { name: `Follow ${name}`, exact: true }));
  await page.goto("/companies?following=true");
  await expect(page.getByTestId("company-row")).toHaveCount(1);
  await toggle(page, page.getByRole("button", { name: `Unfollow ${name}`, exact: true }));
});
