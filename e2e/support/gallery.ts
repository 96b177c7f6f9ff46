/**
 * docs/ui.md's gallery: the top of a few pages of the page tour (e2e/page-tour.spec.ts writes every
 * page, full length, to e2e/screenshots/), as small JPEGs in docs/ui/. Run after `npm run test:e2e`:
 *
 *   npx tsx e2e/support/gallery.ts
 *
 * Chromium scales and compresses them (Debian has no image tools here).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { PROJECT_ROOT } from "./env";
import { SCREENSHOT_DIR } from "./fixtures";

const TOUR = "no-console-noise-nothing-wider-than-the-window-axe-clean";

/**
 * [who, the tour's page name, the gallery's file]. A company is a seeded one; `*` stands for the
 * indication the tour opened, the top row of the broker's list, whose id changes from run to run.
 */
const PICKS: [string, string, string][] = [
  ["broker", "1440-companies", "desktop-companies"],
  ["broker", "1440-companies-a7be02bb-e682-4e9e-9d31-7530398c1425", "desktop-company"],
  ["broker", "1440-indications", "desktop-indications"],
  ["broker", "1440-indications-*", "desktop-indication"],
  ["marketplace-ops", "1440-verification", "desktop-verification"],
  ["team-lead", "1440-review", "desktop-review"],
  ["broker", "390-indications", "phone-indications"],
  ["broker", "390-companies-a7be02bb-e682-4e9e-9d31-7530398c1425", "phone-company"],
  ["broker", "390-indications-*", "phone-indication"],
  ["marketplace-ops", "390-verification", "phone-verification"],
];

/** The tour's screenshot of `name` as `who`; a `*` in the name matches the one file that fits. */
function tourShot(who: string, name: string): string {
  const [head, tail = null] = `page-tour--as-${who}-${TOUR}--${name}.png`.split("*");
  const files = readdirSync(SCREENSHOT_DIR).filter((f) => (tail === null ? f === head : f.startsWith(head) && f.endsWith(tail)));
  if (files.length !== 1) throw new Error(`${files.length} screenshots match ${name} as ${who}: run the page tour first`);
  return path.join(SCREENSHOT_DIR, files[0]);
}

async function main() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium" });
  for (const [who, name, out] of PICKS) {
    const png = readFileSync(tourShot(who, name)).toString("base64");
    const phone = name.startsWith("390");
    // The window's first screen: 1,440 x 900 shown at 960 px wide, 390 x 844 as it is.
    const [width, height, shown] = phone ? [390, 844, 390] : [1440, 900, 960];
    const page = await browser.newPage({ viewport: { width: shown, height: Math.round((height * shown) / width) } });
    await page.setContent(`<body style="margin:0"><img style="display:block;width:${shown}px" src="data:image/png;base64,${png}"></body>`);
    await page.screenshot({ path: path.join(PROJECT_ROOT, "docs", "ui", `${out}.jpg`), type: "jpeg", quality: 70 });
    await page.close();
  }
  await browser.close();
}

void main();
