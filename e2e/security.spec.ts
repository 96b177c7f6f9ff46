import { execFileSync } from "node:child_process";
import type { ConsoleMessage, Page } from "@playwright/test";
import { ACCOUNTS, BASE_URL, E2E_DATABASE_URL, PROJECT_ROOT } from "./support/env";
import { expect, fillSignInForm, hydrated, signInAs, signInViaApi, test } from "./support/fixtures";

/**
 * Issue 16's security findings against the production build: headers and the CSP (pages still
 * work under it), the open redirect, sessions that end, sign-in throttling on the form, and the
 * operator CLI taking effect on the user's next page.
 */

function cspViolations(page: Page): string[] {
  const seen: string[] = [];
  const note = (text: string) => {
    if (/content security policy|refused to (load|execute|apply|connect|frame)/i.test(text)) seen.push(text);
  };
  page.on("console", (message: ConsoleMessage) => note(message.text()));
  page.on("pageerror", (error) => note(String(error)));
  return seen;
}

function usersCli(...args: string[]): string {
  return execFileSync("npx", ["tsx", "--conditions=react-server", "lib/users/cli.ts", ...args], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATABASE_URL: E2E_DATABASE_URL },
    encoding: "utf8",
  });
}

test.describe("security headers", () => {
  test("pages carry a nonce CSP and work under it, with no CSP violation", async ({ page }) => {
    const violations = cspViolations(page);
    const signIn = await page.goto("/sign-in");
    const csp = signIn!.headers()["content-security-policy"];
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(signIn!.headers()["x-content-type-options"]).toBe("nosniff");
    expect(signIn!.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(signIn!.headers()["permissions-policy"]).toContain("camera=()");
    expect(signIn!.headers()["strict-transport-security"]).toBeUndefined();
    // Next's scripts carry this response's nonce.
    const nonce = /'nonce-([^']+)'/.exec(csp)![1];
    const scripts = await page.locator("script").evaluateAll((els) => els.map((el) => (el as HTMLScriptElement).nonce));
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((n) => n === nonce)).toBe(true);

    await fillSignInForm(page, ACCOUNTS.broker);
    await expect(page).toHaveURL(/\/companies$/);
    for (const path of ["/indications", "/trades", "/settings/api-keys", "/companies"]) {
      const response = await page.goto(path);
      expect(response!.headers()["content-security-policy"]).toContain("'strict-dynamic'");
      await expect(page.getByTestId("current-user")).toBeVisible();
    }
    // A client-side interaction works (hydrated under the CSP).
    await hydrated(page.getByRole("link", { name: "Trades", exact: true }));
    await page.getByRole("link", { name: "Trades", exact: true }).click();
    await expect(page).toHaveURL(/\/trades/);
    // The forms run their zod schemas in the browser, jitless: no eval probe for the CSP to refuse.
    await page.goto("/indications");
    await hydrated(page.getByTestId("new-indication"));
    await page.getByTestId("new-indication").click();
    await page.locator("dialog[open]").getByTestId("form-submit").click();
    await expect(page.locator("dialog[open]").getByTestId("error-issuer_id")).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("the API, next-auth, logos and unknown pages carry them too; HSTS over HTTPS", async ({ request }) => {
    // The stream twice: its first request loads the route, which the server answers directly from then on (lib/http/direct-route.ts).
    for (const path of ["/api/v1/companies", "/api/auth/csrf", "/api/v1/openapi.json", "/no-such-page", "/api/v1/my/stream", "/api/v1/my/stream"]) {
      const response = await request.get(path, { maxRedirects: 0 });
      const headers = response.headers();
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(headers["referrer-policy"], path).toBeTruthy();
      expect(headers["permissions-policy"], path).toBeTruthy();
    }
    const overHttps = await request.get("/api/v1/companies", { headers: { "x-forwarded-proto": "https" } });
    expect(overHttps.headers()["strict-transport-security"]).toMatch(/^max-age=\d+/);
    const pageOverHttps = await request.get("/sign-in", { headers: { "x-forwarded-proto": "https" } });
    expect(pageOverHttps.headers()["strict-transport-security"]).toMatch(/^max-age=\d+/);
  });
});

test.describe("sign-in redirects", () => {
  const TRICKS = ["/.//evil.example", "/..//evil.example", "/%2e//evil.example", "/a/..//evil.example"];

  test("a signed-out user lands on our origin after signing in, whatever the callbackUrl", async ({ page }) => {
    for (const trick of TRICKS) {
      await page.context().clearCookies();
      await page.goto(`/sign-in?callbackUrl=${encodeURIComponent(trick)}`);
      await fillSignInForm(page, ACCOUNTS.broker);
      await expect(page).toHaveURL(`${BASE_URL}/companies`);
    }
  });

  test("a signed-in user is sent to our origin, whatever the callbackUrl", async ({ page }) => {
    await signInViaApi(page.request, ACCOUNTS.broker);
    for (const trick of TRICKS) {
      await page.goto(`/sign-in?callbackUrl=${encodeURIComponent(trick)}`);
      await expect(page).toHaveURL(`${BASE_URL}/companies`);
    }
  });
});

