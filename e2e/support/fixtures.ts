import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, test as base, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Cookie, type Locator, type Page, type TestInfo } from "@playwright/test";
import { DEMO_PASSWORD, PROJECT_ROOT } from "./env";

export const SCREENSHOT_DIR = path.join(PROJECT_ROOT, "e2e", "screenshots");
/**
 * Screenshots are taken locally and, in CI, only with E2E_SCREENSHOTS=1 (docs/ui.md, top);
 * E2E_SCREENSHOTS=0 leaves them out locally too (a run timed as CI runs it).
 */
const CAPTURE = process.env.E2E_SCREENSHOTS === "1" || (!process.env.CI && process.env.E2E_SCREENSHOTS !== "0") ? "yes" : "no";

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 90);
}

/** e2e/screenshots/<spec>--<test title>[--<step>].png */
function screenshotPath(testInfo: TestInfo, step?: string): string {
  const spec = path.basename(testInfo.file).replace(/\.spec\.ts$/, "");
  return path.join(SCREENSHOT_DIR, `${spec}--${slug(testInfo.title)}${step ? `--${slug(step)}` : ""}.png`);
}

/**
 * A full-page screenshot of the page as it is now (an extra one for a named step of a test).
 *
 * First two animation frames must pass: a page whose renderer is stuck (a render loop, a hung
 * script) fails here, as it should. Not Playwright's `fullPage`: Chromium's capture beyond the
 * viewport resizes the page to 1×1 px and back, which crosses the phone breakpoint, so `usePhone`
 * swaps the layout and back and every control of the swapped part is mounted anew (an open menu
 * closes, the focused button is replaced; a test that goes on from the step fails). The viewport
 * is made as tall as the page instead (its width, hence the layout, unchanged) and put back after.
 */
export async function shot(page: Page, testInfo: TestInfo, step?: string): Promise<void> {
  await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));
  // In CI nobody looks at them (a failure has Playwright's own screenshot and trace): the frames
  // are checked, the capture (a second or more for a tall page) is left out unless asked for.
  if (CAPTURE === "no") return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  const tall = viewport !== null && height > viewport.height;
  // Chromium's largest capture; a taller page is cut there.
  if (tall) await page.setViewportSize({ width: viewport.width, height: Math.min(height, 16_384) });
  try {
    await page.screenshot({ path: screenshotPath(testInfo, step), animations: "disabled" });
  } finally {
    if (tall) await page.setViewportSize(viewport);
  }
}

/**
 * A stand-in for the React DevTools hook (installed before any page script runs): React reports
 * every commit to it, production builds included, so a test can tell when a server-rendered
 * control has really been hydrated (see `hydrated`).
 */
function installReactCommitHook(): void {
  const w = window as unknown as Record<string, unknown>;
  const roots = new Set<unknown>();
  w.__e2eReactRoots = roots;
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    onCommitFiberRoot: (_renderer: unknown, root: unknown) => roots.add(root),
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    setStrictMode: () => {},
    checkDCE: () => {},
  };
}

/**
 * The project's `test`: every test ends with a full-page screenshot of its page (pass or fail), so
 * a reviewer can look at every page the suite visited.
 */
/** A browser context of another person, with the hook `hydrated` reads (the fixture's own context has it already). */
export async function newPersonContext(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript(installReactCommitHook);
  return context;
}

