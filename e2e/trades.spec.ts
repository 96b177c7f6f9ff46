import type { APIRequestContext, Locator } from "@playwright/test";
import { NEW_TRADE } from "../lib/testing/fixtures/bodies";
import { apiKeyFor } from "./support/api";
import { ACCOUNTS } from "./support/env";
import { fromUsd } from "./support/decimal";
import { expect, hydrated, shot, signInAs, test } from "./support/fixtures";
import { roundDecimal } from "../lib/format";
import { decimalColumn, issuerIds, rows, table } from "./support/table";

interface Trade {
  issuer: { id: string };
  volume: string;
  is_verified: boolean;
}

async function api(request: APIRequestContext, params: Record<string, string>): Promise<{ trades: Trade[]; total_count: number }> {
  const response = await request.get(`/api/v1/my/trades?${new URLSearchParams(params)}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { trades: Trade[]; total_count: number };
}

async function rowKeys(t: Locator): Promise<string[]> {
  const issuers = await issuerIds(t);
  const volumes = await decimalColumn(t, "volume");
  return issuers.map((issuer, i) => `${issuer}|${volumes[i]}`);
}
const apiKeys = (items: Trade[]) => items.map((t) => `${t.issuer.id}|${t.volume}`);

test.describe("trades", () => {
  test("verified filter: only verified (badge) rows, then only unverified, state in the URL", async ({ page }) => {
    await signInAs(page, ACCOUNTS.broker, "/trades");
    const t = table(page, "trades-table");
    await expect(rows(t)).toHaveCount(25);
    const all = await api(page.request, {});
    const verified = await api(page.request, { is_verified: "true" });
    const unverified = await api(page.request, { is_verified: "false" });
    expect(verified.total_count).toBeGreaterThan(0);
    expect(unverified.total_count).toBeGreaterThan(0);
    expect(verified.total_count + unverified.total_count).toBe(all.total_count);
    await expect(t.getByTestId("row-count-value")).toHaveText(all.total_count.toLocaleString("en-US"));

    await hydrated(t.getByTestId("filter-is_verified"));
    await t.getByTestId("filter-is_verified").click();
    await t.getByTestId("filter-is_verified-true").check();
    await expect(page).toHaveURL((url) => url.pathname === "/trades" && url.searchParams.get("is_verified") === "true");
    await expect(t.getByTestId("row-count-value")).toHaveText(verified.total_count.toLocaleString("en-US"));
    await expect(t.getByRole("table")).toHaveAttribute("aria-busy", "false");
    await page.keyboard.press("Escape");
    const n = Math.min(25, verified.total_count);
    await expect(rows(t)).toHaveCount(n);
    await expect(t.locator('td[data-column="is_verified"]').getByTestId("verified-badge")).toHaveCount(n);
    await expect(t.getByTestId("unverified-badge")).toHaveCount(0);
    expect(await rowKeys(t)).toEqual(apiKeys(verified.trades));
    await shot(page, test.info(), "verified");

    // Switch to unverified: uncheck one, check the other.
    await t.getByTestId("filter-is_verified").click();
    await t.getByTestId("filter-is_verified-true").uncheck();
    await expect(page).toHaveURL((url) => !url.searchParams.has("is_verified"));
    await t.getByTestId("filter-is_verified-false").check();
    await expect(page).toHaveURL((url) => url.searchParams.get("is_verified") === "false");
    await expect(t.getByTestId("row-count-value")).toHaveText(unverified.total_count.toLocaleString("en-US"));
    await expect(t.getByRole("table")).toHaveAttribute("aria-busy", "false");
    await page.keyboard.press("Escape");
    await expect(t.getByTestId("unverified-badge")).toHaveCount(Math.min(25, unverified.total_count));
    await expect(t.getByTestId("verified-badge")).toHaveCount(0);
    expect(await rowKeys(t)).toEqual(apiKeys(unverified.trades));

    // Reload keeps it; back returns to the unfiltered list.
    await page.reload();
    await expect(t.getByTestId("filter-is_verified")).toContainText("Unverified");
    await expect(t.getByTestId("row-count-value")).toHaveText(unverified.total_count.toLocaleString("en-US"));
    await page.goBack();
    await expect(page).toHaveURL((url) => !url.searchParams.has("is_verified"));
    await expect(t.getByTestId("row-count-value")).toHaveText(all.total_count.toLocaleString("en-US"));
  });

  test("the legacy structure spv reads \"SPV (legacy)\"; money is USD with grouping, exact to the digit", async ({ page }) => {
    await signInAs(page, ACCOUNTS.broker, "/trades?structure=spv&per_page=100");
    const t = table(page, "trades-table");
    await expect(rows(t).first()).toBeVisible();
    const legacy = await api(page.request, { structure: "spv", per_page: "100" });
    expect(legacy.total_count).toBeGreaterThan(0);
    await expect(rows(t)).toHaveCount(Math.min(100, legacy.total_count));
    const structures = await t.locator('td[data-column="structure"]').allInnerTexts();
    expect(new Set(structures.map((s) => s.trim()))).toEqual(new Set(["SPV (legacy)"]));
    const volumes = await decimalColumn(t, "volume");
    expect(volumes).toEqual(legacy.trades.map((x) => x.volume));
    const shown = await t.locator('td[data-column="volume"]').allInnerTexts();
    // Whole dollars, rounded half away from zero; the exact value stays in data-value.
    shown.forEach((text, i) => {
      expect(text.trim()).toMatch(/^\$\d{1,3}(,\d{3})*$/);
      expect(fromUsd(text)).toBe(fromUsd(roundDecimal(volumes[i], 0)));
    });
  });

  test("a trade's page: the verification officer is named as such, \"Verified by\" only says who verified; one dash for every empty value", async ({ page, request }, testInfo) => {
    const headers = { authorization: `Bearer ${apiKeyFor(ACCOUNTS.broker)}` };
    const today = new Date().toISOString().slice(0, 10);
    const company = ((await (await request.get("/api/v1/companies?per_page=1&page=17", { headers })).json()) as { companies: { id: string }[] }).companies[0];
    const made = await request.post("/api/v1/my/trades", { headers, data: { ...NEW_TRADE, issuer_id: company.id, sign_date: today, won_date: today, client_id: null, third_party_id: null } });
    expect(made.status(), await made.text()).toBe(201);
    const trade = (await made.json()) as { id: string; permalink_id: string };

    await signInAs(page, ACCOUNTS.broker, `/trades/${trade.id}`);
    const fields = page.getByTestId("trade-fields");
    const label = (field: string) => fields.locator(`[data-field="${field}"] dt`);
    const value = (field: string) => fields.locator(`[data-field="${field}"] dd`);
    await expect(label("verification_officer_name")).toHaveText("Verification officer");
    await expect(value("verification_officer_name")).toHaveText("Dana Officer");
    await expect(label("verification_officer_email")).toHaveText("Verification officer's e-mail");
    // Unverified: nobody verified it, and nothing on the page says anyone did.
    await expect(page.getByTestId("trade-page")).not.toContainText("Verified by");
    // The form words the fields as the page does.
    const edit = page.getByTestId("edit-trade");
    await hydrated(edit);
    await edit.click();
    const dialog = page.locator("dialog[open]");
    for (const [field, text] of [["verification_officer_name", "Verification officer"], ["verification_officer_email", "Verification officer's e-mail"], ["attributed_to_owner", "Attributed to owner"]]) {
      await expect(dialog.locator(`label[for="${await dialog.getByTestId(`field-${field}`).getAttribute("id")}"]`)).toHaveText(text);
      await expect(label(field)).toHaveText(text);
    }
    await page.keyboard.press("Escape");
    // Empty values: the one dash, in the page's own type (not an id's monospace, where it reads as "–").
    for (const field of ["client_id", "third_party_id"]) {
      await expect(value(field)).toHaveText("—");
      await expect(value(field).locator("code")).toHaveCount(0);
    }
    // Dates as the tables write them.
    await expect(value("sign_date")).not.toHaveText(today);

    // Verified by the marketplace team: the banner names who verified; the field still the officer.
    const ops = { authorization: `Bearer ${apiKeyFor(ACCOUNTS.ops)}` };
    expect((await request.post(`/api/v1/ops/trades/${trade.id}/verify`, { headers: ops })).status()).toBe(200);
    await page.reload();
    await expect(page.getByTestId("verified-by")).toContainText("Verified by Ibrahim Novak");
    await expect(label("verification_officer_name")).toHaveText("Verification officer");
    await expect(value("verification_officer_name")).toHaveText("Dana Officer");
    await expect(fields.locator("dt", { hasText: "Verified by" })).toHaveCount(0);
    await shot(page, testInfo, "verified");
  });
});
