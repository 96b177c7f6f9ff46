import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, APIResponse, Browser, Page, Route } from "@playwright/test";
import { apiKeyFor } from "./support/api";
import { ACCOUNTS, BASE_URL } from "./support/env";
import { expect, hydrated, newPersonContext, shot, signInAs, test } from "./support/fixtures";

/**
 * The live desk (issue 32) in the browser: pages follow GET /api/v1/my/stream and redraw in place,
 * without a reload and without polling. Writes come from other users through the API, as another
 * desk's would.
 */

const PHONE = { width: 390, height: 844 };
// The promise: what another desk writes is on the page within 2 s.
// That a change arrives without a reload; how fast it reaches the streams is the bench's to say
// (an event to N streams). CI once saw a phone's redraw miss 2 s right after the lifecycle specs.
const LIVE = { timeout: 5_000 };

interface Company {
  id: string;
  name: string;
}

async function json<T>(request: APIRequestContext, key: string, path: string, body?: object): Promise<T> {
  const headers = { authorization: `Bearer ${key}` };
  const response = body ? await request.post(path, { headers, data: body }) : await request.get(path, { headers });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBeTruthy();
  return (await response.json()) as T;
}

function offer(companyId: string, extra: object = {}) {
  return {
    issuer_id: companyId,
    side: "offer",
    price_per_share: "1.01",
    volume: "5000",
    acceptable_structures: [],
    structure: "direct",
    visibility: "order_book_public",
    stock_type: "secondary",
    stock_class_type: "preferred",
    ...extra,
  };
}

const TRADE = (companyId: string) => ({
  issuer_id: companyId,
  price_per_share: "10.5",
  volume: "250000",
  structure: "direct",
  stock_type: "secondary",
  stock_class_type: "preferred",
  sign_date: "2026-11-04",
  won_date: "2026-11-11",
  verification_officer_name: "Dana Officer",
  verification_officer_email: "dana.officer@example.com",
});

/** Signs in, opens `path` and waits until its live stream is open: from then on, a write must show. */
async function openLive(page: Page, email: string, path: string): Promise<void> {
  const streaming = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/v1/my/stream" && response.status() === 200);
  await signInAs(page, email, path);
  await streaming;
}

async function signedInPage(browser: Browser, email: string, path: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport });
  const page = await context.newPage();
  await openLive(page, email, path);
  return page;
}

