import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Locator, Page, TestInfo } from "@playwright/test";
import { fetchAll } from "./api";
import { expect, shot } from "./fixtures";

/**
 * What issue 13's workflow specs share (e2e/indication-workflow.spec.ts, e2e/trade-workflow.spec.ts):
 * the API's shapes they read back, the form's screenshots at both sizes, axe on a form, and the
 * form's company typeahead.
 */

export interface Company {
  id: string;
  name: string;
}
export interface ApiIndication {
  id: string;
  permalink_id: string;
  price_per_share: string;
  volume: string;
  stage: string;
}
export interface ApiTrade {
  id: string;
  permalink_id: string;
  volume: string;
  is_verified: boolean;
  issuer: Company;
}
export interface HistoryEvent {
  action: string;
  actor: { via: string; email: string; name: string };
  changes: Record<string, { from: unknown; to: unknown }>;
}

export const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A form state at both sizes the issue asks for; the dialog stays open across the resize. */
export async function shotBothSizes(page: Page, testInfo: TestInfo, step: string) {
  await page.setViewportSize(DESKTOP);
  await shot(page, testInfo, `${step}-1440x900`);
  await page.setViewportSize(PHONE);
  await shot(page, testInfo, `${step}-390x844`);
  await page.setViewportSize(DESKTOP);
}

/** No serious or critical axe violation on what the page shows now (or in `include`, e.g. the open form). */
export async function expectAccessible(page: Page, what: string, include?: string) {
  // A refresh after a step re-renders the page's metadata: axe once the title is back (a page
  // without one still fails here, by name). CI once caught the queue between the two.
  await expect(page, `the title of ${what}`).toHaveTitle(/\S/);
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join("; ")})`),
    `axe on ${what}`,
  ).toEqual([]);
}

export const openDialog = (page: Page) => page.locator("dialog[open]");

/** A company whose name no other company has (so the form's typeahead picks it by its name). */
export async function uniqueCompany(request: APIRequestContext): Promise<Company> {
  const list = await fetchAll<Company>(request, "/api/v1/companies", "companies", null, { q: "a" });
  const { id, name } = list.find((c) => list.filter((o) => o.name === c.name).length === 1)!;
  return { id, name };
}

/** Picks a company in the form's typeahead by its exact name. */
export async function chooseCompany(dialog: Locator, name: string) {
  const input = dialog.getByTestId("field-issuer_id");
  await input.fill(name);
  await expect(dialog.locator(`datalist option[value="${name.replace(/"/g, '\\"')}"]`)).toHaveCount(1);
  await input.press("Tab");
}

export async function historyOf(page: Page, kind: "indications" | "trades", id: string): Promise<HistoryEvent[]> {
  const response = await page.request.get(`/api/v1/my/${kind}/${id}/history`);
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { events: HistoryEvent[] }).events;
}
