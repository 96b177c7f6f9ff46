import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page, Request, TestInfo } from "@playwright/test";
import { fetchAll } from "./support/api";
import { sumDecimals } from "./support/decimal";
import { ACCOUNTS, BASE_URL } from "./support/env";
import { expect, hydrated, shot, signInAs, signInViaApi, test } from "./support/fixtures";
import { rows, table } from "./support/table";

/**
 * Issue 13's workflows, in the order they happen, on the production build: a broker creates,
 * edits, refreshes and closes indications and records a trade; the marketplace team verifies it;
 * the team lead sees it in the review; a read-only user and another team's broker can do none of
 * it. The tests share what they create (serial), as the people would.
 */
test.describe.configure({ mode: "serial" });

interface Company {
  id: string;
  name: string;
}
interface ApiIndication {
  id: string;
  permalink_id: string;
  price_per_share: string;
  volume: string;
  stage: string;
}
interface ApiTrade {
  id: string;
  permalink_id: string;
  volume: string;
  is_verified: boolean;
  issuer: Company;
}
interface HistoryEvent {
  action: string;
  actor: { via: string; email: string; name: string };
  changes: Record<string, { from: unknown; to: unknown }>;
}

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** What the tests hand on to each other. */
const state: {
  company?: Company;
  bid?: { id: string };
  offer?: { id: string };
  trade?: { id: string; permalink: string; volume: string };
  createAction?: { url: string; headers: Record<string, string>; body: string };
} = {};

/** A form state at both sizes the issue asks for; the dialog stays open across the resize. */
async function shotBothSizes(page: Page, testInfo: TestInfo, step: string) {
  await page.setViewportSize(DESKTOP);
  await shot(page, testInfo, `${step}-1440x900`);
  await page.setViewportSize(PHONE);
  await shot(page, testInfo, `${step}-390x844`);
  await page.setViewportSize(DESKTOP);
}

/** No serious or critical axe violation on what the page shows now (or in `include`, e.g. the open form). */
async function expectAccessible(page: Page, what: string, include?: string) {
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join("; ")})`),
    `axe on ${what}`,
  ).toEqual([]);
}

const openDialog = (page: Page) => page.locator("dialog[open]");

/** The row of the indication `id` in an indications table (the row names its page). */
const indicationRow = (t: Locator, id: string) => t.locator(`[data-testid="table-row"][data-href="/indications/${id}"]`);

/** The ids of the rows of an indications table, top to bottom. */
const indicationIds = (t: Locator) => rows(t).evaluateAll((trs) => trs.map((tr) => (tr.getAttribute("data-href") ?? "").split("/").pop()!));

/** Picks a company in the form's typeahead by its exact name. */
async function chooseCompany(dialog: Locator, name: string) {
  const input = dialog.getByTestId("field-issuer_id");
  await input.fill(name);
  await expect(dialog.locator(`datalist option[value="${name.replace(/"/g, '\\"')}"]`)).toHaveCount(1);
  await input.press("Tab");
}

async function historyOf(page: Page, kind: "indications" | "trades", id: string): Promise<HistoryEvent[]> {
  const response = await page.request.get(`/api/v1/my/${kind}/${id}/history`);
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { events: HistoryEvent[] }).events;
}

async function indicationCount(page: Page): Promise<number> {
  const response = await page.request.get("/api/v1/my/indications?per_page=1");
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { total_count: number }).total_count;
}

/** Replays the captured "create indication" server action with this page's session and `origin`. */
function replayCreate(page: Page, origin: string, body: string) {
  const captured = state.createAction!;
  return page.request.post(captured.url, {
    headers: { ...captured.headers, origin },
    data: body,
    failOnStatusCode: false,
  });
}

