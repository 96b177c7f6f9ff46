import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { rebuildMarks } from "@/lib/marks/rebuild";
import { companyMarkSchema, dayMarkListSchema, deskIndexSchema, deskMembersSchema } from "@/lib/marks/schema";
import { DAY_MARKS_CSV_HEADER } from "@/lib/marks/day-list";
import { utcToday } from "@/lib/market/summary";
import { SECRETS } from "@/lib/testing/fixtures/accounts";
import { callRoute, expectError, expectList, type CallResult } from "@/lib/testing/http";
import { withAppOnOwnDatabase } from "@/lib/testing/own-database";
import { GET as markOf } from "./companies/[company_id]/mark/route";
import { GET as deskIndexOf } from "./indexes/desk-50/route";
import { GET as deskMembersOf } from "./indexes/desk-50/members/route";
import { GET as marksCsv } from "./marks.csv/route";
import { GET as dayMarks } from "./marks/route";

/**
 * GET /marks, /marks.csv, /indexes/desk-50 and its members (issue 46) through the real route
 * handlers, on a database of the file's own with its marks and index rebuilt from the fixture rows.
 */

const own = withAppOnOwnDatabase();
const KEY = SECRETS.alphaBroker;

beforeAll(async () => {
  await rebuildMarks(getDb(), own.database.url);
}, 60_000);

const dayPage = async (query = ""): Promise<CallResult> => callRoute(dayMarks, `/api/v1/marks${query}`, { key: KEY });

describe("GET /marks and /marks.csv", () => {
  it("lists today's mark of every company that has one, as GET /companies/{id}/mark answers it, in pages and by cursor", async () => {
    const first = await dayPage("?per_page=100");
    const list = expectList<unknown>(first, "marks");
    const { marks, total_count } = dayMarkListSchema.parse(first.body);
    expect(total_count).toBeGreaterThan(0);
    expect(marks.every((m) => m.date === utcToday())).toBe(true);
    expect(marks.map((m) => m.company.id)).toEqual(marks.map((m) => m.company.id).sort());
    const { company, ...mark } = marks[0];
    const single = companyMarkSchema.parse((await callRoute(markOf, `/api/v1/companies/${company.id}/mark`, { key: KEY })).body);
    expect(single).toEqual({ company, mark });
    // Page by page, by number then by cursor, the same rows.
    const paged = [];
    for (let page = 1; page <= Math.ceil(total_count / 7); page++) paged.push(...dayMarkListSchema.parse((await dayPage(`?per_page=7&page=${page}`)).body).marks);
    const cursored = [];
    for (let query = "?per_page=7"; ; ) {
      const result = await dayPage(query);
      const body = expectList<unknown>(result, "marks");
      cursored.push(...dayMarkListSchema.parse(result.body).marks);
      if (!body.next_cursor) break;
      expect(result.headers.get("link")).toContain('rel="next"');
      query = `?per_page=7&cursor=${body.next_cursor}`;
    }
    expect(paged.map((m) => m.company.id)).toEqual(cursored.map((m) => m.company.id));
    expect(paged).toHaveLength(total_count);
    expect(list.has_more).toBe(total_count > 100);
  });

  it("answers an empty day before any mark, and the same rows as CSV", async () => {
    expect(dayMarkListSchema.parse((await dayPage("?date=1990-01-01")).body)).toMatchObject({ marks: [], total_count: 0, has_more: false, next_cursor: null });
    const csv = await callRoute(marksCsv, "/api/v1/marks.csv", { key: KEY });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8; header=present");
    expect(csv.headers.get("content-disposition")).toBe(`attachment; filename="marks-${utcToday()}.csv"`);
    const [header, ...records] = parse(csv.text) as string[][];
    expect(header).toEqual(DAY_MARKS_CSV_HEADER);
    const { marks, total_count } = dayMarkListSchema.parse((await dayPage("?per_page=100")).body);
    expect(records).toHaveLength(total_count);
    const cell = (v: unknown) => (v === null ? "" : String(v));
    expect(records.slice(0, marks.length)).toEqual(marks.map(({ company, ...m }) => [company.id, company.name, ...Object.values(m).map(cell)]));
    expect((await callRoute(marksCsv, "/api/v1/marks.csv?date=1990-01-01", { key: KEY })).text).toBe(`${DAY_MARKS_CSV_HEADER.join(",")}\r\n`);
  });
});

