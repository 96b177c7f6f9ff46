import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { ACCOUNTS } from "./support/env";
import { expect, hydrated, shot, signInAs, test } from "./support/fixtures";
import { decimalColumn, rowCount, rows, table } from "./support/table";

/**
 * Issue 15, "Done when", the CSV download of a table: the Export button downloads the whole set
 * the table shows (its filters and sort), every row the table counts, its first rows the table's
 * own, decimals digit for digit. That the export's records are the API list's items for the same
 * filters, every page of them, field for field (a trade's with its broker) and neutralised for
 * spreadsheets, app/api/v1/csv-export.test.ts proves against the real route handlers.
 */

test.use({ viewport: { width: 1440, height: 900 } });

test("the CSV download holds the table's whole filtered set, its rows in the table's order, decimals digit for digit (/indications, /trades, /review)", async ({ page }, testInfo) => {
  for (const [i, [path, resource, testId]] of (
    [
      ["/indications?side=offer&sort=price_per_share", "indications", "indications-table"],
      ["/trades?is_verified=false&sort=-volume", "trades", "trades-table"],
      ["/review?structure=direct", "trades", "review-trades-table"],
    ] as const
  ).entries()) {
    if (i === 0) await signInAs(page, ACCOUNTS.lead, path);
    else await page.goto(path);
    const t = table(page, testId);
    await hydrated(t.getByTestId("export-csv"));
    const href = (await t.getByTestId("export-csv").getAttribute("href"))!;
    expect(href).toMatch(new RegExp(`^/api/v1/my/${resource}\\.csv\\?`));
    // The page's filters and sort, every one (the review adds its default, verified only).
    const exported = new URL(href, "http://x").searchParams;
    for (const [name, value] of new URL(path, "http://x").searchParams) expect(exported.get(name), `${path}: ${name}`).toBe(value);

    const [download] = await Promise.all([page.waitForEvent("download"), t.getByTestId("export-csv").click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${resource}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const [header, ...records] = parse(readFileSync((await download.path())!, "utf8")) as string[][];
    // Every row the table counts, not its page of 25.
    expect(records.length, path).toBe(await rowCount(t));
    expect(records.length).toBeGreaterThan(25);
    // The API's fields in its order, objects as dotted columns; trades add who booked each row.
    const [item] = ((await (await page.request.get(`/api/v1/my/${resource}?${exported}&per_page=1`)).json()) as Record<string, Record<string, unknown>[]>)[resource];
    const exportOnly = resource === "trades" ? ["broker.id", "broker.name"] : [];
    expect(header).toEqual([...Object.keys(item).flatMap((k) => (k === "issuer" ? ["issuer.id", "issuer.name"] : [k])), ...exportOnly]);
    // The first records are the rows the table shows, in its order, decimals digit for digit.
    const column = (name: string) => header.indexOf(name);
    const ids = await rows(t).evaluateAll((trs) => trs.map((tr) => (tr.getAttribute("data-href") ?? "").split("/").pop()));
    const first = records.slice(0, ids.length);
    expect(first.map((record) => record[column("id")]), path).toEqual(ids);
    expect(first.map((record) => record[column("price_per_share")]), path).toEqual(await decimalColumn(t, "price_per_share"));
    expect(first.map((record) => record[column("volume")]), path).toEqual(await decimalColumn(t, "volume"));
    if (resource === "trades") for (const record of records) expect(record[column("broker.name")]).not.toBe("");
    await shot(page, testInfo, path);
  }
});
