import type { Locator, Page } from "@playwright/test";
import { apiKeyFor, fetchAll } from "./support/api";
import { ACCOUNTS } from "./support/env";
import { expect, shot, signInAs, test, useSession } from "./support/fixtures";
import { rows, table, textColumn } from "./support/table";

interface Row {
  permalink_id: string;
  issuer: { id: string; name: string };
}

/**
 * Every permalink a table shows, walking all its pages at 100 rows. Page 1 shows every column (an
 * empty `hide=`), where the table's own column list (the column toggle) is read; on every later
 * page all columns but the company and the permalink are hidden through the URL, which keeps it
 * light. `prefix` is the table's URL prefix on pages with several tables; `extra` goes on every
 * page's URL.
 */
async function permalinksOnAllPages(page: Page, path: string, t: Locator, prefix = "", extra: Record<string, string> = {}): Promise<string[]> {
  const seen: string[] = [];
  let hide = "";
  for (let n = 1; ; n++) {
    const params = new URLSearchParams({ ...extra, [`${prefix}hide`]: hide, [`${prefix}per_page`]: "100", [`${prefix}page`]: String(n) });
    await page.goto(`${path}?${params}`, { waitUntil: "domcontentloaded" });
    await expect(t.getByTestId("col-permalink_id")).toBeVisible();
    if (n === 1) {
      // The table's own column list, minus the permalink.
      const columns = await t
        .locator("[data-testid^='column-toggle-']")
        .evaluateAll((els) => els.map((el) => (el.getAttribute("data-testid") ?? "").replace("column-toggle-", "")));
      hide = columns.filter((c) => c !== "permalink_id").join(",");
      expect(hide).not.toBe("");
    }
    const status = await t.getByTestId("page-status").innerText();
    const [, current, last] = /Page ([\d,]+) of ([\d,]+)/.exec(status) ?? [];
    expect(Number(current.replace(/,/g, ""))).toBe(n);
    const shown = await textColumn(t, "permalink_id");
    expect(shown.length).toBe(await rows(t).count());
    seen.push(...shown);
    if (n >= Number(last.replace(/,/g, ""))) return seen;
  }
}

test.describe("team isolation", () => {
  test("a broker of team Alpha never sees a team Beta row on any page", async ({ page }) => {
    test.setTimeout(180_000);
    // Team Beta's rows, as Beta's own API key sees them.
    const betaKey = apiKeyFor(ACCOUNTS.betaBroker);
    const betaIndications = await fetchAll<Row>(page.request, "/api/v1/my/indications", "indications", betaKey);
    const betaTrades = await fetchAll<Row>(page.request, "/api/v1/my/trades", "trades", betaKey);
    expect(betaIndications.length).toBeGreaterThan(100);
    expect(betaTrades.length).toBeGreaterThan(100);
    const beta = new Set([...betaIndications, ...betaTrades].map((r) => r.permalink_id));

    // Team Alpha's rows, as the API answers the same browser session: what the pages must show.
    // (That the API's lists hold no other team's row: app/api/v1/indications.test.ts and
    // app/api/v1/trades.test.ts, "team scope".)
    await useSession(page, ACCOUNTS.broker);
    const alphaIndications = await fetchAll<Row>(page.request, "/api/v1/my/indications", "indications", null);
    const alphaTrades = await fetchAll<Row>(page.request, "/api/v1/my/trades", "trades", null);

    // /indications, every page: exactly Alpha's rows, none of Beta's.
    const indicationsTable = table(page, "indications-table");
    const shownIndications = await permalinksOnAllPages(page, "/indications", indicationsTable);
    await expect(page.getByTestId("current-user-team")).toHaveText("Alpha");
    expect(shownIndications.filter((p) => beta.has(p))).toEqual([]);
    expect(shownIndications.sort()).toEqual(alphaIndications.map((r) => r.permalink_id).sort());

    // /trades, every page.
    const tradesTable = table(page, "trades-table");
    const shownTrades = await permalinksOnAllPages(page, "/trades", tradesTable);
    expect(shownTrades.filter((p) => beta.has(p))).toEqual([]);
    expect(shownTrades.sort()).toEqual(alphaTrades.map((r) => r.permalink_id).sort());

    // A company page where both teams have trades: Alpha's trades only.
    const betaIssuers = new Set(betaTrades.map((r) => r.issuer.id));
    const shared = alphaTrades.find((r) => betaIssuers.has(r.issuer.id))!.issuer;
    // Its indications table shows every column and 100 rows on each of those pages.
    const companyTrades = table(page, "company-trades-table");
    const shownCompanyTrades = await permalinksOnAllPages(page, `/companies/${shared.id}`, companyTrades, "trd_", { ind_hide: "", ind_per_page: "100" });
    expect(shownCompanyTrades.length).toBeGreaterThan(0);
    expect(shownCompanyTrades.filter((p) => beta.has(p))).toEqual([]);
    expect(shownCompanyTrades.sort()).toEqual(alphaTrades.filter((r) => r.issuer.id === shared.id).map((r) => r.permalink_id).sort());
    const companyIndications = table(page, "company-indications-table");
    await expect(companyIndications.getByTestId("col-permalink_id")).toBeVisible();
    const shownCompanyIndications = await textColumn(companyIndications, "permalink_id");
    expect(shownCompanyIndications.filter((p) => beta.has(p))).toEqual([]);
    await shot(page, test.info(), "alpha company page");

    // For contrast, Beta's broker sees Beta's rows there (the permalink column does show them).
    await page.context().clearCookies();
    await signInAs(page, ACCOUNTS.betaBroker, `/companies/${shared.id}?trd_hide=&trd_per_page=100`);
    await expect(page.getByTestId("current-user-team")).toHaveText("Beta");
    const betaView = await textColumn(companyTrades, "permalink_id");
    expect(betaView.length).toBeGreaterThan(0);
    expect(betaView.every((p) => beta.has(p))).toBe(true);
  });

  test("a team lead of Alpha never sees a team Beta trade on the review page", async ({ page }) => {
    // Every page of the team's trades, 100 a page, on the review's heaviest page.
    test.setTimeout(120_000);
    const betaKey = apiKeyFor(ACCOUNTS.betaBroker);
    const betaTrades = await fetchAll<Row>(page.request, "/api/v1/my/trades", "trades", betaKey);
    const beta = new Set(betaTrades.map((r) => r.permalink_id));

    await useSession(page, ACCOUNTS.lead);
    const alphaTrades = await fetchAll<Row>(page.request, "/api/v1/my/trades", "trades", null);
    const shown = await permalinksOnAllPages(page, "/review", table(page, "review-trades-table"), "", { is_verified: "all" });
    expect(shown.filter((p) => beta.has(p))).toEqual([]);
    expect(shown.sort()).toEqual(alphaTrades.map((r) => r.permalink_id).sort());
    await expect(page.getByTestId("total-count")).toHaveAttribute("data-value", String(alphaTrades.length));
  });
});
