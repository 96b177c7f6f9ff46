import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Two of the page tour's standing rules, as functions a spec calls on the page it shows: no number
 * breaks across lines, and no panel or popover opens past either edge of the window.
 */

/**
 * Every number, amount and date in the page's visible text that the layout broke across lines
 * ("$14.2" above "369"), as "text on n lines". A token's lines are the distinct tops of its text
 * range's boxes, so one pass over the text nodes measures them all without moving anything.
 */
export async function wrappedNumbers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const month = "(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
    // A date ("Oct 30, 2026", "Oct 2026", "2026-10-30"), a time, then a number or amount
    // ("-$1,234.5", "$12M", "2.5%"), never a run of digits inside a word or an id.
    const token = new RegExp(
      `${month} \\d{1,2}, \\d{4}|${month} \\d{4}|\\d{4}-\\d{2}-\\d{2}|\\d{2}:\\d{2}|(?<![\\w.,$])[-−]?\\$?\\d(?:[\\d,]*\\d)?(?:\\.\\d+)?[KMBT%]?(?![\\w])`,
      "g",
    );
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => {
        const parent = node.parentElement;
        // SVG text never wraps; scripts and form fields are not laid-out text.
        if (!parent || parent.closest("svg, script, style, noscript, textarea, select, option")) return NodeFilter.FILTER_REJECT;
        return /\d/.test(node.nodeValue ?? "") ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT;
      },
    });
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue ?? "";
      for (const match of text.matchAll(token)) {
        if (match[0].length < 2) continue;
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) found.push(`"${match[0]}" on ${tops.size} lines`);
      }
    }
    return found;
  });
}

/**
 * Opens every kind of disclosure the page shows (a button with `aria-expanded`: the bell, the
 * phone's menu, filter and column popovers, a row's menu, a rounded amount's toggletip; one of
 * each kind, named by its test id or label) and reports each panel that reaches past the
 * window's left or right edge or makes the page wider, then closes it again. Kinds in `checked`
 * (the header's, met on every page) are skipped, and the ones checked here added to it.
 */
export async function panelsPastTheEdges(page: Page, checked = new Set<string>()): Promise<string[]> {
  // Marks the first button of each kind not yet checked (`data-tour-trigger`: its index in the list).
  const tag = (known?: string[]) =>
    page.evaluate(
      ({ skip, known }) => {
        const kinds: string[] = known ?? [];
        for (const button of document.querySelectorAll<HTMLElement>('button[aria-expanded="false"]')) {
          const box = button.getBoundingClientRect();
          // Swagger UI's own expanders (/docs/api) open sections in place, not panels.
          if (box.width === 0 || box.height === 0 || button.closest(".swagger-ui")) continue;
          const kind = button.dataset.testid ?? button.getAttribute("aria-label") ?? button.textContent?.trim() ?? "";
          // Tagging again (`known`): every kind of the list, the one being retried too (already in `checked`).
          if (!known && (skip.includes(kind) || kinds.includes(kind))) continue;
          if (!known) kinds.push(kind);
          const index = kinds.indexOf(kind);
          if (index >= 0 && !document.querySelector(`[data-tour-trigger="${index}"]`)) button.dataset.tourTrigger = String(index);
        }
        return kinds;
      },
      { skip: [...checked], known },
    );
  const kinds = await tag();
  const found: string[] = [];
  for (const [i, kind] of kinds.entries()) {
    checked.add(kind);
    const trigger = page.locator(`[data-tour-trigger="${i}"]`);
    const open = async () => {
      await trigger.click({ timeout: 3_000 });
      await expect(trigger).toHaveAttribute("aria-expanded", "true", { timeout: 3_000 });
    };
    // Once more on a page redrawn since it was tagged (a phone's swap from the table to cards
    // after hydration, a live redraw): the button tagged may have left the document, and the
    // click may have opened the panel of the button that replaced it (Escape closes it, so the
    // new button is tagged as closed and opened again). Last, on the page drawn afresh: CI saw a
    // row menu of the 390 px /indications refuse both, which no local run reproduced.
    const again = () => page.keyboard.press("Escape").then(() => tag(kinds)).then(open);
    const opened = await open()
      .catch(again)
      .catch(async () => {
        await freshPage(page);
        await tag(kinds);
        await open();
      })
      .then(
        () => true,
        () => false,
      );
    if (!opened) {
      found.push(`"${kind}" did not open (${await whatIsHit(trigger)})`);
      continue;
    }
    // Its panel in the next frame, where it has been placed.
    const where = await trigger.evaluate(
      (button) =>
        new Promise<{ left: number; right: number; wide: number; window: number } | null>((done) =>
          requestAnimationFrame(() => {
            // The panel it controls, or the sheet it opened (a dialog).
            const panel = document.getElementById(button.getAttribute("aria-controls") ?? "") ?? document.querySelector("dialog[open], [role=dialog]");
            // A toggletip's id is on an inline wrapper around its fixed bubble: the bubble's box.
            const box = (panel?.getBoundingClientRect().width === 0 ? panel.firstElementChild : panel)?.getBoundingClientRect();
            done(box ? { left: box.left, right: box.right, wide: document.documentElement.scrollWidth, window: window.innerWidth } : null);
          }),
        ),
    );
    if (where === null) found.push(`"${kind}" names no panel`);
    else if (where.left < -0.5 || where.right > where.window + 0.5 || where.wide > where.window) {
      found.push(`"${kind}" panel spans ${Math.round(where.left)} to ${Math.round(where.right)} px of ${where.window} (page ${where.wide} px wide)`);
    }
    await page.keyboard.press("Escape");
    const closed = (await trigger.getAttribute("aria-expanded")) !== "true" || (await trigger.click({ timeout: 2_000 }).then(() => true, () => false));
    if (!closed) {
      // A sheet whose own button is under its backdrop: start again from a fresh page.
      await freshPage(page);
      await tag(kinds);
    }
  }
  return found;
}

/**
 * The page loaded again, counted as drawn as the tour counts it: once its header's bell has opened
 * the live stream and, on a phone, its rows have swapped from the table to cards.
 */
async function freshPage(page: Page): Promise<void> {
  const drawn = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/v1/my/stream", { timeout: 15_000 });
  await page.reload();
  await drawn;
  await page.waitForFunction(() => window.innerWidth >= 640 || !document.querySelector("main [data-testid=table-scroll] [data-testid=table-row]"), null, { timeout: 10_000 }).catch(() => undefined);
}

/** Why a click may not have reached a button: where the page is, and what is on top at the button's centre. */
async function whatIsHit(trigger: Locator): Promise<string> {
  const where = await trigger
    .evaluate((button) => {
      const box = button.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      const name = (el: Element | null) => (el ? `${el.tagName.toLowerCase()}${el.getAttribute("data-testid") ? `[${el.getAttribute("data-testid")}]` : ""}` : "nothing");
      return `at ${Math.round(box.left)},${Math.round(box.top)} ${Math.round(box.width)}x${Math.round(box.height)}, on top: ${top === button || button.contains(top) ? "the button" : name(top)}, aria-expanded ${button.getAttribute("aria-expanded")}`;
    }, null, { timeout: 2_000 })
    .catch(() => "the button is gone");
  return `${trigger.page().url()}: ${where}`;
}