export const test = base.extend<{ finalScreenshot: void }>({
  // (The fixture callback is named `provide`, not `use`: the React hooks lint rule would take it
  // for React's `use`.)
  context: async ({ context }, provide) => {
    await context.addInitScript(installReactCommitHook);
    await provide(context);
  },
  finalScreenshot: [
    async ({ page }, provide, testInfo) => {
      await provide();
      if (page.isClosed()) return;
      try {
        await shot(page, testInfo);
      } catch (error) {
        testInfo.annotations.push({ type: "screenshot-failed", description: String(error) });
      }
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Signs in through next-auth's credentials endpoint (as a browser form post would), which puts the
 * session cookie into the page's browser context. Used where the sign-in form itself is not what
 * the test is about; the form has its own tests.
 */
export async function signInViaApi(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<void> {
  const csrf = await request.get("/api/auth/csrf");
  expect(csrf.ok()).toBeTruthy();
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await request.post("/api/auth/callback/credentials", {
    form: { csrfToken, email, password, json: "true" },
    maxRedirects: 0,
  });
  expect([200, 302]).toContain(response.status());
  const session = await request.get("/api/auth/session");
  const body = (await session.json()) as { user?: { email?: string } };
  expect(body.user?.email, `signed in as ${email}`).toBe(email);
}

/**
 * Waits until React has hydrated an element: its fiber is part of a committed React tree. The
 * production pages are server-rendered, so a control is visible before its handlers work; a click
 * in that window is lost (or submits a form natively). Call this before the first interaction
 * with a client control after each full page load.
 */
export async function hydrated(locator: Locator): Promise<void> {
  await expect(locator.first()).toBeVisible();
  await expect
    .poll(
      () =>
        locator.first().evaluate((el) => {
          type Fiber = { stateNode: unknown; child: Fiber | null; sibling: Fiber | null };
          const roots = (window as unknown as { __e2eReactRoots?: Set<{ current: Fiber }> }).__e2eReactRoots;
          for (const root of roots ?? []) {
            const stack: Fiber[] = [root.current];
            while (stack.length > 0) {
              const fiber = stack.pop()!;
              if (fiber.stateNode === el) return true;
              if (fiber.child) stack.push(fiber.child);
              if (fiber.sibling) stack.push(fiber.sibling);
            }
          }
          return false;
        }),
      { message: "the control is hydrated (in a committed React tree)" },
    )
    .toBe(true);
}

/**
 * Each demo user's sign-in state (the context's cookies after signing in, as Playwright's
 * `storageState` holds them), kept for the worker's later tests: a test about something other
 * than signing in starts signed in, without a sign-in of its own (three requests and a bcrypt
 * check each). The sign-in itself is tested by e2e/auth.spec.ts and e2e/security.spec.ts, with
 * the form and fresh contexts.
 */
const signedIn = new Map<string, Cookie[]>();

async function freshSignIn(page: Page, email: string): Promise<void> {
  await page.context().clearCookies();
  await signInViaApi(page.request, email);
  signedIn.set(email, (await page.context().storageState()).cookies);
}

/**
 * Signs the page's browser context in as `email` (a demo user, with the demo password) and opens
 * `path`. The user's sign-in state is shared between the worker's tests; a session that has ended
 * since (sign-out ends all of a user's sessions: lib/auth/sessions.ts) sends the page to /sign-in,
 * and the user is then signed in afresh.
 */
export async function signInAs(page: Page, email: string, path = "/companies"): Promise<void> {
  const state = signedIn.get(email);
  if (state) {
    await page.context().clearCookies();
    await page.context().addCookies(state);
  } else await freshSignIn(page, email);
  await page.goto(path);
  if (state && new URL(page.url()).pathname === "/sign-in") {
    await freshSignIn(page, email);
    await page.goto(path);
  }
  await expect(page.getByTestId("current-user")).toBeVisible();
}

/**
 * Signs the page's browser context in as `email` without opening a page (the shared sign-in
 * state of `signInAs`, checked with next-auth's session endpoint, which answers an ended session
 * as signed out: app/api/auth/[...nextauth]/route.ts).
 */
export async function useSession(page: Page, email: string): Promise<void> {
  const state = signedIn.get(email);
  if (state) {
    await page.context().clearCookies();
    await page.context().addCookies(state);
    const session = (await (await page.request.get("/api/auth/session")).json()) as { user?: { email?: string } };
    if (session.user?.email === email) return;
  }
  await freshSignIn(page, email);
}

/** Signs in with the form on /sign-in (the page must already show it). */
export async function fillSignInForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await hydrated(page.getByRole("button", { name: "Sign in" }));
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}
