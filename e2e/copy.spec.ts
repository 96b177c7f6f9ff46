import { ACCOUNTS } from "./support/env";
import { expect, signInAs, test } from "./support/fixtures";

/** The API docs page's words (issue 43): the navigation's names, and the guide a link. */
test("the API docs page names the API keys page as the navigation does and links the guide", async ({ page }) => {
  await signInAs(page, ACCOUNTS.broker, "/docs/api");
  const intro = page.locator("main p").first();
  await expect(intro).not.toContainText("from Settings");
  await expect(intro.getByRole("link", { name: "API keys" })).toHaveAttribute("href", "/settings/api-keys");
  await expect(intro.getByRole("link", { name: "docs/api.md" })).toHaveAttribute("href", "/docs/api.md");
  // The OpenAPI document's own mention of the guide is a link in the viewer too.
  await expect(page.getByRole("heading", { name: "Marketplace desk API", level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(".swagger-ui .info").getByRole("link", { name: "docs/api.md" })).toHaveAttribute("href", "/docs/api.md");
});
