import AxeBuilder from "@axe-core/playwright";
import { ACCOUNTS } from "./support/env";
import { expect, shot, signInAs, test } from "./support/fixtures";

/**
 * The API reference the service serves: an error's doc_url opens its entry of docs/api.md, and
 * /docs/api renders the OpenAPI document offline, in the navigation's words (issue 43), axe-clean
 * with operations opened.
 */

const PHONE = { width: 390, height: 844 };

test("an error's doc_url opens its entry of the API reference on the service, without a session; nothing scrolls sideways on a phone", async ({ page }, testInfo) => {
  const refused = await page.request.get("/api/v1/my/trades?is_verified=yes");
  const { doc_url } = ((await refused.json()) as { error: { doc_url: string } }).error;
  expect(doc_url).toBe("/docs/api.md#unauthorized");
  await page.setViewportSize(PHONE);
  await page.goto(doc_url);
  await expect(page).toHaveURL(/\/docs\/api\.md#unauthorized$/);
  const entry = page.locator("#unauthorized");
  await expect(entry).toHaveText("unauthorized");
  await expect(entry).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await shot(page, testInfo, "phone");
});

test("/docs/api renders the OpenAPI document offline, linked from the navigation, names the API keys page as the navigation does and links the guide", async ({ page }) => {
  // Two operations opened, every answer with its example, make a large page for axe.
  test.setTimeout(120_000);
  await signInAs(page, ACCOUNTS.broker, "/indications");
  const external: string[] = [];
  page.on("request", (r) => {
    if (!r.url().startsWith(new URL(page.url()).origin) && !r.url().startsWith("data:")) external.push(r.url());
  });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API docs" }).click();
  await expect(page).toHaveURL(/\/docs\/api$/);
  const reference = page.getByTestId("api-reference");
  await expect(reference.getByText("Marketplace desk API").first()).toBeVisible();
  await expect(reference.getByText("/my/indications.csv").first()).toBeAttached();

  // The page's words (issue 43): the navigation's names, and the guide a link; the OpenAPI
  // document's own mention of the guide, which the viewer renders as markdown, is a link too.
  const intro = page.locator("main p").first();
  await expect(intro).not.toContainText("from Settings");
  await expect(intro.getByRole("link", { name: "API keys" })).toHaveAttribute("href", "/settings/api-keys");
  await expect(intro.getByRole("link", { name: "docs/api.md" })).toHaveAttribute("href", "/docs/api.md");
  await expect(reference.getByRole("link", { name: "docs/api.md" }).first()).toHaveAttribute("href", "/docs/api.md");

  await page.waitForLoadState("networkidle");
  expect(external).toEqual([]);
  // An operation opened (parameters, responses, schemas, examples) passes axe too, and one with a
  // request body (its example, and an answer's example select).
  await reference.locator(".opblock-summary-control").first().click();
  await expect(reference.locator(".opblock-body").first()).toBeVisible();
  await reference.locator(".opblock-post .opblock-summary-control").first().click();
  await expect(reference.locator(".opblock-post .opblock-body").first()).toBeVisible();
  await expect(reference.locator(".opblock-post .examples-select-element").first()).toBeAttached();
  const result = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).include('[data-testid="api-reference"]').analyze();
  const serious = result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`)).toEqual([]);
});
