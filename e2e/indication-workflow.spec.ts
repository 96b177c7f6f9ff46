import type { Locator, Page, Request } from "@playwright/test";
import { ACCOUNTS, BASE_URL } from "./support/env";
import { expect, hydrated, signInAs, test, useSession } from "./support/fixtures";
import { rows, table } from "./support/table";
import { type ApiIndication, type Company, chooseCompany, DESKTOP, expectAccessible, historyOf, openDialog, shotBothSizes, uniqueCompany } from "./support/workflow";

/**
 * Issue 13's workflows for indications, in the order they happen, on the production build: a
 * broker creates, edits, refreshes, closes and duplicates indications, from their pages, their
 * rows and in bulk, and loses a race on an edit; a read-only user and another team's broker can
 * do none of it. The tests share what they create (serial), as the people would. The trades'
 * side is e2e/trade-workflow.spec.ts.
 */
test.describe.configure({ mode: "serial" });

/** What the tests hand on to each other. */
const state: {
  company?: Company;
  bid?: { id: string };
  offer?: { id: string };
  createAction?: { url: string; headers: Record<string, string>; body: string };
} = {};

/** The row of the indication `id` in an indications table (the row names its page). */
const indicationRow = (t: Locator, id: string) => t.locator(`[data-testid="table-row"][data-href="/indications/${id}"]`);

/** The ids of the rows of an indications table, top to bottom. */
const indicationIds = (t: Locator) => rows(t).evaluateAll((trs) => trs.map((tr) => (tr.getAttribute("data-href") ?? "").split("/").pop()!));

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

test.describe("indication workflows", () => {
  test("broker@alpha creates a bid and an offer, seeing a bad one's field errors first", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize(DESKTOP);
    await signInAs(page, ACCOUNTS.broker, "/indications");
    const company = await uniqueCompany(page.request);
    state.company = company;

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
    // As the form reads amounts (commas between thousands), not the API's "no commas".
    await expect(dialog.getByTestId("error-price_per_share")).toHaveText(/^Price per share must be an amount like 250,000 or 1250\.50: digits, commas only between thousands/);
    // The rules between fields (a bid's structures, the minimum) are named at once too.
    await expect(dialog.getByTestId("error-acceptable_structures")).toHaveText(/^Acceptable structures must list at least one structure for a bid/);
    await expect(dialog.getByTestId("error-minimum_volume")).toHaveText("Minimum volume must not exceed volume ($1,000).");
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

  // That a server action from another site is refused, and runs from the dashboard's own, is
  // e2e/action-origin.spec.ts's (proxy.ts checks every action's origin alike).

  test("nothing of team Alpha's appears for broker@beta: the indications' pages are 404", async ({ page }) => {
    // That Beta's API lists never hold an Alpha row: app/api/v1/indications.test.ts, "GET /my/indications: team scope".
    await useSession(page, ACCOUNTS.betaBroker);
    for (const path of [`/indications/${state.bid!.id}`, `/indications/${state.offer!.id}`]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByTestId("not-found-page")).toBeVisible();
      await expect(page.locator("body")).not.toContainText(state.company!.name);
    }
  });
});
