import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { getEngine } from "@/lib/db/client";
import { runPage } from "@/lib/db/page";
import { indicationList } from "@/lib/indications/queries";
import { INDICATION_SORT_FIELDS, indicationListParamsSchema, type Indication } from "@/lib/indications/schema";
import { recordOf } from "@/lib/testing/csv";
import { TEAMS } from "@/lib/testing/fixtures/accounts";
import { SPECIAL_COMPANIES } from "@/lib/testing/fixtures/companies";
import { teamIndications } from "@/lib/testing/fixtures/indications";
import { teamTrades } from "@/lib/testing/fixtures/trades";
import { tradeList } from "@/lib/trades/queries";
import { TRADE_SORT_FIELDS, tradeListParamsSchema, type Trade } from "@/lib/trades/schema";
import { isoMillis } from "./dialect/sqlite";
import { csvChunks, type CsvChunk } from "./export";
import { parseQuery } from "@/lib/schema/params";

/**
 * csvChunks (the CSV export's reader) against the page engine: every chunk boundary, in every
 * sort and direction (the fixtures hold ties on every sort column), must give the very rows of
 * the list read as one page, in its order, none skipped or repeated, each record the JSON API's
 * item as the CSV writes it (lib/testing/csv.ts).
 */

/** The chunks' records, parsed, and each chunk's row count. */
async function collect(chunks: AsyncGenerator<CsvChunk>): Promise<{ records: string[][]; sizes: number[] }> {
  let text = "";
  const sizes: number[] = [];
  for await (const chunk of chunks) {
    text += chunk.text;
    sizes.push(chunk.rows);
  }
  return { records: text === "" ? [] : (parse(text) as string[][]), sizes };
}

function parsed<Q>(result: { ok: true; value: Q } | { ok: false; error: Error }): Q {
  if (!result.ok) throw result.error;
  return result.value;
}

const ALPHA_INDICATIONS = teamIndications("alpha").length;
const ALPHA_TRADES = teamTrades("alpha").length;

describe("csvChunks", () => {
  for (const field of INDICATION_SORT_FIELDS) {
    for (const sort of [field, `-${field}`]) {
      it(`indications sort=${sort}: chunks of 7 are the one-page list`, async () => {
        const query = parsed(parseQuery(indicationListParamsSchema, new URLSearchParams({ sort, per_page: "100" })));
        const list = indicationList(TEAMS.alpha.id, query);
        const whole = JSON.parse((await runPage(getEngine(), { ...list, limit: 10_000 })).itemsJson) as Indication[];
        expect(whole.length).toBe(ALPHA_INDICATIONS);
        const { records, sizes } = await collect(csvChunks(getEngine(), list, 7));
        expect(records.map((r) => r[0])).toEqual(whole.map((r) => r.id));
        expect(records).toEqual(whole.map(recordOf));
        expect(sizes.slice(0, -1).every((n) => n === 7)).toBe(true);
      });
    }
  }

  for (const field of TRADE_SORT_FIELDS) {
    for (const sort of [field, `-${field}`]) {
      it(`trades sort=${sort}, filtered: chunks of 5 are the one-page list`, async () => {
        const query = parsed(parseQuery(tradeListParamsSchema, new URLSearchParams({ sort, is_verified: "false" })));
        const list = tradeList(TEAMS.alpha.id, query);
        const whole = JSON.parse((await runPage(getEngine(), { ...list, limit: 10_000 })).itemsJson) as Trade[];
        expect(whole.length).toBeGreaterThan(10);
        expect(whole.length).toBeLessThan(ALPHA_TRADES);
        const { records } = await collect(csvChunks(getEngine(), list, 5));
        expect(records.map((r) => r[0])).toEqual(whole.map((r) => r.id));
        expect(records).toEqual(whole.map(recordOf));
      });
    }
  }

  it("ends after a chunk that is exactly full, and yields nothing for an empty list", async () => {
    const list = indicationList(TEAMS.alpha.id, parsed(parseQuery(indicationListParamsSchema, new URLSearchParams())));
    const { sizes } = await collect(csvChunks(getEngine(), list, ALPHA_INDICATIONS));
    expect(sizes).toEqual([ALPHA_INDICATIONS]);
    const none = indicationList(TEAMS.alpha.id, parsed(parseQuery(indicationListParamsSchema, new URLSearchParams({ issuer_id: SPECIAL_COMPANIES.betaOnly.id }))));
    expect((await collect(csvChunks(getEngine(), none, 10))).sizes).toEqual([]);
  });
});

describe("isoMillis (SQLite's export timestamps)", () => {
  it("writes what Date#toISOString writes, for any millisecond", () => {
    const samples = [0, 1, 999, 86_399_999, 86_400_000, 951_782_400_000 /* 2000-02-29 */, 4_102_444_799_999, 253_402_300_799_999, 253_402_300_800_000, -1, -86_400_001];
    for (let i = 0; i < 20_000; i++) samples.push(Math.floor(Math.random() * 4_200_000_000_000));
    for (const ms of samples) expect(isoMillis(ms), String(ms)).toBe(new Date(ms).toISOString());
    expect(isoMillis(BigInt(1_763_640_000_123))).toBe(new Date(1_763_640_000_123).toISOString());
  });
});
