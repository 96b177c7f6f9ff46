import type { Page } from "@playwright/test";
import { expect } from "./fixtures";
import { wrappedNumbers } from "./layout-checks";
import { expectAccessible } from "./workflow";

/**
 * Errors and warnings the page logs, and its uncaught exceptions. Not headless Chromium's own
 * fetch of /favicon.ico, which it makes again after the address is replaced (a sort, a filter) and
 * logs as a 404 although the page declares its icon (app/icon.svg; e2e/table-views.spec.ts).
 */
export function consoleErrors(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (message.location().url.endsWith("/favicon.ico")) return;
    if (message.type() === "error" || message.type() === "warning") seen.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => seen.push(`pageerror: ${String(error)}`));
  return seen;
}

/** What every page must be at its width: no sideways scroll, every number on one line, axe clean. */
export async function checkLayout(page: Page, what: string): Promise<void> {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${what}: no sideways scroll` }).toBeLessThanOrEqual(page.viewportSize()!.width);
  expect(await wrappedNumbers(page), `${what}: numbers on one line`).toEqual([]);
  await expectAccessible(page, what);
}
