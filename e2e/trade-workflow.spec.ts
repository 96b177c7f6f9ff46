import { fetchAll } from "./support/api";
import { sumDecimals } from "./support/decimal";
import { ACCOUNTS, BASE_URL } from "./support/env";
import { expect, hydrated, signInAs, test, useSession } from "./support/fixtures";
import { rows, table } from "./support/table";
import { type ApiTrade, chooseCompany, type Company, DESKTOP, expectAccessible, historyOf, type HistoryEvent, openDialog, shotBothSizes, uniqueCompany } from "./support/workflow";

/**
 * Issue 13's workflows for trades, in the order they happen, on the production build: a broker
 * records a trade and edits it while unverified; the marketplace team verifies it (one at a time
 * and in bulk) and takes verifications back with a reason; the team lead sees it in the review;
 * another team's broker sees none of it. The tests share what they create (serial), as the
 * people would. The indications' side is e2e/indication-workflow.spec.ts.
 */
test.describe.configure({ mode: "serial" });

/** What the tests hand on to each other. */
const state: {
  company?: Company;
  trade?: { id: string; permalink: string; volume: string };
} = {};

test.describe("trade workflows", () => {
  test("the broker records a trade (errors first) and may edit it while unverified", async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize(DESKTOP);
    await signInAs(page, ACCOUNTS.broker, "/trades");
    state.company = await uniqueCompany(page.request);
    const button = page.getByTestId("record-trade");
    await hydrated(button);
    await button.click();
    const dialog = openDialog(page);
    await shotBothSizes(page, testInfo, "record-trade-empty");

    const today = new Date().toISOString().slice(0, 10);
    await chooseCompany(dialog, state.company!.name);
    await dialog.getByTestId("field-sign_date").fill(today);
    await dialog.getByTestId("field-won_date").fill("2020-01-01");
    await dialog.getByTestId("field-verification_officer_email").fill("not an address");
    await dialog.getByTestId("form-submit").click();
    await expect(dialog.getByTestId("error-won_date").or(dialog.getByTestId("error-price_per_share")).first()).toBeVisible();
    // Every problem at once, the rule between the dates too, in the fields' own words.
    // The date as the date field shows it (en-US), not ISO.
    const [year, month, day] = today.split("-");
    await expect(dialog.getByTestId("error-won_date")).toHaveText(`Won date must not be before sign date (${month}/${day}/${year}).`);
    await expect(dialog.getByTestId("error-price_per_share")).toHaveText("Enter the price per share.");
    await expect(dialog.getByTestId("error-verification_officer_email")).toHaveText("Verification officer's e-mail must be an e-mail address, like name@example.com.");
    await shotBothSizes(page, testInfo, "record-trade-errors");
    await expectAccessible(page, "the record trade form with errors", "dialog[open]");

    await dialog.getByTestId("field-won_date").fill(today);
    await dialog.getByTestId("field-price_per_share").fill("41.25");
    await dialog.getByTestId("field-volume").fill("2500000.12345678");
    await dialog.getByTestId("field-structure").selectOption("direct");
    await dialog.getByTestId("field-verification_officer_name").fill("Dana Officer");
    await dialog.getByTestId("field-verification_officer_email").fill("dana@bank.example");
    await dialog.getByTestId("form-submit").click();
    await expect(dialog.getByTestId("form-saved")).toBeVisible();
    await shotBothSizes(page, testInfo, "record-trade-saved");
    const id = (await dialog.getByRole("link", { name: "Open it" }).getAttribute("href"))!.split("/").pop()!;
    const trade = (await (await page.request.get(`/api/v1/my/trades/${id}`)).json()) as ApiTrade;
    expect(trade).toMatchObject({ volume: "2500000.12345678", is_verified: false });
    state.trade = { id, permalink: trade.permalink_id, volume: trade.volume };

    await page.goto(`/trades/${id}`);
    await expect(page.getByTestId("trade-page")).toBeVisible();
    await expectAccessible(page, "the trade page");
    const edit = page.getByTestId("edit-trade");
    await hydrated(edit);
    await edit.click();
    await expect(openDialog(page).getByTestId("field-volume")).toHaveValue("2500000.12345678");
    await shotBothSizes(page, testInfo, "edit-trade-opened");
    await openDialog(page).getByTestId("field-volume").fill("2.500.000");
    await openDialog(page).getByTestId("form-submit").click();
    await expect(openDialog(page).getByTestId("error-volume")).toBeVisible();
    await shotBothSizes(page, testInfo, "edit-trade-errors");
    await expectAccessible(page, "the edit trade form with errors", "dialog[open]");
    await openDialog(page).getByTestId("field-volume").fill("2500000.12345678");
    await openDialog(page).getByTestId("field-details").fill("Recorded from the dashboard");
    await openDialog(page).getByTestId("form-submit").click();
    await expect(openDialog(page).getByTestId("form-saved")).toBeVisible();
    await shotBothSizes(page, testInfo, "edit-trade-saved");
    const [created, updated] = await historyOf(page, "trades", id);
    expect([created.action, updated.action]).toEqual(["trade.created", "trade.updated"]);
    expect(updated.actor.via).toBe("session");
  });

  test("ops@marketplace verifies it from the queue; the broker sees who verified it and can no longer edit", async ({ page, browser }) => {
    await page.setViewportSize(DESKTOP);
    await signInAs(page, ACCOUNTS.ops, "/verification");
    const badge = page.getByTestId("nav-badge-verification");
    const waitingBefore = Number((await badge.innerText()).replace(/\D/g, ""));
    expect(waitingBefore).toBeGreaterThan(0);
    const queue = table(page, "verification-table");
    await expect(rows(queue).first()).toBeVisible();
    await expectAccessible(page, "the verification queue");

    // Oldest first: the sign dates shown never go down.
    const dates = await rows(queue).locator('td[data-column="sign_date"]').allInnerTexts();
    const times = dates.map((date) => Date.parse(date));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    // Filter to the new trade's company and today's date, then verify it.
    const today = new Date().toISOString().slice(0, 10);
    await page.goto(`/verification?${new URLSearchParams({ issuer_id: state.company!.id, sign_date_from: today })}`);
    const row = rows(queue).filter({ hasText: "Alpha" }).filter({ has: page.locator('td[data-column="volume"] [data-value="2500000.12345678"]') });
    await expect(row).toHaveCount(1);
    // The lead's review of that company, open before the verification.
    const leadContext = await browser.newContext({ baseURL: BASE_URL });
    const lead = await leadContext.newPage();
    await useSession(lead, ACCOUNTS.lead);
    await lead.goto(`/review?${new URLSearchParams({ issuer_id: state.company!.id })}`);
    const countBefore = Number(await lead.getByTestId("total-count").getAttribute("data-value"));
    const volumeBefore = (await lead.getByTestId("total-volume").getAttribute("data-value"))!;

    const verify = row.getByTestId("verify-trade");
    await hydrated(verify);
    await verify.click();
    await expect(page.getByTestId("verify-results")).toContainText("verified");
    await expect(badge).toHaveText(new RegExp(`^${waitingBefore - 1}`));

    // ... shows it in its totals on the next render: nothing cached to wait for.
    await lead.reload();
    await expect(lead.getByTestId("total-count")).toHaveAttribute("data-value", String(countBefore + 1));
    await expect(lead.getByTestId("total-volume")).toHaveAttribute("data-value", sumDecimals([volumeBefore, state.trade!.volume]));
    await leadContext.close();

    // Unverify asks why; the reason is required (the API's rule), then it can be verified again.
    await page.goto(`/verification?${new URLSearchParams({ issuer_id: state.company!.id, sign_date_from: today, is_verified: "all" })}`);
    const again = rows(queue).filter({ has: page.locator('td[data-column="volume"] [data-value="2500000.12345678"]') });
    await hydrated(again.getByTestId("unverify-trade"));
    await again.getByTestId("unverify-trade").click();
    await openDialog(page).getByTestId("unverify-submit").click();
    await expect(openDialog(page).getByTestId("error-reason")).toBeVisible();
    await openDialog(page).getByTestId("unverify-reason").fill("Officer e-mail to be confirmed");
    await openDialog(page).getByTestId("unverify-submit").click();
    await expect(page.getByTestId("verify-results")).toContainText("unverified");
    await expect(again.getByTestId("verify-trade")).toBeVisible();
    await again.getByTestId("verify-trade").click();
    await expect(page.getByTestId("verify-results")).toContainText("verified");

    // The broker's view: verified, by whom and when; no edit.
    const brokerContext = await browser.newContext({ baseURL: BASE_URL });
    const broker = await brokerContext.newPage();
    await useSession(broker, ACCOUNTS.broker);
    await broker.goto(`/trades/${state.trade!.id}`);
    await expect(broker.getByTestId("verified-by")).toContainText("ops@marketplace.example");
    await expect(broker.getByTestId("edit-trade")).toHaveCount(0);
    const events = await historyOf(broker, "trades", state.trade!.id);
    const unverify = events.find((e) => e.action === "trade.unverified") as (HistoryEvent & { reason: string }) | undefined;
    expect(unverify?.reason).toBe("Officer e-mail to be confirmed");
    expect(events.filter((e) => e.action === "trade.verified").every((e) => e.actor.via === "session")).toBe(true);

    // Anyone without trades_verify: 403, and no queue in the navigation.
    const response = await broker.goto("/verification");
    expect(response?.status()).toBe(403);
    await expect(broker.getByTestId("nav-badge-verification")).toHaveCount(0);
    await brokerContext.close();
  });

  test("ops@marketplace verifies two trades at once, then unverifies both with a reason; one result per row", async ({ page }, testInfo) => {
    await page.setViewportSize(DESKTOP);
    // Signed in, the queue is opened below, filtered to one company.
    await useSession(page, ACCOUNTS.ops);
    // A company with at least two waiting trades, of another team than the ones the tests made.
    const oldest = await page.request.get(`/api/v1/ops/trades?${new URLSearchParams({ is_verified: "false", sort: "sign_date", per_page: "100" })}`);
    expect(oldest.ok()).toBeTruthy();
    const waiting = ((await oldest.json()) as { trades: ApiTrade[] }).trades;
    const byIssuer = new Map<string, ApiTrade[]>();
    for (const trade of waiting) byIssuer.set(trade.issuer.id, [...(byIssuer.get(trade.issuer.id) ?? []), trade]);
    const [issuerId, list] = [...byIssuer.entries()].find(([id, trades]) => trades.length >= 2 && id !== state.company!.id)!;
    const chosen = list.slice(0, 2);
    const names = chosen.map((trade) => trade.permalink_id);
    const queue = table(page, "verification-table");
    const select = (permalink: string) => rows(queue).getByRole("checkbox", { name: new RegExp(`^Select ${permalink} `) });

    await page.goto(`/verification?${new URLSearchParams({ issuer_id: issuerId })}`);
    await hydrated(select(names[0]));
    for (const name of names) await select(name).check();
    await expect(page.getByTestId("bulk-count")).toHaveText("2 selected");
    await expectAccessible(page, "the queue's bulk bar", "[data-testid=bulk-bar]");
    await page.getByTestId("bulk-verify").click();
    const results = page.getByTestId("verify-results").locator("li");
    await expect(results).toHaveCount(2);
    for (const name of names) await expect(results.filter({ hasText: `${name} ` }).filter({ hasText: /: verified$/ })).toHaveCount(1);
    // They leave the waiting queue (its default filter).
    for (const name of names) await expect(select(name)).toHaveCount(0);

    // Both at once back to waiting: the reason is required, and kept on each.
    await page.goto(`/verification?${new URLSearchParams({ issuer_id: issuerId, is_verified: "true" })}`);
    await hydrated(select(names[0]));
    for (const name of names) await select(name).check();
    await page.getByTestId("bulk-unverify").click();
    const dialog = openDialog(page);
    await expect(dialog.getByTestId("unverify-form")).toContainText("Unverify 2 trades");
    await shotBothSizes(page, testInfo, "unverify-empty");
    await dialog.getByTestId("unverify-submit").click();
    await expect(dialog.getByTestId("error-reason")).toBeVisible();
    await shotBothSizes(page, testInfo, "unverify-errors");
    await expectAccessible(page, "the unverify form with an error", "dialog[open]");
    await dialog.getByTestId("unverify-reason").fill("Sign dates to be checked with the desk");
    await dialog.getByTestId("unverify-submit").click();
    await expect(results).toHaveCount(2);
    for (const name of names) await expect(results.filter({ hasText: `${name} ` }).filter({ hasText: /: unverified$/ })).toHaveCount(1);
    await shotBothSizes(page, testInfo, "unverify-saved");
    for (const name of names) await expect(select(name)).toHaveCount(0);
    const after = await fetchAll<ApiTrade>(page.request, "/api/v1/ops/trades", "trades", null, { is_verified: "false", issuer_id: issuerId });
    expect(after.map((trade) => trade.id)).toEqual(expect.arrayContaining(chosen.map((trade) => trade.id)));
  });

  test("lead@alpha sees the verified trade in the review totals, by company and by broker", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInAs(page, ACCOUNTS.lead, `/review?${new URLSearchParams({ issuer_id: state.company!.id })}`);
    const verified = await fetchAll<ApiTrade>(page.request, "/api/v1/my/trades", "trades", null, { is_verified: "true", issuer_id: state.company!.id });
    expect(verified.map((t) => t.id)).toContain(state.trade!.id);
    await expect(page.getByTestId("total-count")).toHaveAttribute("data-value", String(verified.length));
    await expect(page.getByTestId("total-volume")).toHaveAttribute("data-value", sumDecimals(verified.map((t) => t.volume)));
    await expect(page.getByTestId("volume-chart")).toBeVisible();
    await expectAccessible(page, "the review page");

    // A click on a broker filters the trades below, on this page.
    const brokers = page.getByTestId("broker-breakdown");
    const brooke = brokers.getByTestId("breakdown-filter").first();
    await hydrated(brooke);
    await brooke.click();
    await expect(page).toHaveURL((url) => url.pathname === "/review" && url.searchParams.get("user_id") !== null);
    await expect(brokers.getByTestId("breakdown-row")).toHaveCount(1);
    // ... and shows in the broker filter beside the totals it now drives.
    await expect(page.getByTestId("review-filters").getByTestId("filter-user_id")).toHaveValue(new URL(page.url()).searchParams.get("user_id")!);

    // Sortable by any column.
    const companies = page.getByTestId("breakdown-table");
    const countHeader = companies.locator("th").filter({ has: page.getByTestId("breakdown-table-sort-count") });
    await expect(countHeader).toHaveAttribute("aria-sort", "none");
    await companies.getByTestId("breakdown-table-sort-count").click();
    await expect(countHeader).toHaveAttribute("aria-sort", "descending");
    await companies.getByTestId("breakdown-table-sort-count").click();
    await expect(countHeader).toHaveAttribute("aria-sort", "ascending");
  });

  test("nothing of team Alpha's appears for broker@beta: the trade's page is 404, and /trades does not list it", async ({ page }) => {
    // That Beta's API lists never hold an Alpha row: app/api/v1/trades.test.ts, "GET /my/trades: team scope".
    await useSession(page, ACCOUNTS.betaBroker);
    const response = await page.goto(`/trades/${state.trade!.id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("not-found-page")).toBeVisible();
    await expect(page.locator("body")).not.toContainText(state.company!.name);
    await page.goto("/trades");
    await expect(page.getByTestId("trades-table")).toBeVisible();
    await expect(page.locator("body")).not.toContainText(state.trade!.permalink);
  });
});
