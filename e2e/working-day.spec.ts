import type { Browser, Locator, Page } from "@playwright/test";
import { apiKeyFor } from "./support/api";
import { ACCOUNTS, BASE_URL } from "./support/env";
import { expect, hydrated, newPersonContext, signInAs, test } from "./support/fixtures";
import { rows, table } from "./support/table";

/**
 * A working day driven through the dashboard, not the API (issue 43): every write below is a
 * server action, and its effects on other people's open pages, bells and streams must be those of
 * the same write through the API (docs/architecture.md, "Live stream"). A server action runs in
 * another copy of the write path's modules than the stream's route; this is the test that sees it.
 */

// What another desk writes is on the page within 2 s (docs/ui.md, "Live pages").
const LIVE = { timeout: 2_000 };
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

interface Company {
  id: string;
  name: string;
}

async function openLive(browser: Browser, email: string, path: string, viewport = DESKTOP): Promise<Page> {
  const context = await newPersonContext(browser, { baseURL: BASE_URL, viewport });
  const page = await context.newPage();
  const streaming = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/v1/my/stream" && response.status() === 200);
  await signInAs(page, email, path);
  await streaming;
  return page;
}

/** Opens a second stream in the page and keeps the names of the events it receives. */
async function recordStream(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const seen: string[] = [];
        (window as unknown as { __seen: string[] }).__seen = seen;
        const source = new EventSource("/api/v1/my/stream");
        for (const name of ["ready", "market", "queue", "notification", "trade.verified"]) source.addEventListener(name, () => seen.push(name));
        source.addEventListener("ready", () => resolve());
      }),
  );
  return () => page.evaluate(() => [...(window as unknown as { __seen: string[] }).__seen]);
}

