import { ACCOUNTS } from "./support/env";
import { expect, signInAs, test } from "./support/fixtures";

/** The API docs page's words (issue 43): the navigation's names, and the guide a link. */
test("the API docs page names the API keys page as the navigation does and links the guide", async ({ page }) => {
  await signInAs(page, ACCOUNTS.broker, "/docs/api");
  const intro = page.locator("main p").first();
  await expect(intro).not.toContainText("from Settings");
  await expect(intro.getByRole("link", { name: "API keys" })).toHaveAttribute("href", "/settings/api-keys");
  await expect(intro.getByRole("link", { name: "docs/api.md" })).toHaveAttribute("href", "/docs/api.md");
  // The OpenAPI document's own mention of the guide, which the viewer renders as markdown, is a link too.
  const document = (await (await page.request.get("/api/v1/openapi.json")).json()) as { info: { description: string } };
  expect(document.info.description).toContain("[docs/api.md](/docs/api.md)");
});
