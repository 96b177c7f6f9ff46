import { ACCOUNTS } from "./support/env";
import { expect, hydrated, shot, signInAs, test } from "./support/fixtures";

test.describe("API keys", () => {
  test("create a key in the UI, call the API with it (200), revoke it in the UI, call again (401)", async ({ page, playwright, baseURL }) => {
    await signInAs(page, ACCOUNTS.broker, "/settings/api-keys");
    await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();

    const name = `e2e key ${Date.now()}`;
    await hydrated(page.getByRole("button", { name: "Create key" }));
    await page.getByLabel("Key name").fill(name);
    await page.getByRole("button", { name: "Create key" }).click();

    const secretBox = page.getByTestId("new-key-secret");
    await expect(secretBox).toBeVisible();
    await expect(secretBox).toContainText(name);
    const secret = (await page.getByTestId("api-key-secret").innerText()).trim();
    expect(secret).toMatch(/^mkd_[A-Za-z0-9]{32}$/);
    await expect(page.getByTestId("copy-secret")).toBeVisible();

    // The new key is listed by its prefix (never its secret), active.
    const prefix = secret.slice(0, 12);
    const row = page.getByTestId("api-key-row").filter({ has: page.getByRole("rowheader", { name, exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row).toHaveAttribute("data-prefix", prefix);
    await expect(row).toContainText(prefix);
    await expect(row.getByTestId("api-key-status")).toHaveText("Active");
    await expect(page.getByTestId("api-keys-table")).not.toContainText(secret);
    await shot(page, test.info(), "created");

    // A client without the browser's cookies: only the Bearer key counts.
    const client = await playwright.request.newContext({ baseURL });
    try {
      const ok = await client.get("/api/v1/my/trades?per_page=5", { headers: { Authorization: `Bearer ${secret}` } });
      expect(ok.status()).toBe(200);
      const body = (await ok.json()) as { trades: unknown[]; total_count: number };
      expect(body.trades.length).toBe(5);
      expect(body.total_count).toBeGreaterThan(5);

      // The secret is shown once: after a reload it is gone from the page.
      await page.reload();
      await expect(page.getByTestId("new-key-secret")).toHaveCount(0);
      await expect(page.locator("body")).not.toContainText(secret);

      // Revoke, with confirmation.
      await hydrated(row.getByTestId("revoke-key"));
      await row.getByRole("button", { name: `Revoke key ${name} (${prefix})` }).click();
      const confirm = row.getByTestId("confirm-revoke");
      await expect(confirm).toBeFocused();
      await confirm.click();
      await expect(row.getByTestId("api-key-status")).toContainText("Revoked");
      await expect(row.getByTestId("revoke-key")).toHaveCount(0);

      const refused = await client.get("/api/v1/my/trades?per_page=5", { headers: { Authorization: `Bearer ${secret}` } });
      expect(refused.status()).toBe(401);
      expect(refused.headers()["www-authenticate"]).toMatch(/^Bearer/);
      const error = (await refused.json()) as { error: { code: string } };
      expect(error.error.code).toBe("unauthorized");
    } finally {
      await client.dispose();
    }
  });

  test("a key needs a name", async ({ page }) => {
    await signInAs(page, ACCOUNTS.broker, "/settings/api-keys");
    await hydrated(page.getByRole("button", { name: "Create key" }));
    await page.getByLabel("Key name").fill("   ");
    await page.getByRole("button", { name: "Create key" }).click();
    await expect(page.getByTestId("create-key-error")).toBeVisible();
    await expect(page.getByTestId("new-key-secret")).toHaveCount(0);
  });
});