/** The number a badge shows; none shown is 0 (the bell shows no count when nothing is unread). */
async function count(locator: Locator): Promise<number> {
  if ((await locator.count()) === 0) return 0;
  return Number((await locator.first().innerText()).replace(/\D/g, "") || "0");
}
const shownOffers = async (page: Page) => Number(/\((\d+) shown to you/.exec(await page.getByTestId("offer-ladder").locator("h3").innerText())?.[1] ?? NaN);

test("a working day through the dashboard: each write reaches the other users' open pages, bells and streams", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const alphaKey = apiKeyFor(ACCOUNTS.broker);
  const companies = (await (await page.request.get("/api/v1/companies?per_page=20&q=ar", { headers: { authorization: `Bearer ${alphaKey}` } })).json()) as { companies: Company[] };
  const company = companies.companies[0];
  // Alpha's broker follows the company (the star, as a person does), then keeps its page open.
  const alpha = await openLive(browser, ACCOUNTS.broker, `/companies/${company.id}`);
  const star = alpha.getByTestId("follow-button").first();
  await hydrated(star);
  if ((await star.getAttribute("aria-pressed")) !== "true") {
    await star.click();
    await expect(star).toHaveAttribute("aria-pressed", "true");
  }
  const alphaStream = await recordStream(alpha);
  const alphaBell = alpha.getByTestId("notification-count");
  const offersBefore = await shownOffers(alpha);
  const unreadBefore = await count(alphaBell);
  const startedAt = new Date().toISOString();

  // The marketplace team watches its badge from the directory, on a phone.
  const ops = await openLive(browser, ACCOUNTS.ops, "/companies", PHONE);
  const badge = ops.getByTestId("nav-badge-verification");
  const waitingBefore = await count(badge);

  // 1. Beta's broker posts a public offer from the company page's form.
  await signInAs(page, ACCOUNTS.betaBroker, `/companies/${company.id}`);
  const newIndication = page.getByTestId("new-indication");
  await hydrated(newIndication);
  await newIndication.click();
  const form = page.locator("dialog[open]");
  await form.getByLabel("Offer", { exact: true }).check();
  await form.getByTestId("field-price_per_share").fill("14.25");
  await form.getByTestId("field-volume").fill("25000");
  await form.getByTestId("field-structure").selectOption("direct");
  await form.getByTestId("field-visibility").selectOption("order_book_public");
  await form.getByTestId("field-stock_type").selectOption("secondary");
  await form.getByTestId("field-stock_class_type").selectOption("preferred");
  await form.getByTestId("form-submit").click();
  await expect(form.getByTestId("form-saved")).toBeVisible();

  await expect.poll(async () => (await alphaStream()).includes("market"), LIVE).toBe(true);
  await expect.poll(() => shownOffers(alpha), LIVE).toBe(offersBefore + 1);
  // The bell counts the followed company's new offer, and a possible match when the offer crosses
  // a bid this broker placed (docs/api/deals.md, "Matches"): as many as the broker's new notifications.
  const toldSince = async () => {
    const response = await page.request.get("/api/v1/my/notifications?unread=true&limit=100", { headers: { authorization: `Bearer ${alphaKey}` } });
    return ((await response.json()) as { notifications: { kind: string; created_at: string }[] }).notifications.filter((n) => n.created_at >= startedAt);
  };
  await expect.poll(async () => (await toldSince()).filter((n) => n.kind === "followed_indication").length, LIVE).toBe(1);
  await expect.poll(async () => (await count(alphaBell)) - unreadBefore, LIVE).toBe((await toldSince()).length);
  await page.context().clearCookies();

  // 2. Alpha's broker records a trade from another tab: the marketplace team's badge counts it.
  const alphaDesk = await alpha.context().newPage();
  await alphaDesk.goto(`/companies/${company.id}`);
  const recordTrade = alphaDesk.getByTestId("record-trade");
  await hydrated(recordTrade);
  await recordTrade.click();
  const tradeForm = alphaDesk.locator("dialog[open]");
  const today = new Date().toISOString().slice(0, 10);
  // A volume of this run's own, to find its row in the queue.
  const volume = `${300_000 + (Date.now() % 100_000)}.31`;
  await tradeForm.getByTestId("field-sign_date").fill(today);
  await tradeForm.getByTestId("field-won_date").fill(today);
  await tradeForm.getByTestId("field-price_per_share").fill("14.10");
  await tradeForm.getByTestId("field-volume").fill(volume);
  await tradeForm.getByTestId("field-structure").selectOption("direct");
  await tradeForm.getByTestId("field-stock_type").selectOption("secondary");
  await tradeForm.getByTestId("field-stock_class_type").selectOption("preferred");
  await tradeForm.getByTestId("field-verification_officer_name").fill("Dana Officer");
  await tradeForm.getByTestId("field-verification_officer_email").fill("dana@bank.example");
  await tradeForm.getByTestId("form-submit").click();
  await expect(tradeForm.getByTestId("form-saved")).toBeVisible();
  const tradePath = (await tradeForm.getByRole("link", { name: "Open it" }).getAttribute("href"))!;
  await expect.poll(() => count(badge), LIVE).toBe(waitingBefore + 1);

  // Alpha keeps the trade's page open while the marketplace team verifies it from its queue.
  await alphaDesk.goto(tradePath);
  await expect(alphaDesk.getByTestId("trade-page")).toBeVisible();
  await expect(alphaDesk.getByTestId("verified-by")).toHaveCount(0);
  const unreadBeforeVerify = await count(alphaBell);

  // 3. The marketplace team verifies it from the queue (the server action), at its desk.
  await ops.setViewportSize(DESKTOP);
  await ops.goto(`/verification?${new URLSearchParams({ issuer_id: company.id, sign_date_from: today })}`);
  const row = rows(table(ops, "verification-table")).filter({ has: ops.locator(`[data-value="${volume}"]`) });
  await expect(row).toHaveCount(1);
  const verify = row.getByTestId("verify-trade");
  await hydrated(verify);
  await verify.click();
  await expect(ops.getByTestId("verify-results")).toContainText("verified");

  await expect(alphaDesk.getByTestId("verified-by")).toBeVisible(LIVE);
  await expect.poll(() => count(alphaBell), LIVE).toBe(unreadBeforeVerify + 1);
  await expect.poll(async () => (await alphaStream()).includes("notification"), LIVE).toBe(true);
  await expect.poll(() => count(ops.getByTestId("nav-badge-verification")), LIVE).toBe(waitingBefore);

  await alpha.context().close();
  await ops.context().close();
});