describe("GET /indexes/desk-50 and its members", () => {
  it("answers the index from 100 on its base date, and its members, equally weighted", async () => {
    const result = await callRoute(deskIndexOf, "/api/v1/indexes/desk-50", { key: KEY });
    expect(result.status, result.text).toBe(200);
    const { index, values } = deskIndexSchema.parse(result.body);
    expect(index).toMatchObject({ id: "desk-50", name: "Desk 50", base_value: "100" });
    expect(values[0]).toEqual({ date: index.base_date, value: "100" });
    expect(values.at(-1)!.date).toBe(utcToday());
    expect(values.map((v) => v.date)).toEqual(values.map((v) => v.date).sort());
    const window = await callRoute(deskIndexOf, `/api/v1/indexes/desk-50?from=${values[3].date}&to=${values[5].date}`, { key: KEY });
    expect(deskIndexSchema.parse(window.body).values).toEqual(values.slice(3, 6));
    const { members } = deskMembersSchema.parse((await callRoute(deskMembersOf, "/api/v1/indexes/desk-50/members", { key: KEY })).body);
    expect(members.length).toBeGreaterThan(0);
    expect(members.length).toBeLessThanOrEqual(50);
    for (const m of members) expect(m.weight).toBeCloseTo(1 / members.length, 12);
  });
});

describe("the reads' rules", () => {
  const reads = [
    [dayMarks, "/api/v1/marks"],
    [marksCsv, "/api/v1/marks.csv"],
    [deskIndexOf, "/api/v1/indexes/desk-50"],
    [deskMembersOf, "/api/v1/indexes/desk-50/members"],
  ] as const;

  it("refuses a caller without `companies` (403)", async () => {
    for (const [handler, path] of reads) expectError(await callRoute(handler, path, { key: SECRETS.alphaViewer }), "forbidden");
  });

  it("refuses bad dates, reversed ranges, unknown parameters and a bad cursor (400 naming the parameter)", async () => {
    expectError(await dayPage("?date=2026-02-30"), "invalid_parameter", "date");
    expectError(await callRoute(marksCsv, "/api/v1/marks.csv?date=today", { key: KEY }), "invalid_parameter", "date");
    expectError(await callRoute(marksCsv, "/api/v1/marks.csv?page=2", { key: KEY }), "unknown_parameter", "page");
    expectError(await dayPage("?cursor=bm90LWEtY3Vyc29y"), "invalid_parameter", "cursor");
    expectError(await dayPage("?per_page=0"), "invalid_parameter", "per_page");
    expectError(await callRoute(deskIndexOf, "/api/v1/indexes/desk-50?from=2026-03-02&to=2026-03-01", { key: KEY }), "invalid_parameter", "from");
    expectError(await callRoute(deskIndexOf, "/api/v1/indexes/desk-50?to=yesterday", { key: KEY }), "invalid_parameter", "to");
    expectError(await callRoute(deskMembersOf, "/api/v1/indexes/desk-50/members?date=2026-03-01", { key: KEY }), "unknown_parameter", "date");
  });

  it("answers 304 to the ETag it gave while nothing changed", async () => {
    for (const [handler, path] of reads.filter(([, p]) => !p.endsWith(".csv"))) {
      const first = await callRoute(handler, path, { key: KEY });
      const etag = first.headers.get("etag")!;
      expect(etag).toBeTruthy();
      expect((await callRoute(handler, path, { key: KEY, headers: { "if-none-match": etag } })).status).toBe(304);
    }
  });
});
