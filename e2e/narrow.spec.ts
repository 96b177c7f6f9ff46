import { ACCOUNTS } from "./support/env";
import { expect, shot, signInAs, test } from "./support/fixtures";

test.describe("768 px wide window", () => {
  test.use({ viewport: { width: 768, height: 900 } });

  test("every page fits the window width (wide tables scroll inside their frame)", async ({ page }) => {
    await signInAs(page, ACCOUNTS.lead, "/companies");
    const trades = (await (await page.request.get("/api/v1/my/trades?per_page=1")).json()) as { trades: { issuer: { id: string } }[] };
    const pages = [
      ["companies", "/companies"],
      ["company", `/companies/${trades.trades[0].issuer.id}`],
      ["indications", "/indications"],
      ["trades", "/trades"],
      ["review", "/review"],
      ["api keys", "/settings/api-keys"],
    ] as const;
    for (const [name, path] of pages) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("button", { name: "Sign out" })).toBeInViewport();
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${path} is no wider than the window`).toBeLessThanOrEqual(768);
      await shot(page, test.info(), name);
    }
  });
});