test.describe("dashboard workflows", () => {
  test("broker@alpha creates a bid and an offer, seeing a bad one's field errors first", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    await signInAs(page, ACCOUNTS.broker, "/indications");
    const [company] = await fetchAll<Company>(page.request, "/api/v1/companies", "companies", null, { q: "a" }).then((list) =>
      list.filter((c) => list.filter((o) => o.name === c.name).length === 1),
    );
    state.company = { id: company.id, name: company.name };

    const button = page.getByTestId("new-indication");
    await hydrated(button);
    await button.click();
    const dialog = openDialog(page);
    await expect(dialog.getByTestId("indication-form")).toBeVisible();
    // A bid asks for acceptable structures, not one structure.
    await expect(dialog.getByTestId("field-acceptable_structures")).toBeVisible();
    await expect(dialog.getByTestId("field-structure")).toHaveCount(0);
    await shotBothSizes(page, testInfo, "new-indication-empty");
    await expectAccessible(page, "the new indication form", "dialog[open]");

    // A bad one: nothing chosen, a comma decimal, a minimum above the volume.
    await dialog.getByTestId("field-price_per_share").fill("12,5");
    await dialog.getByTestId("field-volume").fill("1000");
    await dialog.getByTestId("field-minimum_volume").fill("2000");
    await dialog.getByTestId("form-submit").click();
    await expect(dialog.getByTestId("error-issuer_id")).toHaveText("Choose a company from the list.");
    // The API's own words, with the field's label for the parameter's name.
    await expect(dialog.getByTestId("error-price_per_share")).toHaveText(/^Price per share must be a decimal number like "1250\.50": digits with at most one point \(no commas or spaces\)/);
    // The rules between fields (a bid's structures, the minimum) are named at once too.
    await expect(dialog.getByTestId("error-acceptable_structures")).toHaveText(/^Acceptable structures must list at least one structure for a bid/);
    await expect(dialog.getByTestId("error-minimum_volume")).toHaveText("Minimum volume must not exceed volume ($1,000.00).");
    await expect(dialog.getByTestId("error-summary")).toHaveText("4 fields need attention.");
    // The first field in error has the focus.
    await expect(dialog.getByTestId("field-issuer_id")).toBeFocused();
    await expect(dialog.getByTestId("field-issuer_id")).toHaveAttribute("aria-invalid", "true");
    await shotBothSizes(page, testInfo, "new-indication-errors");
    await expectAccessible(page, "the new indication form with errors", "dialog[open]");

    // Part of a name: the field says how many companies match.
    await dialog.getByTestId("field-issuer_id").fill(company.name.slice(0, 3));
    await expect(dialog.getByTestId("issuer-matches")).toContainText(/compan(y|ies) match/);
    // Fixed: the exact decimal text typed is what is stored.
    await chooseCompany(dialog, company.name);
    await dialog.getByTestId("field-price_per_share").fill("12.50000001");
    await dialog.getByTestId("field-volume").fill("1000000.5");
    await dialog.getByTestId("field-minimum_volume").fill("250000");
    await dialog.getByLabel("Direct").check();
    await dialog.getByLabel("SPV (1 layer)").check();
    const actionRequest = page.waitForRequest((r: Request) => r.method() === "POST" && Boolean(r.headers()["next-action"]));
    await dialog.getByTestId("form-submit").click();
    const request = await actionRequest;
    state.createAction = {
      url: request.url(),
      headers: Object.fromEntries(Object.entries(await request.allHeaders()).filter(([k]) => ["next-action", "content-type", "accept", "next-router-state-tree"].includes(k))),
      body: request.postData() ?? "",
    };
    const saved = dialog.getByTestId("form-saved");
    await expect(saved).toBeVisible();
    const href = await saved.getByRole("link", { name: "Open it" }).getAttribute("href");
    state.bid = { id: href!.split("/").pop()! };
    await shotBothSizes(page, testInfo, "new-indication-saved");

    // Saved through the write side, audited as a browser session; exact decimals.
    const stored = (await (await page.request.get(`/api/v1/my/indications/${state.bid.id}`)).json()) as ApiIndication;
    expect(stored).toMatchObject({ price_per_share: "12.50000001", volume: "1000000.5", stage: "open" });
    const [created] = await historyOf(page, "indications", state.bid.id);
    expect(created.action).toBe("indication.created");
    expect(created.actor).toMatchObject({ via: "session", email: ACCOUNTS.broker });

    // The new row is in the table without a reload (newest change first).
    await dialog.getByRole("button", { name: "Done" }).click();
    const t = table(page, "indications-table");
    await expect(rows(t).first().locator('td[data-column="price_per_share"] [data-value]')).toHaveAttribute("data-value", "12.50000001");

    // An offer: one structure; private, with recipients as chips.
    await button.click();
    await chooseCompany(dialog, company.name);
    await dialog.getByLabel("Offer").check();
    await expect(dialog.getByTestId("field-acceptable_structures")).toHaveCount(0);
    await dialog.getByTestId("field-structure").selectOption("spv_2_layer");
    await dialog.getByTestId("field-price_per_share").fill("13");
    await dialog.getByTestId("field-volume").fill("500000");
    await dialog.getByTestId("field-visibility").selectOption("private");
    const recipients = dialog.getByTestId("field-private_recipients").locator("input");
    await recipients.fill("desk@fund.example");
    await recipients.press("Enter");
    await recipients.fill("ops@fund.example");
    await recipients.press("Enter");
    await expect(dialog.getByTestId("email-chip")).toHaveCount(2);
    await dialog.getByTestId("form-submit").click();
    await expect(dialog.getByTestId("form-saved")).toBeVisible();
    state.offer = { id: (await dialog.getByRole("link", { name: "Open it" }).getAttribute("href"))!.split("/").pop()! };
    const offer = (await (await page.request.get(`/api/v1/my/indications/${state.offer.id}`)).json()) as Record<string, unknown>;
    expect(offer).toMatchObject({ side: "offer", structure: "spv_2_layer", acceptable_structures: [], visibility: "private", private_recipients: ["desk@fund.example", "ops@fund.example"] });
  });

  test("the broker edits, refreshes and closes an indication; the detail page shows every field and the history", async ({ page }, testInfo) => {
    await page.setViewportSize(DESKTOP);
    await signInAs(page, ACCOUNTS.broker, `/indications/${state.bid!.id}`);
    // Every field of the spec, the hidden ones included.
    const fields = page.getByTestId("indication-fields");
    for (const field of ["id", "permalink_id", "minimum_volume", "acceptable_structures", "private_recipients", "last_refreshed_at", "opened_at", "details"]) {
      await expect(fields.locator(`[data-field="${field}"]`)).toHaveCount(1);
    }
    await expect(fields.locator('[data-field="price_per_share"] dd')).toHaveAttribute("data-value", "12.50000001");
    // Ordered by the task, economics first; a bid shows the structures it accepts, not an offer's one.
    expect(await fields.locator("[data-field]").evaluateAll((items) => items.slice(0, 4).map((item) => item.getAttribute("data-field")))).toEqual([
      "side",
      "stage",
      "issuer",
      "price_per_share",
    ]);
    await expect(fields.locator('[data-field="structure"]')).toHaveCount(0);
    await expectAccessible(page, "the indication page");

    const edit = page.getByTestId("edit-indication");
    await hydrated(edit);
    await edit.click();
    const dialog = openDialog(page);
    await expect(dialog.getByTestId("field-issuer_id")).toHaveText(state.company!.name);
    await expect(dialog.getByTestId("field-price_per_share")).toHaveValue("12.50000001");
    await shotBothSizes(page, testInfo, "edit-indication-opened");
    await dialog.getByTestId("field-price_per_share").fill("12.7.5");
    await dialog.getByTestId("form-submit").click();
    await expect(dialog.getByTestId("error-price_per_share")).toBeVisible();
    await expect(dialog.getByTestId("field-price_per_share")).toBeFocused();
    await shotBothSizes(page, testInfo, "edit-indication-errors");
    await expectAccessible(page, "the edit indication form with errors", "dialog[open]");
    await dialog.getByTestId("field-price_per_share").fill("12.75");
    await dialog.getByTestId("form-submit").click();
    await expect(dialog.getByTestId("form-saved")).toBeVisible();
    await shotBothSizes(page, testInfo, "edit-indication-saved");
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(page.locator('[data-testid=history-event][data-action="indication.updated"]').locator('[data-field="price_per_share"]')).toContainText("$12.50000001");
    await expect(page.locator('[data-testid=history-event][data-action="indication.updated"]').locator('[data-field="price_per_share"]')).toContainText("$12.75");
    await expect(page.locator('[data-testid=history-event][data-action="indication.updated"]')).toContainText("in the browser");
    // Bookkeeping stays out of the change list: every change moves updated_at.
    await expect(page.locator('[data-testid=history-event] [data-field="updated_at"]')).toHaveCount(0);

    await page.getByTestId("refresh-indication").click();
    await expect(page.getByTestId("action-status")).toHaveText(/Refreshed/);
    await expect(page.locator('[data-testid=history-event][data-action="indication.refreshed"]')).toHaveCount(1);

    // Close asks first; cancelling keeps it open.
    await page.getByTestId("close-indication").click();
    await expect(page.getByTestId("close-indication-confirm")).toBeVisible();
    await shotBothSizes(page, testInfo, "close-confirmation");
    await expectAccessible(page, "the close confirmation", "dialog[open]");
    await page.getByTestId("close-indication-confirm").getByRole("button", { name: "Cancel" }).click();
    await page.getByTestId("close-indication").click();
    await page.getByTestId("close-indication-yes").click();
    await expect(page.getByRole("heading", { level: 1 }).locator("..")).toContainText("Closed (lost)");
    await expect(page.getByTestId("indication-actions")).toHaveCount(0);
    const events = await historyOf(page, "indications", state.bid!.id);
    expect(events.map((e) => e.action)).toEqual(["indication.created", "indication.updated", "indication.refreshed", "indication.closed"]);
    expect(new Set(events.map((e) => e.actor.via))).toEqual(new Set(["session"]));

    // Quoting again: Duplicate starts a new indication from the closed one.
    const duplicate = page.getByTestId("duplicate-indication");
    await hydrated(duplicate);
    await duplicate.click();
    const copy = openDialog(page);
    await expect(copy.getByTestId("field-issuer_id")).toHaveValue(state.company!.name);
    await expect(copy.getByTestId("field-price_per_share")).toHaveValue("12.75");
    await copy.getByTestId("form-submit").click();
    await expect(copy.getByTestId("form-saved")).toBeVisible();
    const copyId = (await copy.getByRole("link", { name: "Open it" }).getAttribute("href"))!.split("/").pop()!;
    expect(copyId).not.toBe(state.bid!.id);
    const created = await (await page.request.get(`/api/v1/my/indications/${copyId}`)).json();
    expect(created).toMatchObject({ side: "bid", stage: "open", price_per_share: "12.75", issuer: { id: state.company!.id } });
  });

  test("two pages race on one edit: the second save gets the conflict, sees what changed and reloads", async ({ page, context }, testInfo) => {
    await page.setViewportSize(DESKTOP);
    await signInAs(page, ACCOUNTS.broker, `/indications/${state.offer!.id}`);
    const other = await context.newPage();
    await other.setViewportSize(DESKTOP);
    await other.goto(`/indications/${state.offer!.id}`);

    for (const p of [page, other]) {
      await hydrated(p.getByTestId("edit-indication"));
      await p.getByTestId("edit-indication").click();
      await expect(openDialog(p).getByTestId("indication-form")).toBeVisible();
    }
    // The first page saves a new volume.
    await openDialog(page).getByTestId("field-volume").fill("600000");
    await openDialog(page).getByTestId("form-submit").click();
    await expect(openDialog(page).getByTestId("form-saved")).toBeVisible();

    // The second, opened before that save, loses: 412, shown with what changed.
    const loser = openDialog(other);
    await loser.getByTestId("field-price_per_share").fill("14");
    await loser.getByTestId("form-submit").click();
    const conflict = loser.getByTestId("conflict");
    await expect(conflict).toBeVisible();
    await expect(conflict.locator('[data-field="volume"]')).toContainText("$600,000");
    // It names who saved in between (the audit trail's last event).
    const [lastEvent] = (await historyOf(page, "indications", state.offer!.id)).slice(-1);
    await expect(conflict.getByTestId("conflict-by")).toContainText(`${lastEvent.actor.name} saved this indication at`);
    await shotBothSizes(other, testInfo, "edit-conflict");
    await expectAccessible(other, "the edit form with a conflict", "dialog[open]");
    const unchanged = (await (await page.request.get(`/api/v1/my/indications/${state.offer!.id}`)).json()) as ApiIndication;
    expect(unchanged).toMatchObject({ volume: "600000", price_per_share: "13" });

    // Reload takes the saved version and keeps the price the user typed (the other save left it
    // alone); saving again works.
    await conflict.getByRole("button", { name: "Reload the latest version" }).click();
    await expect(loser.getByTestId("field-volume")).toHaveValue("600000");
    await expect(loser.getByTestId("field-price_per_share")).toHaveValue("14");
    await loser.getByTestId("form-submit").click();
    await expect(loser.getByTestId("form-saved")).toBeVisible();
    const after = (await (await page.request.get(`/api/v1/my/indications/${state.offer!.id}`)).json()) as ApiIndication;
    expect(after).toMatchObject({ volume: "600000", price_per_share: "14" });
    await other.close();
  });

  test("row actions: the broker edits an indication from its row (the table shows the new value) and marks it still live", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInAs(page, ACCOUNTS.broker, `/indications?${new URLSearchParams({ stage: "open", issuer_id: state.company!.id })}`);
    const t = table(page, "indications-table");
    const row = indicationRow(t, state.offer!.id);
    // One menu (⋯) per row holds its actions.
    const menu = row.getByTestId("row-menu-button");
    await hydrated(menu);
    await expect(row.getByTestId("edit-indication")).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    const edit = row.getByTestId("edit-indication");
    await edit.click();
    // Opened from a row (no ETag on the page), the form reads the indication as it is now.
    const dialog = openDialog(page);
    await expect(dialog.getByTestId("field-volume")).toHaveValue("600000");
    await dialog.getByTestId("field-volume").fill("650000.25");
    await dialog.getByTestId("form-submit").click();
    await expect(dialog.getByTestId("form-saved")).toBeVisible();
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(row.locator('td[data-column="volume"] [data-value]')).toHaveAttribute("data-value", "650000.25");

    // The menu closed with its dialog, the focus back on its button. Refresh ("still live") from the same row.
    await expect(row.getByTestId("row-menu-panel")).toHaveCount(0);
    await expect(menu).toBeFocused();
    const before = (await (await page.request.get(`/api/v1/my/indications/${state.offer!.id}`)).json()) as { last_refreshed_at: string };
    await menu.click();
    await row.getByTestId("refresh-indication").click();
    await expect(row.getByTestId("action-status")).toHaveText(/Refreshed/);
    const after = (await (await page.request.get(`/api/v1/my/indications/${state.offer!.id}`)).json()) as { last_refreshed_at: string; volume: string };
    expect(Date.parse(after.last_refreshed_at)).toBeGreaterThan(Date.parse(before.last_refreshed_at));
    expect(after.volume).toBe("650000.25");
    const events = await historyOf(page, "indications", state.offer!.id);
    expect(events.slice(-2).map((e) => [e.action, e.actor.via])).toEqual([
      ["indication.updated", "session"],
      ["indication.refreshed", "session"],
    ]);
    // Escape closes the menu and gives the focus back to its button.
    await menu.click();
    await expect(row.getByTestId("row-menu-panel")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(row.getByTestId("row-menu-panel")).toBeHidden();
    await expect(menu).toBeFocused();
  });

  test("bulk: the broker refreshes several selected indications, then closes two; one result per row, the closed leave the open set", async ({ page }, testInfo) => {
    await page.setViewportSize(DESKTOP);
    await signInAs(page, ACCOUNTS.broker, "/indications?stage=open");
    const t = table(page, "indications-table");
    const checkboxes = rows(t).getByTestId("select-row");
    await hydrated(checkboxes);
    await checkboxes.nth(0).check();
    await checkboxes.nth(1).check();
    await checkboxes.nth(2).check();
    await expect(page.getByTestId("bulk-count")).toHaveText("3 selected");
    await expectAccessible(page, "the bulk bar", "[data-testid=bulk-bar]");
    await page.getByTestId("bulk-refresh").click();
    const results = page.getByTestId("bulk-results").locator("li");
    await expect(results).toHaveCount(3);
    await expect(results.filter({ hasText: "refreshed" })).toHaveCount(3);
    await expect(page.getByTestId("bulk-count")).toHaveCount(0);

    // Close two (not the offer, which the later tests open).
    const closing = (await indicationIds(t)).filter((id) => id !== state.offer!.id).slice(0, 2);
    expect(closing).toHaveLength(2);
    for (const id of closing) await indicationRow(t, id).getByTestId("select-row").check();
    await expect(page.getByTestId("bulk-count")).toHaveText("2 selected");
    await page.getByTestId("bulk-close").click();
    const confirm = page.getByTestId("bulk-close-confirm");
    await expect(confirm).toContainText("Close 2 indications?");
    await shotBothSizes(page, testInfo, "bulk-close-confirmation");
    await expectAccessible(page, "the bulk close confirmation", "dialog[open]");
    await page.getByTestId("bulk-close-yes").click();
    await expect(results).toHaveCount(2);
    await expect(results.filter({ hasText: "closed" })).toHaveCount(2);
    for (const id of closing) {
      await expect(indicationRow(t, id)).toHaveCount(0);
      const closed = (await (await page.request.get(`/api/v1/my/indications/${id}`)).json()) as ApiIndication;
      expect(closed.stage).not.toBe("open");
      expect((await historyOf(page, "indications", id)).at(-1)).toMatchObject({ action: "indication.closed", actor: { via: "session" } });
    }
  });

  test("the broker records a trade (errors first) and may edit it while unverified", async ({ page }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize(DESKTOP);
    await signInAs(page, ACCOUNTS.broker, "/trades");
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
    await signInViaApi(lead.request, ACCOUNTS.lead);
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
    await signInViaApi(broker.request, ACCOUNTS.broker);
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
    await signInAs(page, ACCOUNTS.ops, "/verification");
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

  test("analyst@alpha (read only) sees no create or edit control, and a forged action is refused", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInAs(page, ACCOUNTS.analyst, "/indications");
    await expect(rows(table(page, "indications-table")).first()).toBeVisible();
    await expect(page.getByTestId("new-indication")).toHaveCount(0);
    await expect(page.getByTestId("select-row")).toHaveCount(0);
    await expect(page.getByTestId("refresh-indication")).toHaveCount(0);
    await page.goto(`/indications/${state.offer!.id}`);
    await expect(page.getByTestId("indication-page")).toBeVisible();
    await expect(page.getByTestId("edit-indication")).toHaveCount(0);
    await expect(page.getByTestId("indication-actions")).toHaveCount(0);
    await page.goto("/trades");
    await expect(page.getByTestId("record-trade")).toHaveCount(0);
    await page.goto(`/companies/${state.company!.id}`);
    await expect(page.getByTestId("company-page")).toBeVisible();
    await expect(page.getByTestId("new-indication")).toHaveCount(0);
    await expect(page.getByTestId("record-trade")).toHaveCount(0);

    // The broker's own create action, replayed with the analyst's session: refused by the write side.
    const before = await indicationCount(page);
    const forged = await replayCreate(page, BASE_URL, state.createAction!.body);
    expect(await forged.text()).toContain('"code":"forbidden"');
    expect(await indicationCount(page)).toBe(before);
  });

  test("a cross-site request to a server action is refused (Next's origin check)", async ({ page }) => {
    await signInAs(page, ACCOUNTS.broker, "/indications");
    const before = await indicationCount(page);
    const crossSite = await replayCreate(page, "https://evil.example", state.createAction!.body);
    expect(crossSite.status()).toBeGreaterThanOrEqual(400);
    expect(await indicationCount(page)).toBe(before);
    // The same request from the dashboard's own origin goes through: the origin is what was refused.
    const sameSite = await replayCreate(page, BASE_URL, state.createAction!.body);
    expect(sameSite.status()).toBe(200);
    expect(await indicationCount(page)).toBe(before + 1);
  });

  test("nothing of team Alpha appears for broker@beta: detail pages are 404, forged writes find nothing", async ({ page }) => {
    await signInAs(page, ACCOUNTS.betaBroker, "/indications");
    for (const path of [`/indications/${state.bid!.id}`, `/indications/${state.offer!.id}`, `/trades/${state.trade!.id}`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByTestId("not-found-page")).toBeVisible();
      await expect(page.locator("body")).not.toContainText(state.company!.name);
    }
    const betaIndications = await fetchAll<ApiIndication>(page.request, "/api/v1/my/indications", "indications", null);
    expect(betaIndications.map((i) => i.id)).not.toContain(state.bid!.id);
    const betaTrades = await fetchAll<ApiTrade>(page.request, "/api/v1/my/trades", "trades", null);
    expect(betaTrades.map((t) => t.permalink_id)).not.toContain(state.trade!.permalink);
    await page.goto("/trades");
    await expect(page.locator("body")).not.toContainText(state.trade!.permalink);
  });
});
