/**
 * docs/ui.md's gallery: the top of a few pages of the page tour (e2e/page-tour.spec.ts writes every
 * page, full length, to e2e/screenshots/), as small JPEGs in docs/ui/. Run after `npm run test:e2e`:
 *
 *   npx tsx e2e/support/gallery.ts
 *
 * Chromium scales and compresses them (Debian has no image tools here).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { PROJECT_ROOT } from "./env";
import { SCREENSHOT_DIR } from "./fixtures";

const TOUR = "no-console-noise-nothing-wider-than-the-window-axe-clean";

/** [who, the tour's page name, the gallery's file]: a company, an indication and a trade of the demo data. */
const PICKS: [string, string, string][] = [
  ["broker", "1440-companies", "desktop-companies"],
  ["broker", "1440-companies-a7be02bb-e682-4e9e-9d31-7530398c1425", "desktop-company"],
  ["broker", "1440-indications", "desktop-indications"],
  ["broker", "1440-indications-64b51d3e-059b-4b38-bb10-1c9c72104ea2", "desktop-indication"],
  ["marketplace-ops", "1440-verification", "desktop-verification"],
  ["team-lead", "1440-review", "desktop-review"],
  ["broker", "390-indications", "phone-indications"],
  ["broker", "390-companies-a7be02bb-e682-4e9e-9d31-7530398c1425", "phone-company"],
  ["broker", "390-indications-64b51d3e-059b-4b38-bb10-1c9c72104ea2", "phone-indication"],
  ["marketplace-ops", "390-verification", "phone-verification"],
];

async function main() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium" });
  for (const [who, name, out] of PICKS) {
    const png = readFileSync(path.join(SCREENSHOT_DIR, `page-tour--as-${who}-${TOUR}--${name}.png`)).toString("base64");
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
