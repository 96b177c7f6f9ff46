import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ACCOUNTS } from "./support/env";
import { expect, hydrated, shot, signInAs, test } from "./support/fixtures";

/**
 * /settings/webhooks (docs/api/live.md, "Webhooks"): add an endpoint and see its secret once, a new
 * secret, a span's events sent again, delete; at 1,440 px and on a 390 px phone, axe-clean and nothing wider than the window.
 * The endpoint's URL is on loopback (the test server's WEBHOOK_ALLOWED_HOSTS allows every port of 127.0.0.1), at a
 * port nothing listens on: events other specs write meanwhile are sent nowhere else. The page is
 * tested here, the delivery by e2e/typed-client.spec.ts and app/api/v1/webhook-deliveries.test.ts.
 */

async function expectClean(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join("; ")}`)).toEqual([]);
}

for (const [width, height] of [
  [1440, 900],
  [390, 844],
] as const) {
  test(`webhooks at ${width} px: add one (its secret shown once), a new secret, redeliver a span, delete`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await signInAs(page, ACCOUNTS.broker, "/settings/webhooks");
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
    await expectClean(page, width);

    const url = `https://127.0.0.1:9/e2e-${width}-${Date.now()}`;
    await hydrated(page.getByRole("button", { name: "Add endpoint" }));
    await page.getByLabel("Endpoint URL").fill(url);
    await page.getByLabel("indication.*").check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    const shown = page.getByTestId("webhook-secret");
    await expect(shown).toBeVisible();
    const secret = (await page.getByTestId("webhook-secret-value").innerText()).trim();
    expect(secret).toMatch(/^whsec_/);
    const item = page.getByTestId("webhook").filter({ has: page.getByTestId("webhook-url").getByText(url, { exact: true }) });
    await expect(item).toHaveCount(1);
    await expect(item).toContainText("indication.*");
    await expect(item.getByTestId("webhook-status")).toHaveText("Active");
    await item.locator("summary").click();
    await expect(item.getByTestId("deliveries-table")).toContainText("Nothing sent yet.");
    await expectClean(page, width);
    await shot(page, test.info(), "added");

    // Shown once: gone after a reload.
    await page.reload();
    await expect(page.locator("body")).not.toContainText(secret);

    await hydrated(item.getByTestId("rotate-secret"));
    await item.getByTestId("rotate-secret").click();
    const fresh = item.getByTestId("webhook-secret-value");
    await expect(fresh).toBeVisible();
    expect((await fresh.innerText()).trim()).not.toBe(secret);
    await expectClean(page, width);

    // A span sent again: the endpoint was made after every event of the last hour it wants, so
    // each is one it is done with (or none came), and the answer says how many were queued.
    const redeliver = item.getByTestId("redeliver-range");
    await hydrated(redeliver.getByRole("button", { name: `Redeliver to ${url}` }));
    await redeliver.getByLabel("Send again the events of").selectOption({ label: "the last 24 hours" });
    await redeliver.getByRole("button", { name: `Redeliver to ${url}` }).click();
    await expect(redeliver.getByRole("status")).toHaveText(/^(Nothing to send again in that span\.|\d+ events? queued to be sent again, in order\.)$/);
    await expectClean(page, width);

    // A URL the API refuses is refused here in the API's words.
    await page.getByLabel("Endpoint URL").fill("http://hooks.example.com/plain");
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByTestId("create-webhook-error")).toContainText("https");

    await item.getByTestId("delete-webhook").click();
    await expect(item.getByTestId("confirm-delete")).toBeFocused();
    await item.getByTestId("confirm-delete").click();
    await expect(item).toHaveCount(0);
  });
}

test("a member without indications_manage is told so, and sees no endpoint", async ({ page }) => {
  await signInAs(page, ACCOUNTS.analyst, "/settings/webhooks");
  await expect(page.getByTestId("webhooks-not-allowed")).toBeVisible();
  await expect(page.getByTestId("create-webhook-form")).toHaveCount(0);
});