test.describe("API writes with the browser session", () => {
  test("from the dashboard's own page they work as with a key; from another origin they are refused 403", async ({ page }) => {
    await signInAs(page, ACCOUNTS.broker);
    await page.goto("/indications");
    const answer = await page.evaluate(async () => {
      const companies = (await (await fetch("/api/v1/companies?per_page=1")).json()) as { companies: { id: string }[] };
      const body = { issuer_id: companies.companies[0].id, side: "bid", price_per_share: "10", volume: "1000", visibility: "order_book_anonymous", acceptable_structures: ["direct"], stock_type: "secondary", stock_class_type: "common" };
      const created = await fetch("/api/v1/my/indications", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const { id } = (await created.json()) as { id: string };
      const changed = await fetch(`/api/v1/my/indications/${id}`, { method: "PATCH", headers: { "content-type": "application/json" }, body: '{"details":"from the page"}' });
      const malformed = await fetch("/api/v1/my/indications", { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
      return { id, statuses: [created.status, changed.status, malformed.status] };
    });
    expect(answer.statuses).toEqual([201, 200, 400]);

    // The same cookie, as a page on another site would make the browser send it (no preflight).
    const forged = await page.request.post(`/api/v1/my/indications/${answer.id}/close`, { headers: { origin: "http://evil.example", "content-type": "text/plain" }, data: "x" });
    expect(forged.status()).toBe(403);
    const after = await page.request.get(`/api/v1/my/indications/${answer.id}`);
    expect(((await after.json()) as { stage: string }).stage).toBe("open");
  });
});

test.describe("sessions end", () => {
  test("sign-out: the session cookie, kept and sent again, no longer works for pages or the API", async ({ page, context }) => {
    await signInAs(page, ACCOUNTS.lead);
    const kept = (await context.cookies()).filter((c) => c.name.includes("session-token"));
    expect(kept.length).toBeGreaterThan(0);
    await hydrated(page.getByRole("button", { name: "Sign out" }));
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);

    await context.addCookies(kept);
    await page.goto("/trades");
    await expect(page).toHaveURL(/\/sign-in/);
    const api = await page.request.get("/api/v1/my/trades");
    expect(api.status()).toBe(401);
  });

  test("operator CLI: a disabled user is out on the next page; moved, they see the new team", async ({ page }) => {
    const email = `e2e-cli-${Date.now()}@alpha.example`;
    const created = usersCli("create-user", "--email", email, "--name", "E2E Person", "--team", "Alpha", "--permissions", "companies", "--password", "e2e-long-password");
    expect(created).toContain("[database: SQLite ");
    await signInViaApi(page.request, email, "e2e-long-password");
    await page.goto("/trades");
    await expect(page.getByTestId("current-user-team")).toHaveText("Alpha");

    usersCli("move", "--email", email, "--team", "Beta");
    await page.reload();
    await expect(page.getByTestId("current-user-team")).toHaveText("Beta");

    const session = async () => (await (await page.request.get("/api/auth/session")).json()) as { user?: { email?: string } };
    expect((await session()).user?.email).toBe(email);
    usersCli("disable", "--email", email);
    // next-auth's session endpoint, which only checks the cookie's signature, answers signed out too
    // (GET, and POST for the client's update()).
    expect(await session()).toEqual({});
    const csrf = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
    expect(await (await page.request.post("/api/auth/session", { data: { csrfToken: csrf.csrfToken } })).json()).toEqual({});
    await page.reload();
    await expect(page).toHaveURL(/\/sign-in/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  });
});

test.describe("sign-in throttling", () => {
  test("after 20 failures the form says to wait, and the endpoint answers 429 with Retry-After", async ({ page }) => {
    const email = `throttled-${Date.now()}@nowhere.example`;
    const csrf = (await (await page.request.get("/api/auth/csrf")).json()) as { csrfToken: string };
    for (let i = 0; i < 20; i++) {
      const failed = await page.request.post("/api/auth/callback/credentials", { form: { csrfToken: csrf.csrfToken, email, password: `guess-${i}`, json: "true" } });
      expect(failed.status()).toBe(401);
    }
    const refused = await page.request.post("/api/auth/callback/credentials", { form: { csrfToken: csrf.csrfToken, email, password: "guess", json: "true" } });
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);
    // That refusal read the throttle from the database (the route); from then on the server answers
    // from memory before Next.js runs (server/sign-in-gate.mjs), and the answer is the same.
    const again = await page.request.post("/api/auth/callback/credentials", { form: { csrfToken: csrf.csrfToken, email, password: "guess", json: "true" } });
    expect(again.status()).toBe(429);
    const [first, second] = [(await refused.json()) as { url: string; error: unknown }, (await again.json()) as { url: string; error: unknown }];
    expect(second.error).toEqual(first.error);
    expect(new URL(second.url).origin + new URL(second.url).pathname).toBe(new URL(first.url).origin + new URL(first.url).pathname);
    for (const name of ["content-type", "cache-control", "content-security-policy", "x-content-type-options", "referrer-policy", "x-frame-options", "permissions-policy"]) {
      expect(again.headers()[name], name).toBe(refused.headers()[name]);
    }

    await page.goto("/sign-in");
    await fillSignInForm(page, email, "another-guess");
    await expect(page.getByTestId("sign-in-error")).toHaveText(/Too many failed sign-ins for this account or network\. Try again in \d+ minutes?\./);
  });
});
