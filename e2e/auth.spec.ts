import { ACCOUNTS } from "./support/env";
import { expect, fillSignInForm, hydrated, shot, test } from "./support/fixtures";

test.describe("sign-in", () => {
  test("a page without a session redirects to sign-in and back to the page (callbackUrl)", async ({ page }) => {
    const target = "/indications?side=bid&sort=-price_per_share";
    await page.goto(target);

    await expect(page).toHaveURL((url) => url.pathname === "/sign-in" && url.searchParams.get("callbackUrl") === target);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();

    await fillSignInForm(page, ACCOUNTS.broker);

    await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === target);
    await expect(page.getByRole("heading", { level: 1, name: "Indications" })).toBeVisible();
    // The header names the user, the team and the role.
    await expect(page.getByTestId("current-user-name")).toHaveText("Avery Chen");
    await expect(page.getByTestId("current-user-team")).toHaveText("Alpha");
    await expect(page.getByTestId("current-user-role")).toHaveText("Broker");
    // Navigation (a broker has no Review).
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Companies", "Indications", "Trades", "API keys"]) {
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole("link", { name: "Review" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Indications" })).toHaveAttribute("aria-current", "page");
  });

  test("a wrong password and an unknown e-mail get the same clear message", async ({ page }) => {
    await page.goto("/sign-in");
    const alert = page.getByTestId("sign-in-error");

    async function attempt(email: string, password: string): Promise<string> {
      const answered = page.waitForResponse((r) => r.url().includes("/api/auth/callback/credentials"));
      await fillSignInForm(page, email, password);
      await answered;
      await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
      await expect(alert).toBeVisible();
      await expect(alert).toHaveAttribute("role", "alert");
      return alert.innerText();
    }

    const wrongPassword = await attempt(ACCOUNTS.broker, "not-the-password");
    expect(wrongPassword).toBe("Invalid email or password.");
    await expect(page).toHaveURL(/\/sign-in/);

    const unknownEmail = await attempt("nobody@nowhere.example", "demo-password");
    expect(unknownEmail).toBe(wrongPassword);
    await expect(page).toHaveURL(/\/sign-in/);
    await shot(page, test.info(), "unknown e-mail");

    // Still signed out: a dashboard page sends us back here.
    await page.goto("/companies");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Fcompanies/);
  });

  test("sign-out ends the session", async ({ page }) => {
    await page.goto("/sign-in");
    await fillSignInForm(page, ACCOUNTS.lead);
    await expect(page).toHaveURL(/\/companies$/);
    await expect(page.getByTestId("current-user-role")).toHaveText("Team lead");
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Review" })).toBeVisible();

    const signOut = page.getByRole("button", { name: "Sign out" });
    await hydrated(signOut);
    await signOut.click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.goto("/trades");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Ftrades/);
  });
});
