import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { getEngine } from "@/lib/db/client";
import type { Engine } from "@/lib/db/engine";
import { indicationList } from "@/lib/indications/queries";
import { indicationExportParamsSchema } from "@/lib/indications/schema";
import { parseQuery } from "@/lib/schema/params";
import { TEAMS } from "@/lib/testing/fixtures/accounts";
import { teamIndications } from "@/lib/testing/fixtures/indications";
import { csvRecord } from "@/lib/domain/csv";
import { csvStream, WHOLE_LIST } from "./csv";

/**
 * The hand-written CSV writer (lib/http/csv.ts) read back by a CSV parser (csv-parse), and the
 * export stream's reading: a chunk is read only when the one before was taken, and a reader that
 * cancels (a client that hangs up) ends the reading. The route tests (app/api/v1/csv-export.test.ts)
 * check the exports' rows against the JSON lists.
 */

describe("csvRecord", () => {
  it("writes fields a CSV parser reads back exactly (RFC 4180: commas, quotes, CR, LF, CRLF, UTF-8, empty)", () => {
    const records = [
      ["plain", "", "a,b", 'say "hi"', '"', "line\nbreak", "cr\ronly", "crlf\r\nend", " padded ", "Zürich 東京 🚀", "''"],
      ["1234567890123456.78", "0.00000001", "2026-11-27T08:00:00.000Z", "true", "[\"direct\",\"spv\"]", "", "", "", "", "", ""],
    ];
    const text = records.map(csvRecord).join("");
    expect(text.endsWith("\r\n")).toBe(true);
    expect(parse(text, { relax_column_count: false })).toEqual(records);
    // Quoted only where needed; decimals and timestamps as they are.
    expect(csvRecord(["a", "b,c", 'd"e', "1.5"])).toBe('a,"b,c","d""e",1.5\r\n');
  });
});

/** The real engine, its statements counted. */
function counting(engine: Engine) {
  const counter = { statements: 0, engine: { ...engine } as Engine };
  counter.engine.run = ((...args: Parameters<Engine["run"]>) => {
    counter.statements++;
    return engine.run(...args);
  }) as Engine["run"];
  const rows = engine.rows;
  if (rows) {
    counter.engine.rows = (sql) => {
      counter.statements++;
      return rows(sql);
    };
  }
  return counter;
}

const ALPHA_INDICATIONS = teamIndications("alpha").length;

function alphaIndications() {
  const query = parseQuery(indicationExportParamsSchema, new URLSearchParams());
  if (!query.ok) throw query.error;
  return indicationList(TEAMS.alpha.id, { ...query.value, ...WHOLE_LIST });
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("csvStream", () => {
  it("reads a chunk only when the one before has been taken", async () => {
    const counter = counting(getEngine());
    const stream = await csvStream(counter.engine, alphaIndications(), 5);
    await tick();
    expect(counter.statements).toBe(1); // the first chunk, read before answering
    const reader = stream.getReader();
    await reader.read();
    await tick();
    expect(counter.statements).toBe(1);
    await reader.read();
    await tick();
    expect(counter.statements).toBe(2);
    await reader.cancel();
  });

  it("stops reading when the reader cancels (a client that hangs up)", async () => {
    expect(ALPHA_INDICATIONS).toBeGreaterThan(20);
    const counter = counting(getEngine());
    const reader = (await csvStream(counter.engine, alphaIndications(), 5)).getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    const after = counter.statements;
    await tick();
    expect(counter.statements).toBe(after);
    expect(after).toBeLessThan(ALPHA_INDICATIONS / 5);
  });

  it("read to the end, streams every row in ⌈rows / chunk⌉ statements", async () => {
    const counter = counting(getEngine());
    const text = await new Response(await csvStream(counter.engine, alphaIndications(), 5)).text();
    const [, ...rows] = parse(text) as string[][];
    expect(rows).toHaveLength(ALPHA_INDICATIONS);
    expect(counter.statements).toBe(Math.floor(ALPHA_INDICATIONS / 5) + 1);
  });
});