/** The number before "shown to you" in a ladder's heading. */
async function shownCount(page: Page, side: "bid" | "offer"): Promise<number> {
  const text = await page.getByTestId(`${side}-ladder`).locator("h3").innerText();
  return Number(/\((\d+) shown to you/.exec(text)?.[1] ?? NaN);
}

/**
 * In the page before its scripts: records the events the tab's EventSource handed to the page's
 * listeners, each after them (window.__e2eStream), so a test knows when the page has heard one.
 */
function recordStreamEvents(): void {
  const heard: { type: string; data: string }[] = [];
  (window as unknown as { __e2eStream: typeof heard }).__e2eStream = heard;
  type Add = (this: EventSource, type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions) => void;
  const add = EventSource.prototype.addEventListener as Add;
  EventSource.prototype.addEventListener = function (this: EventSource, type, listener, options) {
    add.call(this, type, listener, options);
    add.call(this, type, (event) => heard.push({ type, data: String((event as MessageEvent).data) }));
  } as Add as typeof EventSource.prototype.addEventListener;
}

async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join("; ")})`),
    `axe on ${what}`,
  ).toEqual([]);
}

test.describe("live pages", () => {
  test("a followed company's page shows another team's public offer without a reload and the bell counts it; a private one not shared never shows", async ({ page, browser }, testInfo) => {
    test.setTimeout(120_000);
    const betaKey = apiKeyFor(ACCOUNTS.betaBroker);
    const alphaKey = apiKeyFor(ACCOUNTS.broker);
    const [company] = (await json<{ companies: Company[] }>(page.request, betaKey, "/api/v1/companies?per_page=1&q=a")).companies;
    const followed = await page.request.put(`/api/v1/my/watchlist/${company.id}`, { headers: { authorization: `Bearer ${alphaKey}` } });
    expect([200, 201]).toContain(followed.status());

    for (const viewport of [{ width: 1440, height: 900 }, PHONE]) {
      const alpha = await signedInPage(browser, ACCOUNTS.broker, `/companies/${company.id}`, viewport);
      const before = await shownCount(alpha, "offer");
      const unread = async () => Number((await alpha.getByTestId("notification-count").textContent({ timeout: 100 }).catch(() => "0")) ?? "0");
      const unreadBefore = await unread();
      const startedAt = new Date().toISOString();

      // Alpha is told of each public offer (followed_indication); an offer that crosses a bid this
      // broker placed also makes a possible_match (docs/api/deals.md, "Matches"): the bell counts both.
      type Told = { kind: string; created_at: string };
      const told = async () => (await json<{ notifications: Told[] }>(page.request, alphaKey, "/api/v1/my/notifications?unread=true&limit=100")).notifications.filter((n) => n.created_at >= startedAt);
      const followedOffers = async () => (await told()).filter((n) => n.kind === "followed_indication").length;

      await json(page.request, betaKey, "/api/v1/my/indications", offer(company.id));
      await expect.poll(() => shownCount(alpha, "offer"), LIVE).toBe(before + 1);
      await expect.poll(followedOffers, LIVE).toBe(1);
      await expect.poll(async () => (await unread()) - unreadBefore, LIVE).toBe((await told()).length);

      // Private, addressed to someone outside Alpha: then a public one, which Alpha must see. The
      // count grows by one, never two: the private offer is in no answer or redraw for Alpha.
      await json(page.request, betaKey, "/api/v1/my/indications", offer(company.id, { visibility: "private", private_recipients: ["someone@gamma.example"] }));
      await json(page.request, betaKey, "/api/v1/my/indications", offer(company.id, { price_per_share: "1.02" }));
      await expect.poll(() => shownCount(alpha, "offer"), LIVE).toBe(before + 2);
      await alpha.waitForTimeout(1_000);
      expect(await shownCount(alpha, "offer")).toBe(before + 2);
      // Told of the two public offers, not of the private one.
      expect(await followedOffers()).toBe(2);
      expect(await unread()).toBe(unreadBefore + (await told()).length);
      await alpha.getByTestId("notification-bell").click();
      await expect(alpha.getByTestId("notification-item").first()).toContainText(`New offer in ${company.name}`);
      await expectAccessible(alpha, `the bell on a company page at ${viewport.width} px`);
      await alpha.getByTestId("notification-bell").click();
      expect(await alpha.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await shot(alpha, testInfo, `company-live-${viewport.width}`);
      await alpha.context().close();
    }
  });

  test("a verification reaches the broker's trade page, bell and notifications, and the marketplace team's badge on another page, without a reload", async ({ page, browser }, testInfo) => {
    test.setTimeout(120_000);
    const alphaKey = apiKeyFor(ACCOUNTS.broker);
    const opsKey = apiKeyFor(ACCOUNTS.ops);
    const [company] = (await json<{ companies: Company[] }>(page.request, alphaKey, "/api/v1/companies?per_page=1&q=e")).companies;

    // The marketplace team, on a page other than the queue: its badge counts waiting trades.
    const ops = await signedInPage(browser, ACCOUNTS.ops, "/companies");
    const badge = ops.getByTestId("nav-badge-verification");
    const waiting = Number((await badge.innerText()).replace(/\D/g, ""));

    const trade = await json<{ id: string }>(page.request, alphaKey, "/api/v1/my/trades", TRADE(company.id));
    await expect.poll(async () => Number((await badge.innerText()).replace(/\D/g, "")), LIVE).toBe(waiting + 1);

    for (const viewport of [{ width: 1440, height: 900 }, PHONE]) {
      const alpha = await signedInPage(browser, ACCOUNTS.broker, `/trades/${trade.id}`, viewport);
      // At 1440 px the trade is verified live; at 390 px the verification is taken back live.
      await expect(alpha.getByTestId("verified-by")).toHaveCount(viewport === PHONE ? 1 : 0);
      const bell = alpha.getByTestId("notification-bell");
      const unread = async () => Number((await alpha.getByTestId("notification-count").textContent({ timeout: 100 }).catch(() => "0")) ?? "0");
      const before = await unread();

      if (viewport === PHONE) await json(page.request, opsKey, `/api/v1/ops/trades/${trade.id}/unverify`, { reason: "Officer did not answer" });
      else await json(page.request, opsKey, `/api/v1/ops/trades/${trade.id}/verify`, {});
      if (viewport === PHONE) await expect(alpha.getByTestId("verified-by")).toHaveCount(0, LIVE);
      else {
        await expect(alpha.getByTestId("verified-by")).toBeVisible(LIVE);
        await expect.poll(async () => Number((await badge.innerText()).replace(/\D/g, "")), LIVE).toBe(waiting);
      }
      await expect.poll(unread, LIVE).toBe(before + 1);

      await bell.click();
      const first = alpha.getByTestId("notification-item").first();
      await expect(first).toContainText(viewport === PHONE ? "was taken back" : "was verified");
      if (viewport === PHONE) await expect(first).toContainText("Officer did not answer");
      expect(await alpha.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(alpha, `the open notifications at ${viewport.width} px`);
      await shot(alpha, testInfo, `notifications-${viewport.width}`);
      await first.click();
      await expect.poll(unread).toBe(before);
      await alpha.context().close();
    }
    // Unverified, the trade is back in the queue.
    await expect.poll(async () => Number((await badge.innerText()).replace(/\D/g, "")), LIVE).toBe(waiting + 1);
    await ops.context().close();
  });

  // A page's live part subscribes only once the page has mounted, after its data was rendered (a
  // client navigation; a page's content hydrating after its Suspense boundary). A change the
  // stream delivered in between must still redraw it: the stream hands a new subscriber the events
  // of the last seconds. Here the navigation's page data is held, rendered before the verification,
  // until the tab has heard of the verification.
  test("a trade verified while its page is on the way is shown verified once the page mounts", async ({ page, browser }) => {
    test.setTimeout(60_000);
    const alphaKey = apiKeyFor(ACCOUNTS.broker);
    const opsKey = apiKeyFor(ACCOUNTS.ops);
    const [company] = (await json<{ companies: Company[] }>(page.request, alphaKey, "/api/v1/companies?per_page=1&q=a")).companies;

    for (const viewport of [{ width: 1440, height: 900 }, PHONE]) {
      const trade = await json<{ id: string }>(page.request, alphaKey, "/api/v1/my/trades", TRADE(company.id));
      const context = await newPersonContext(browser, { baseURL: BASE_URL, viewport });
      await context.addInitScript(recordStreamEvents);
      const broker = await context.newPage();
      await openLive(broker, ACCOUNTS.broker, "/trades?sort=-created_at");

      // The navigation's request for the page's data (not a prefetch, not the later refresh).
      type Held = { route: Route; response: APIResponse };
      let hold: (held: Held) => void = () => {};
      const held = new Promise<Held>((resolve) => (hold = resolve));
      let holding = false;
      await broker.route(
        (url) => url.pathname === `/trades/${trade.id}`,
        async (route) => {
          const headers = route.request().headers();
          if (holding || headers.rsc !== "1" || "next-router-prefetch" in headers) return route.continue();
          holding = true;
          const response = await route.fetch();
          await response.body();
          hold({ route, response });
        },
      );
      const link = broker.locator(`a[href="/trades/${trade.id}"]`);
      await hydrated(link);
      await link.first().click();
      const { route, response } = await held;
      expect(await response.text(), "the page's data is drawn before the verification").not.toContain("verified-by");

      await json(page.request, opsKey, `/api/v1/ops/trades/${trade.id}/verify`, {});
      const heard = () =>
        broker.evaluate((id) => (window as unknown as { __e2eStream: { type: string; data: string }[] }).__e2eStream.some((e) => e.type === "trade.verified" && e.data.includes(id)), trade.id);
      await expect.poll(heard, LIVE).toBe(true);
      await route.fulfill({ response });

      await expect(broker.getByTestId("verified-by")).toBeVisible(LIVE);
      await context.close();
    }
  });

  test("a team table says how many rows came instead of moving under the cursor, and shows them when asked", async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const alphaKey = apiKeyFor(ACCOUNTS.broker);
    const [company] = (await json<{ companies: Company[] }>(page.request, alphaKey, "/api/v1/companies?per_page=1&q=o")).companies;
    await openLive(page, ACCOUNTS.broker, "/indications");
    await hydrated(page.getByRole("button", { name: "New indication" }));
    const first = await page.getByTestId("table-row").first().getAttribute("data-href");

    const created = [
      await json<{ id: string }>(page.request, alphaKey, "/api/v1/my/indications", offer(company.id)),
      await json<{ id: string }>(page.request, alphaKey, "/api/v1/my/indications", offer(company.id)),
    ];
    const banner = page.getByTestId("new-rows");
    await expect(banner).toHaveText("2 new indications: show them", LIVE);
    // Nothing moved meanwhile.
    expect(await page.getByTestId("table-row").first().getAttribute("data-href")).toBe(first);
    await expectAccessible(page, "the new-rows notice");
    await shot(page, testInfo, "new-rows");

    await banner.click();
    await expect(banner).toHaveCount(0);
    await expect(page.getByTestId("table-row").first()).toHaveAttribute("data-href", `/indications/${created[1].id}`);
  });
});
