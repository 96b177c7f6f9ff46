import type { Page } from "@playwright/test";
import { ACCOUNTS } from "./support/env";
import { expect, hydrated, shot, signInAs, test } from "./support/fixtures";

/**
 * Issue 43, the forms' minor: the first field takes the focus, a company typed exactly is taken
 * on Enter, a message goes once its field changes, amounts are read as people type them ("$14",
 * "2,000,000"), a minus sign is named, and values in messages read as the fields show them.
 */
test.use({ viewport: { width: 1440, height: 900 } });

const dialog = (page: Page) => page.locator("dialog[open]");

async function companyName(page: Page, nth: number): Promise<string> {
  const body = (await (await page.request.get(`/api/v1/companies?per_page=1&page=${nth}`)).json()) as { companies: { name: string }[] };
  return body.companies[0].name;
}

async function openNewIndication(page: Page) {
  const open = page.getByTestId("new-indication");
  await hydrated(open);
  await open.click();
  await expect(dialog(page).getByTestId("field-price_per_share")).toBeVisible();
}

test("the new indication form: focus on its first field, a company typed exactly and Enter, amounts as people type them", async ({ page }, testInfo) => {
  await signInAs(page, ACCOUNTS.broker, "/indications");
  const name = await companyName(page, 16);
  // The company suggestions come back late (held here), as on a slow line.
  await page.route("**/api/v1/companies?*", async (route) => {
    await new Promise((done) => setTimeout(done, 1500));
    await route.continue();
  });
  await openNewIndication(page);
  const form = dialog(page);
  // The first field has the focus, not the dialog's ×.
  await expect(form.getByTestId("field-issuer_id")).toBeFocused();

  // Amounts as people write them; a minus sign is named as what is wrong.
  await form.getByTestId("field-price_per_share").fill("$14");
  await form.getByTestId("field-volume").fill("-1000");
  await form.getByTestId("field-acceptable_structures").getByLabel("Direct").check();
  await form.getByTestId("form-submit").click();
  await expect(form.getByTestId("error-issuer_id")).toHaveText("Choose a company from the list.");
  await expect(form.getByTestId("error-volume")).toHaveText("Volume must not be negative.");
  await expect(form.getByTestId("error-price_per_share")).toHaveCount(0);
  await shot(page, testInfo, "negative volume");

  // A message goes as its field changes.
  await form.getByTestId("field-volume").fill("2,000,000");
  await expect(form.getByTestId("error-volume")).toHaveCount(0);
  await form.getByTestId("field-minimum_volume").fill("2500000");
  // The exact name and Enter, before the suggestions are back: the company is taken, then the form
  // is sent; a rule between fields says the other field's value as that field shows it.
  await form.getByTestId("field-issuer_id").fill(name);
  await expect(form.getByTestId("error-issuer_id")).toHaveCount(0);
  await form.getByTestId("field-issuer_id").press("Enter");
  await expect(form.getByTestId("error-minimum_volume")).toHaveText("Minimum volume must not exceed volume ($2,000,000).");
  await expect(form.getByTestId("error-issuer_id")).toHaveCount(0);
  await expect(form.getByTestId("error-summary")).toHaveText("One field needs attention.");

  await form.getByTestId("field-minimum_volume").fill("1,000");
  await form.getByTestId("form-submit").click();
  await expect(form.getByTestId("form-saved")).toBeVisible();
  const href = await form.getByRole("link", { name: "Open it" }).getAttribute("href");
  const saved = (await (await page.request.get(`/api/v1/my${href}`)).json()) as { price_per_share: string; volume: string; minimum_volume: string; issuer: { name: string } };
  expect(saved).toMatchObject({ price_per_share: "14", volume: "2000000", minimum_volume: "1000", issuer: { name } });
});

test("the trade form says a date in a message as its field shows it, not as ISO", async ({ page }, testInfo) => {
  await signInAs(page, ACCOUNTS.broker, "/trades");
  const open = page.getByTestId("record-trade");
  await hydrated(open);
  await open.click();
  const form = dialog(page);
  await expect(form.getByTestId("field-issuer_id")).toBeFocused();
  await form.getByTestId("field-sign_date").fill("2026-03-09");
  await form.getByTestId("field-won_date").fill("2026-03-02");
  await form.getByTestId("form-submit").click();
  // en-US, as the date field itself shows it.
  await expect(form.getByTestId("error-won_date")).toHaveText("Won date must not be before sign date (03/09/2026).");
  await shot(page, testInfo, "won before signed");
});
