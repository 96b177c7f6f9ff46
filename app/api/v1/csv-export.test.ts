import { randomUUID } from "node:crypto";
import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/keys";
import { getDb } from "@/lib/db/client";
import { FIXTURE_PASSWORD_HASH, SECRETS } from "@/lib/testing/fixtures/accounts";
import { COMPANIES, SPECIAL_COMPANIES } from "@/lib/testing/fixtures/companies";
import { EDGE_DECIMALS } from "@/lib/testing/fixtures/decimals";
import { csvRecord } from "@/lib/domain/csv";
import { headerOf, recordOf } from "@/lib/testing/csv";
import { callRoute, expectError, fetchAll, type CallResult } from "@/lib/testing/http";
import { GET as indicationsCsv, POST as postIndicationsCsv } from "./my/indications.csv/route";
import { GET as indicationsJson, POST as createIndication } from "./my/indications/route";
import { GET as tradesCsv } from "./my/trades.csv/route";
import { GET as tradesJson, POST as createTrade } from "./my/trades/route";

/**
 * GET /my/indications.csv and /my/trades.csv (issue 15) through the real route handlers: for the
 * same filters, the CSV's records are the JSON list's items (every page of it), field for field
 * and decimal digit for digit (a trade's with its broker); free text that a spreadsheet would run
 * is neutralised.
 */

type Item = Record<string, unknown>;

/** Trades as their export writes them: each JSON item with its broker, the user who recorded it (from the database). */
async function withBrokers(items: Item[]): Promise<Item[]> {
  const rows = await getDb().trade.findMany({ where: { id: { in: items.map((item) => String(item.id)) } }, select: { id: true, user: { select: { id: true, name: true } } } });
  const brokers = new Map(rows.map((row) => [row.id, row.user]));
  return items.map((item) => ({ ...item, broker: brokers.get(String(item.id)) }));
}

function records(result: CallResult): string[][] {
  expect(result.status, result.text.slice(0, 300)).toBe(200);
  expect(result.headers.get("content-type")).toBe("text/csv; charset=utf-8; header=present");
  expect(result.headers.get("cache-control")).toBe("no-store, no-transform");
  expect(result.headers.get("content-disposition")).toMatch(/^attachment; filename="(indications|trades)-\d{4}-\d{2}-\d{2}\.csv"$/);
  expect(result.text.endsWith("\r\n")).toBe(true);
  return parse(result.text, { relax_column_count: false }) as string[][];
}

async function expectSameRows(csv: unknown, json: unknown, resource: string, query: string, key = SECRETS.alphaBroker) {
  const { items: listed, total } = await fetchAll<Item>(json, `/api/v1/my/${resource}${query ? `?${query}` : ""}`, resource, key);
  const items = resource === "trades" ? await withBrokers(listed) : listed;
  const [header, ...rows] = records(await callRoute(csv, `/api/v1/my/${resource}.csv${query ? `?${query}` : ""}`, { key }));
  expect(rows.length, query).toBe(total);
  if (items.length > 0) expect(header).toEqual(headerOf(items[0]));
  expect(rows, query).toEqual(items.map(recordOf));
  return { header, rows, items };
}

describe("GET /my/indications.csv: the JSON list's rows", () => {
  for (const query of ["", "side=bid", "stage=open&sort=price_per_share", "sort=-volume&price_min=10", "structure=spv&sort=created_at", `issuer_id=${SPECIAL_COMPANIES.betaOnly.id}`]) {
    it(`?${query}`, async () => {
      await expectSameRows(indicationsCsv, indicationsJson, "indications", query);
    });
  }

  it("writes the edge decimals digit for digit, and another team's key exports only that team's rows", async () => {
    const { rows, header } = await expectSameRows(indicationsCsv, indicationsJson, "indications", "sort=price_per_share");
    const prices = new Set(rows.map((r) => r[header.indexOf("price_per_share")]));
    const edges = EDGE_DECIMALS.filter((d) => prices.has(d));
    expect(edges.length).toBeGreaterThan(3);
    const beta = await expectSameRows(indicationsCsv, indicationsJson, "indications", "", SECRETS.betaBroker);
    const alphaIds = new Set(rows.map((r) => r[0]));
    expect(beta.rows.some((r) => alphaIds.has(r[0]))).toBe(false);
  });
});

