import { describe, expect, it } from "vitest";
import { getEngine } from "@/lib/db/client";
import { runPage } from "@/lib/db/page";
import { indicationList } from "@/lib/indications/queries";
import { INDICATION_SORT_FIELDS, parseIndicationListParams, type Indication } from "@/lib/indications/schema";
import { SPECIAL_COMPANIES, TEAMS, teamIndications, teamTrades } from "@/lib/testing/fixtures";
import { tradeList } from "@/lib/trades/queries";
import { TRADE_SORT_FIELDS, parseTradeListParams, type Trade } from "@/lib/trades/schema";
import { exportChunks } from "./export";
import { exportColumnsOf, type ApiFields } from "./json-sql";

/**
 * exportChunks (the CSV export's reader) against the page engine: every chunk boundary, in every
 * sort and direction (the fixtures hold ties on every sort column), must give the very rows of
 * the list read as one page, in its order, none skipped or repeated, each value as the JSON API
 * writes it.
 */

type Row = Record<string, unknown> & { id: string };

/** The chunks' rows as the API's items: each column's value put back under its field. */
async function collect<T>(fields: ApiFields<T>, chunks: AsyncGenerator<unknown[][]>): Promise<{ items: Row[]; sizes: number[] }> {
  const columns = exportColumnsOf(fields);
  const items: Row[] = [];
  const sizes: number[] = [];
  for await (const chunk of chunks) {
    for (const values of chunk) {
      const item: Record<string, unknown> = {};
      columns.forEach((column, i) => {
        const value = values[i];
        if (column.kind === "refId") item[column.field] = { id: value };
        else if (column.kind === "refName") (item[column.field] as Record<string, unknown>).name = value;
        else if (column.kind === "list") item[column.field] = typeof value === "string" ? JSON.parse(value) : value;
        // JSON's true / false: the text "true" / "false" on SQLite, a boolean from pg.
        else if (column.kind === "boolean") item[column.field] = value === null ? null : String(value) === "true";
        else item[column.field] = value;
      });
      items.push(item as Row);
    }
    sizes.push(chunk.length);
  }
  return { items, sizes };
}

function parsed<Q>(result: { ok: true; value: Q } | { ok: false; error: Error }): Q {
  if (!result.ok) throw result.error;
  return result.value;
}

const ALPHA_INDICATIONS = teamIndications("alpha").length;
const ALPHA_TRADES = teamTrades("alpha").length;

describe("exportChunks", () => {
  for (const field of INDICATION_SORT_FIELDS) {
    for (const sort of [field, `-${field}`]) {
      it(`indications sort=${sort}: chunks of 7 are the one-page list`, async () => {
        const query = parsed(parseIndicationListParams(new URLSearchParams({ sort, per_page: "100" })));
        const list = indicationList(TEAMS.alpha.id, query);
        const whole = JSON.parse((await runPage(getEngine(), { ...list, limit: 10_000 })).itemsJson) as Indication[];
        expect(whole.length).toBe(ALPHA_INDICATIONS);
        const { items, sizes } = await collect(list.fields, exportChunks(getEngine(), list, 7));
        expect(items.map((r) => r.id)).toEqual(whole.map((r) => r.id));
        expect(items).toEqual(whole);
        expect(sizes.slice(0, -1).every((n) => n === 7)).toBe(true);
      });
    }
  }

  for (const field of TRADE_SORT_FIELDS) {
    for (const sort of [field, `-${field}`]) {
      it(`trades sort=${sort}, filtered: chunks of 5 are the one-page list`, async () => {
        const query = parsed(parseTradeListParams(new URLSearchParams({ sort, is_verified: "false" })));
        const list = tradeList(TEAMS.alpha.id, query);
        const whole = JSON.parse((await runPage(getEngine(), { ...list, limit: 10_000 })).itemsJson) as Trade[];
        expect(whole.length).toBeGreaterThan(10);
        expect(whole.length).toBeLessThan(ALPHA_TRADES);
        const { items } = await collect(list.fields, exportChunks(getEngine(), list, 5));
        expect(items.map((r) => r.id)).toEqual(whole.map((r) => r.id));
        expect(items).toEqual(whole);
      });
    }
  }

  it("ends after a chunk that is exactly full, and yields nothing for an empty list", async () => {
    const list = indicationList(TEAMS.alpha.id, parsed(parseIndicationListParams(new URLSearchParams())));
    const { sizes } = await collect(list.fields, exportChunks(getEngine(), list, ALPHA_INDICATIONS));
    expect(sizes).toEqual([ALPHA_INDICATIONS]);
    const none = indicationList(TEAMS.alpha.id, parsed(parseIndicationListParams(new URLSearchParams({ issuer_id: SPECIAL_COMPANIES.betaOnly.id }))));
    expect((await collect(none.fields, exportChunks(getEngine(), none, 10))).sizes).toEqual([]);
  });
});