describe("GET /my/trades.csv: the JSON list's rows", () => {
  for (const query of ["", "is_verified=false", "sort=volume", "sign_date_from=2026-01-01&sort=-won_date", "volume_min=1000&volume_max=5000000"]) {
    it(`?${query}`, async () => {
      await expectSameRows(tradesCsv, tradesJson, "trades", query);
    });
  }

  it("names each trade's broker; exported for one broker (user_id, as the review filters), every record is theirs", async () => {
    const all = await expectSameRows(tradesCsv, tradesJson, "trades", "");
    expect(all.header.slice(-2)).toEqual(["broker.id", "broker.name"]);
    const brokers = new Set(all.rows.map((row) => row[all.header.indexOf("broker.id")]));
    expect(brokers.size).toBeGreaterThan(1);
    const [one] = brokers;
    const mine = await expectSameRows(tradesCsv, tradesJson, "trades", `user_id=${one}`);
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(new Set(mine.rows.map((row) => row[mine.header.indexOf("broker.id")]))).toEqual(new Set([one]));
    const user = await getDb().user.findUniqueOrThrow({ where: { id: one } });
    expect(new Set(mine.rows.map((row) => row[mine.header.indexOf("broker.name")]))).toEqual(new Set([user.name]));
  });
});

describe("the exports refuse what the lists refuse", () => {
  it("401 without a caller, 400 naming a bad filter, 400 for page (it exports every row), 405 for POST", async () => {
    expectError(await callRoute(indicationsCsv, "/api/v1/my/indications.csv"), "unauthorized");
    expectError(await callRoute(tradesCsv, "/api/v1/my/trades.csv"), "unauthorized");
    expectError(await callRoute(indicationsCsv, "/api/v1/my/indications.csv?side=sideways", { key: SECRETS.alphaBroker }), "invalid_parameter", "side");
    expectError(await callRoute(tradesCsv, "/api/v1/my/trades.csv?sort=-name", { key: SECRETS.alphaBroker }), "invalid_parameter", "sort");
    expectError(await callRoute(tradesCsv, "/api/v1/my/trades.csv?price_min=1e9", { key: SECRETS.alphaBroker }), "invalid_parameter", "price_min");
    expectError(await callRoute(indicationsCsv, "/api/v1/my/indications.csv?page=2", { key: SECRETS.alphaBroker }), "unknown_parameter", "page");
    expectError(await callRoute(indicationsCsv, "/api/v1/my/indications.csv?per_page=5", { key: SECRETS.alphaBroker }), "unknown_parameter", "per_page");
    expectError(await callRoute(postIndicationsCsv, "/api/v1/my/indications.csv", { key: SECRETS.alphaBroker, method: "POST" }), "method_not_allowed");
  });
});

describe("formula injection and quoting", () => {
  // A team of this file's own, so the shared fixture lists stay as they are.
  const TEAM = { id: randomUUID(), name: `CSV ${Date.now()}` };
  let key: string;
  beforeAll(async () => {
    await getDb().team.create({ data: { ...TEAM, createdAt: new Date() } });
    const id = randomUUID();
    await getDb().user.create({
      data: { id, email: `${id}@csv.test`, name: "CSV", passwordHash: FIXTURE_PASSWORD_HASH, role: "broker", permissions: JSON.stringify(["companies", "indications_manage", "trades_manage"]), teamId: TEAM.id, createdAt: new Date() },
    });
    key = (await createApiKey(getDb(), { userId: id, name: "csv test" })).secret;
  });

  /** An offer whose free text a spreadsheet would run, and edge decimals. */
  const EDGE_OFFER = {
    issuer_id: COMPANIES[0].id,
    side: "offer",
    price_per_share: "1234567890123456.78",
    volume: "0.00000001",
    structure: "direct",
    acceptable_structures: [],
    visibility: "order_book_anonymous",
    stock_type: "secondary",
    stock_class_type: "preferred",
    stock_class: "@SUM(1+1)",
    client_id: "=HYPERLINK(\"http://evil.example\",\"x\")",
    third_party_id: "-2+3",
    details: "+1, said \"Ann\"\r\nsecond line",
  };

  it("neutralises = + - @ tab CR at the start of free text, quotes commas, quotes and line breaks, keeps decimals exact", async () => {
    const body = EDGE_OFFER;
    const created = await callRoute(createIndication, "/api/v1/my/indications", { key, body });
    expect(created.status, created.text).toBe(201);
    const second = await callRoute(createIndication, "/api/v1/my/indications", { key, body: { ...body, client_id: "\rcmd", details: "safe, plain", stock_class: "Series A", third_party_id: null } });
    expect(second.status, second.text).toBe(201);

    const result = await callRoute(indicationsCsv, "/api/v1/my/indications.csv?sort=created_at", { key });
    const [header, ...rows] = records(result);
    expect(rows).toHaveLength(2);
    const byId = (id: unknown) => rows.find((row) => row[header.indexOf("id")] === id)!;
    const first = byId((created.body as { id: string }).id);
    const next = byId((second.body as { id: string }).id);
    const at = (row: string[], name: string) => row[header.indexOf(name)];
    expect(at(first, "client_id")).toBe("'=HYPERLINK(\"http://evil.example\",\"x\")");
    expect(at(first, "stock_class")).toBe("'@SUM(1+1)");
    expect(at(first, "third_party_id")).toBe("'-2+3");
    expect(at(first, "details")).toBe("'+1, said \"Ann\"\r\nsecond line");
    expect(at(first, "private_recipients")).toBe("[]");
    expect(at(first, "price_per_share")).toBe("1234567890123456.78");
    expect(at(first, "volume")).toBe("0.00000001");
    expect(at(first, "structure")).toBe("direct");
    expect(at(first, "acceptable_structures")).toBe("[]");
    expect(at(next, "client_id")).toBe("'\rcmd");
    expect(at(next, "third_party_id")).toBe("");
    // The raw text: CRLF records, the embedded line break and quotes inside one quoted field.
    expect(result.text.split("\r\n")[0]).toBe(header.join(","));
    expect(result.text).toContain('"\'+1, said ""Ann""\r\nsecond line"');
    expect(result.text).toContain('"\'\rcmd"');
    expect(result.text).toContain(",\"safe, plain\",");
    const lone = await callRoute(indicationsCsv, "/api/v1/my/indications.csv?sort=created_at", { key });
    expect(lone.text.split("\r\n").filter((line) => line.length > 0)).toHaveLength(4); // header, two records, one of them two lines

    const trade = await callRoute(createTrade, "/api/v1/my/trades", {
      key,
      body: {
        issuer_id: COMPANIES[1].id,
        price_per_share: "9876543210.12345678",
        volume: "999999999999999999",
        structure: "direct",
        stock_type: "secondary",
        stock_class_type: "common",
        sign_date: "2026-09-30",
        won_date: "2026-10-01",
        attributed_to_owner: true,
        client_id: "@evil",
        verification_officer_name: "\tTab Officer",
        verification_officer_email: "officer@csv.example",
      },
    });
    expect(trade.status, trade.text).toBe(201);
    const [tradeHeader, tradeRow] = records(await callRoute(tradesCsv, "/api/v1/my/trades.csv", { key }));
    expect(tradeRow[tradeHeader.indexOf("client_id")]).toBe("'@evil");
    expect(tradeRow[tradeHeader.indexOf("verification_officer_name")]).toBe("'\tTab Officer");
    expect(tradeRow[tradeHeader.indexOf("price_per_share")]).toBe("9876543210.12345678");
    expect(tradeRow[tradeHeader.indexOf("volume")]).toBe("999999999999999999");
    expect(tradeRow[tradeHeader.indexOf("is_verified")]).toBe("false");
    expect(tradeRow[tradeHeader.indexOf("attributed_to_owner")]).toBe("true");
  });

  it("writes, byte for byte, what the JavaScript CSV writer makes of the JSON list's items (edge text, stored lists not in JSON.stringify's form)", async () => {
    const body = {
      ...EDGE_OFFER,
      issuer_id: COMPANIES[2].id,
      side: "bid",
      structure: undefined,
      acceptable_structures: ["spv_1_layer", "direct"],
      stock_class: "'quoted' start",
      client_id: "only\nLF",
      third_party_id: '"',
      details: "Zürich 東京 🚀, tab\there; -1",
    };
    const created = await callRoute(createIndication, "/api/v1/my/indications", { key, body });
    expect(created.status, created.text).toBe(201);
    // Lists as another writer might have stored them: spaces, \u escapes, an escaped quote.
    await getDb().indication.update({
      where: { id: (created.body as { id: string }).id },
      data: { privateRecipients: '[ "caf\\u00e9@x.example" , "a\\"b@x.example" ]', acceptableStructures: '["spv_1_layer",\n"direct"]', details: "" },
    });
    for (const [csv, json, resource] of [
      [indicationsCsv, indicationsJson, "indications"],
      [tradesCsv, tradesJson, "trades"],
    ] as const) {
      const { items: listed } = await fetchAll<Item>(json, `/api/v1/my/${resource}?sort=created_at`, resource, key);
      const items = resource === "trades" ? await withBrokers(listed) : listed;
      const result = await callRoute(csv, `/api/v1/my/${resource}.csv?sort=created_at`, { key });
      expect(result.status).toBe(200);
      expect(result.text).toBe(csvRecord(headerOf(items[0])) + items.map((item) => csvRecord(recordOf(item))).join(""));
    }
  });
});
