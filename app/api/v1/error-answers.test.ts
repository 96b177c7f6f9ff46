import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { companyListParamsSchema } from "@/lib/companies/schema";
import { eventFeedParamsSchema } from "@/lib/audit/events";
import { indicationExportParamsSchema, indicationListParamsSchema } from "@/lib/indications/schema";
import { FIXED_FIELDS as INDICATION_FIXED, WRITABLE_FIELDS as INDICATION_FIELDS } from "@/lib/indications/write-schema";
import { companyTradeListParamsSchema, orderBookParamsSchema } from "@/lib/market/schema";
import { anchorOf } from "@/lib/docs/anchor";
import { apiReferenceHtml } from "@/lib/docs/reference";
import { openApiDocument } from "@/lib/openapi/openapi";
import { API_DOCS_PATH } from "@/lib/schema/error-body.mjs";
import { ApiError, ERROR_CODES, type ErrorCode } from "@/lib/schema/errors";
import { docUrlOf } from "@/lib/schema/error-body.mjs";
import { historyParamsSchema } from "@/lib/schema/history-params";
import { opsTradeListParamsSchema, tradeExportParamsSchema, tradeListParamsSchema } from "@/lib/trades/schema";
import { dealExportParamsSchema } from "@/lib/deals/schema";
import { FIXED_FIELDS as TRADE_FIXED, WRITABLE_FIELDS as TRADE_FIELDS } from "@/lib/trades/write-schema";
import { SECRETS } from "@/lib/testing/fixtures/accounts";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { fixtureUuid } from "@/lib/testing/fixtures/ids";
import { teamIndications } from "@/lib/testing/fixtures/indications";
import { teamTrades } from "@/lib/testing/fixtures/trades";
import { VALIDATOR_PHRASES, callRoute, expectError, expectErrorBody, type CallResult } from "@/lib/testing/http";
// @ts-expect-error a plain ES module of the server, without type declarations
import { badRequestBytes, errorAnswer, expectationFailed, refuseEdge } from "@/server/edges.mjs";
import * as companiesModule from "./companies/route";
import * as companyModule from "./companies/[company_id]/route";
import * as orderBookModule from "./companies/[company_id]/order_book/route";
import * as companyTradesModule from "./companies/[company_id]/trades/route";
import * as indicationsModule from "./my/indications/route";
import * as indicationsCsvModule from "./my/indications.csv/route";
import * as indicationModule from "./my/indications/[id]/route";
import * as indicationHistoryModule from "./my/indications/[id]/history/route";
import * as refreshModule from "./my/indications/[id]/refresh/route";
import * as closeModule from "./my/indications/[id]/close/route";
import * as tradesModule from "./my/trades/route";
import * as tradesCsvModule from "./my/trades.csv/route";
import * as dealsCsvModule from "./my/deals.csv/route";
import * as tradeModule from "./my/trades/[id]/route";
import * as tradeHistoryModule from "./my/trades/[id]/history/route";
import * as eventsModule from "./my/events/route";
import * as opsTradesModule from "./ops/trades/route";
import * as verifyModule from "./ops/trades/[id]/verify/route";
import * as unverifyModule from "./ops/trades/[id]/unverify/route";

/**
 * Errors a person can act on (issue 30), through the real route handlers on the test database:
 * every problem of a request in one answer (`errors`, the first also as code/message/param),
 * messages worded for people and never by the validator, and a `doc_url` that leads to the code's
 * entry in docs/api.md. The shape itself is checked on every error of every suite (expectError).
 */

const KEY = SECRETS.alphaBroker;
const COMPANY = COMPANIES[0].id;
const INDICATION = teamIndications("alpha")[0].id;
const TRADE = teamTrades("alpha")[0].id;
// Writes go to ids nobody has: a 400 comes first, and nothing of the shared fixture can change.
const NO_INDICATION = fixtureUuid("error answers: no indication");
const NO_TRADE = fixtureUuid("error answers: no trade");

type Body = { error: { code: string; message: string; param: string | null; errors: { param: string; code: string; message: string }[]; doc_url: string } };
const errorOf = (result: CallResult) => (result.body as Body).error;

/** Every message of an answer starts with the name of its parameter (quoted when the caller made it up). */
function expectNamed(result: CallResult): void {
  for (const { param, message } of errorOf(result).errors) {
    expect(message.startsWith(`${param} `) || message.startsWith(`${JSON.stringify(param)} `), `${param}: ${message}`).toBe(true);
    expect(message, param).toMatch(/[.?]$/);
  }
}

describe("every problem of a request in one answer", () => {
  it("a body with three mistakes answers all three, the first also as error.param and error.message", async () => {
    const result = await callRoute(tradesModule.POST, "/api/v1/my/trades", {
      key: KEY,
      body: {
        issuer_id: COMPANY,
        price_per_share: 41.25,
        volume: "2500000",
        structure: "direct",
        stock_type: "secondary",
        stock_class_type: "preferred",
        sign_date: "2026-02-30",
        won_date: "2026-03-09",
        verification_officer_name: "Dana Officer",
        verification_officer_email: "dana@bank.example",
        colour: "red",
      },
    });
    expectError(result, "invalid_parameter", "price_per_share");
    const error = errorOf(result);
    expect(error.errors.map((e) => e.param)).toEqual(["price_per_share", "sign_date", "colour"]);
    expect(error.errors.map((e) => e.code)).toEqual(["invalid_parameter", "invalid_parameter", "invalid_parameter"]);
    expect(error.message).toBe(error.errors[0].message);
    expect(error.errors[0].message).toBe('price_per_share must be a decimal number written as a JSON string, like "12.50", not the number 41.25 (a JSON number may already have lost digits).');
    expect(error.errors[1].message).toBe('sign_date must be a calendar date written YYYY-MM-DD, like 2026-03-09; got "2026-02-30".');
    expect(error.errors[2].message).toMatch(/^"colour" is not a field of this body/);
    expect(error.doc_url).toBe("/docs/api.md#invalid_parameter");
    expectNamed(result);
  });

  it("an empty create names every required field, in the order of the schema", async () => {
    const result = await callRoute(indicationsModule.POST, "/api/v1/my/indications", { key: KEY, body: {} });
    expectError(result, "invalid_parameter", "issuer_id");
    const { errors } = errorOf(result);
    expect(errors.map((e) => e.param)).toEqual(["issuer_id", "price_per_share", "volume", "stock_type", "stock_class_type", "side", "visibility"]);
    for (const e of errors) expect(e.message).toMatch(new RegExp(`^${e.param} is required: .+\\.$`));
    expect(errors.find((e) => e.param === "side")?.message).toBe("side is required: bid or offer.");
    expect(errors.find((e) => e.param === "visibility")?.message).toBe("visibility is required: one of order_book_public, order_book_anonymous, private.");
  });

  it("the rules between fields that can be judged come with the fields' own problems", async () => {
    const body = {
      issuer_id: COMPANY,
      side: "bid",
      price_per_share: "12,5",
      volume: "1000",
      minimum_volume: "2000",
      acceptable_structures: [],
      visibility: "order_book_public",
      stock_type: "secondary",
      stock_class_type: "preferred",
    };
    const result = await callRoute(indicationsModule.POST, "/api/v1/my/indications", { key: KEY, body });
    expectError(result, "invalid_parameter", "price_per_share");
    expect(errorOf(result).errors.map((e) => `${e.param}: ${e.message}`)).toEqual([
      'price_per_share: price_per_share must be a decimal number like "1250.50": digits with at most one point (no commas or spaces), at most 18 digits before the point and 8 after; got "12,5".',
      "minimum_volume: minimum_volume must not exceed volume (1000).",
      "acceptable_structures: acceptable_structures must list at least one structure for a bid: the structures it would accept.",
    ]);
  });

  it("a change merged into the resource names every rule it breaks", async () => {
    const offer = teamIndications("alpha").find((r) => r.side === "offer" && r.stage === "open" && r.visibility !== "private");
    expect(offer).toBeDefined();
    // Both rules judge the merged indication: nothing is written.
    const result = await callRoute(indicationModule.PATCH, `/api/v1/my/indications/${offer!.id}`, {
      key: KEY,
      method: "PATCH",
      body: { structure: null, private_recipients: ["a@b.example"] },
    });
    expectError(result, "invalid_parameter", "structure");
    expect(errorOf(result).errors.map((e) => e.param)).toEqual(["structure", "private_recipients"]);
    expectNamed(result);
  });

  it("a query with an unknown parameter and a bad value lists both: the schema's parameters first, then the unknown ones", async () => {
    const result = await callRoute(indicationsModule.GET, "/api/v1/my/indications?colour=red&side=sell&per_pag=5&page=0", { key: KEY });
    expectError(result, "invalid_parameter", "page");
    expect(errorOf(result).errors).toEqual([
      { param: "page", code: "invalid_parameter", message: 'page must be an integer from 1 to 10000000; got "0".' },
      { param: "side", code: "invalid_parameter", message: 'side must be one or more of bid, offer (comma-separated); got "sell".' },
      { param: "colour", code: "unknown_parameter", message: '"colour" is not a query parameter of this endpoint: check its spelling against the API reference, or leave it out.' },
      { param: "per_pag", code: "unknown_parameter", message: '"per_pag" is not a query parameter of this endpoint: did you mean per_page?' },
    ]);
  });

  it("an unknown parameter alone keeps its code; a parameter given twice is one problem of that parameter", async () => {
    const unknown = await callRoute(tradesModule.GET, "/api/v1/my/trades?is_verifed=true", { key: KEY });
    expectError(unknown, "unknown_parameter", "is_verifed");
    expect(errorOf(unknown).message).toBe('"is_verifed" is not a query parameter of this endpoint: did you mean is_verified?');
    const twice = await callRoute(tradesModule.GET, "/api/v1/my/trades?structure=direct&structure=spv&structure=x", { key: KEY });
    expectError(twice, "invalid_parameter", "structure");
    expect(errorOf(twice).errors).toHaveLength(1);
  });

  it("a route without query parameters names each one it was sent", async () => {
    const result = await callRoute(indicationModule.GET, `/api/v1/my/indications/${INDICATION}?a=1&b=2&a=3`, { key: KEY });
    expectError(result, "unknown_parameter", "a");
    expect(errorOf(result).errors.map((e) => e.param)).toEqual(["a", "b"]);
    expect(errorOf(result).message).toBe('"a" is not a query parameter of this endpoint, which takes none: leave it out.');
  });

  it("a write with a bad query and a bad body names both, the query's first; a 415 waits for the query to be right", async () => {
    const change = await callRoute(indicationModule.PATCH, `/api/v1/my/indications/${NO_INDICATION}?dry_run=1`, {
      key: KEY,
      method: "PATCH",
      body: { price_per_share: "abc", volume: -1 },
    });
    expectError(change, "unknown_parameter", "dry_run");
    expect(errorOf(change).errors.map((e) => e.param)).toEqual(["dry_run", "price_per_share", "volume"]);
    const create = await callRoute(tradesModule.POST, "/api/v1/my/trades?team=beta", { key: KEY, body: {} });
    expectError(create, "unknown_parameter", "team");
    expect(errorOf(create).errors.length).toBeGreaterThan(1);
    const unverify = await callRoute(unverifyModule.POST, `/api/v1/ops/trades/${NO_TRADE}/unverify?x=1`, { key: KEY, method: "POST", body: {} });
    expect(errorOf(unverify).errors.map((e) => e.param)).toEqual(["x", "reason"]);
    const plain = await callRoute(indicationModule.PATCH, `/api/v1/my/indications/${NO_INDICATION}?dry_run=1`, {
      key: KEY,
      method: "PATCH",
      body: "volume=1",
      headers: { "content-type": "text/plain" },
    });
    expectError(plain, "unknown_parameter", "dry_run");
    expect(errorOf(plain).errors).toHaveLength(1);
  });

  it("an error that is not about a parameter lists nothing, and still carries errors and doc_url", async () => {
    const cases: [CallResult, ErrorCode][] = [
      [await callRoute(companiesModule.GET, "/api/v1/companies"), "unauthorized"],
      [await callRoute(companyModule.GET, `/api/v1/companies/${fixtureUuid("error answers: no company")}`, { key: KEY }), "not_found"],
      [await callRoute(companyModule.GET, `/api/v1/companies/${COMPANY}`, { key: SECRETS.alphaNoCompanies }), "forbidden"],
      [await callRoute(tradesModule.PUT, "/api/v1/my/trades", { key: KEY, method: "PUT" }), "method_not_allowed"],
      [await callRoute(indicationsModule.POST, "/api/v1/my/indications", { key: KEY, body: "[1]", headers: { "content-type": "application/json" } }), "invalid_json"],
    ];
    for (const [result, code] of cases) {
      expectError(result, code, null);
      expect(errorOf(result)).toMatchObject({ errors: [], doc_url: docUrlOf(code) });
    }
  });
});

/** A list endpoint, its query schema, and the path it answers at for the alpha broker. */
const LISTS: { name: string; handler: unknown; path: string; schema: z.ZodObject }[] = [
  { name: "/companies", handler: companiesModule.GET, path: "/api/v1/companies", schema: companyListParamsSchema },
  { name: "/companies/{id}/order_book", handler: orderBookModule.GET, path: `/api/v1/companies/${COMPANY}/order_book`, schema: orderBookParamsSchema },
  { name: "/companies/{id}/trades", handler: companyTradesModule.GET, path: `/api/v1/companies/${COMPANY}/trades`, schema: companyTradeListParamsSchema },
  { name: "/my/indications", handler: indicationsModule.GET, path: "/api/v1/my/indications", schema: indicationListParamsSchema },
  { name: "/my/indications.csv", handler: indicationsCsvModule.GET, path: "/api/v1/my/indications.csv", schema: indicationExportParamsSchema },
  { name: "/my/indications/{id}/history", handler: indicationHistoryModule.GET, path: `/api/v1/my/indications/${INDICATION}/history`, schema: historyParamsSchema },
  { name: "/my/trades", handler: tradesModule.GET, path: "/api/v1/my/trades", schema: tradeListParamsSchema },
  { name: "/my/trades.csv", handler: tradesCsvModule.GET, path: "/api/v1/my/trades.csv", schema: tradeExportParamsSchema },
  { name: "/my/deals.csv", handler: dealsCsvModule.GET, path: "/api/v1/my/deals.csv", schema: dealExportParamsSchema },
  { name: "/my/trades/{id}/history", handler: tradeHistoryModule.GET, path: `/api/v1/my/trades/${TRADE}/history`, schema: historyParamsSchema },
  { name: "/my/events", handler: eventsModule.GET, path: "/api/v1/my/events", schema: eventFeedParamsSchema },
  { name: "/ops/trades", handler: opsTradesModule.GET, path: "/api/v1/ops/trades", schema: opsTradeListParamsSchema },
];

/** Values most parameters refuse: of the wrong kind, out of range, empty, hostile. */
const BAD_QUERY_VALUES = ["x", "-1", "", "0", "1e3", "12,5", "2026-02-30", "not-an-id", "%00", "€".repeat(300), "a,b", "true,false"];

/** A body field given every kind of wrong JSON value. */
const BAD_BODY_VALUES: unknown[] = [12.5, -1, 0, true, null, "", "x", "12,5", "2026-02-30", [], ["x"], [1], {}, { a: 1 }, "€".repeat(1001)];

/** Every write: its handler, method, path, the fields its body takes, and those it refuses by name (fixed once created). */
const WRITES: { name: string; handler: unknown; method: string; path: string; fields: readonly string[]; refused?: readonly string[] }[] = [
  { name: "POST /my/indications", handler: indicationsModule.POST, method: "POST", path: "/api/v1/my/indications", fields: INDICATION_FIELDS },
  {
    name: "PATCH /my/indications/{id}",
    handler: indicationModule.PATCH,
    method: "PATCH",
    path: `/api/v1/my/indications/${NO_INDICATION}`,
    fields: INDICATION_FIELDS.filter((f) => !(INDICATION_FIXED as readonly string[]).includes(f)),
    refused: INDICATION_FIXED,
  },
  { name: "POST /my/trades", handler: tradesModule.POST, method: "POST", path: "/api/v1/my/trades", fields: TRADE_FIELDS },
  {
    name: "PATCH /my/trades/{id}",
    handler: tradeModule.PATCH,
    method: "PATCH",
    path: `/api/v1/my/trades/${NO_TRADE}`,
    fields: TRADE_FIELDS.filter((f) => !(TRADE_FIXED as readonly string[]).includes(f)),
    refused: TRADE_FIXED,
  },
  { name: "POST /ops/trades/{id}/verify", handler: verifyModule.POST, method: "POST", path: `/api/v1/ops/trades/${NO_TRADE}/verify`, fields: ["reason"] },
  { name: "POST /ops/trades/{id}/unverify", handler: unverifyModule.POST, method: "POST", path: `/api/v1/ops/trades/${NO_TRADE}/unverify`, fields: ["reason"] },
];

describe("messages for people, never the validator's", () => {
  it.each(LISTS)("$name: every refused value of every parameter, and an unknown one, in one answer each", async ({ handler, path: at, schema }) => {
    const params = Object.keys(schema.shape);
    let refused = 0;
    for (const value of BAD_QUERY_VALUES) {
      const query = new URLSearchParams([...params.map((name) => [name, value]), ["colour", value]]);
      const result = await callRoute(handler, `${at}?${query}`, { key: KEY });
      expectError(result, errorOf(result).code);
      const { errors } = errorOf(result);
      // Every parameter the schema takes, in its order, then the unknown one.
      expect(errors.at(-1)).toMatchObject({ param: "colour", code: "unknown_parameter" });
      const named = errors.slice(0, -1).map((e) => e.param);
      expect(named).toEqual(params.filter((name) => named.includes(name)));
      refused += named.length;
      expectNamed(result);
      for (const e of errors) expect(e.message, e.message).not.toMatch(VALIDATOR_PHRASES);
    }
    expect(refused).toBeGreaterThan(params.length);
  });

  it("a path id that is not one names nothing, as an unknown one (docs/api/requests.md, Path ids)", async () => {
    const result = await callRoute(companyModule.GET, "/api/v1/companies/not-an-id", { key: KEY });
    expectError(result, "not_found");
    expect(errorOf(result).message).toBe("No company with id not-an-id.");
  });

  it.each(WRITES)("$name: every field given every wrong JSON value, and left out", async ({ handler, method, path: at, fields, refused = [] }) => {
    const messages: string[] = [];
    for (const value of [...BAD_BODY_VALUES, undefined]) {
      const body = Object.fromEntries([...refused, ...fields].map((field) => [field, value]));
      const result = await callRoute(handler, at, { key: KEY, method, body: { ...body, Colour: value ?? 1 } });
      expectError(result, "invalid_parameter");
      const { errors } = errorOf(result);
      const named = [...new Set(errors.map((e) => e.param.split(/[.[]/)[0]))];
      // The fields in the schema's order, then those it does not take in the order sent.
      const notTaken = [...(value === undefined ? [] : refused), "Colour"];
      expect(named.slice(-notTaken.length), JSON.stringify(value)).toEqual(notTaken);
      expect(named.slice(0, -notTaken.length), JSON.stringify(value)).toEqual(fields.filter((field) => named.includes(field)));
      expectNamed(result);
      messages.push(...errors.map((e) => e.message));
    }
    expect(messages.length).toBeGreaterThan(fields.length);
    for (const message of messages) expect(message).not.toMatch(VALIDATOR_PHRASES);
    // A wrong JSON type says what was sent; a decimal asks for a string.
    expect(messages.join("\n")).not.toMatch(/expected|Expected|invalid_type|NaN/);
  });

  it("the refreshes, closes and verifications refuse a query by name", async () => {
    for (const [handler, at] of [
      [refreshModule.POST, `/api/v1/my/indications/${NO_INDICATION}/refresh`],
      [closeModule.POST, `/api/v1/my/indications/${NO_INDICATION}/close`],
      [verifyModule.POST, `/api/v1/ops/trades/${NO_TRADE}/verify`],
    ] as const) {
      const result = await callRoute(handler, `${at}?force=1`, { key: KEY, method: "POST" });
      expectError(result, "unknown_parameter", "force");
    }
  });

  it("an unverify without a reason says what to write", async () => {
    const result = await callRoute(unverifyModule.POST, `/api/v1/ops/trades/${NO_TRADE}/unverify`, { key: KEY, method: "POST", body: {} });
    expectError(result, "invalid_parameter", "reason");
    expect(errorOf(result).message).toBe("reason is required: text saying why the trade is unverified (1–1,000 characters).");
    const blank = await callRoute(unverifyModule.POST, `/api/v1/ops/trades/${NO_TRADE}/unverify`, { key: KEY, method: "POST", body: { reason: "  " } });
    expect(errorOf(blank).message).toBe("reason must not be empty: say why the trade is unverified.");
  });
});

describe("doc_url", () => {
  const file = path.join(process.cwd(), API_DOCS_PATH);
  const markdown = readFileSync(file, "utf8");
  // Headings outside code blocks (a `# comment` in a shell example is not one).
  const headings = markdown
    .replace(/^```[\s\S]*?^```/gm, "")
    .split("\n")
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => anchorOf(line.replace(/^#+ /, "")));

  it("names the API reference by its path, in the repository and on the service alike", () => {
    expect(existsSync(file)).toBe(true);
    expect(API_DOCS_PATH).toBe("/docs/api.md");
  });

  it.each(Object.keys(ERROR_CODES) as ErrorCode[])("%s: leads to exactly one heading of docs/api.md, under Errors, which names its status", (code) => {
    const url = docUrlOf(code);
    expect(url).toBe(`${API_DOCS_PATH}#${code}`);
    const anchor = url.split("#")[1];
    expect(headings.filter((h) => h === anchor)).toHaveLength(1);
    // The entry sits in the Errors section and says the status the code answers with.
    const errors = markdown.slice(markdown.indexOf("\n## Errors\n"), markdown.indexOf("\n## ", markdown.indexOf("\n## Errors\n") + 1));
    const entry = new RegExp(`^#{3,4} \`${code}\`\\n+(.+)`, "m").exec(errors);
    expect(entry, `no entry for ${code} under ## Errors`).not.toBeNull();
    expect(entry![1]).toContain(String(ERROR_CODES[code]));
    expect(new ApiError(code, "x").toBody().error.doc_url).toBe(url);
  });

  it("the service serves the reference at that path, each code's entry under its anchor", async () => {
    const html = await apiReferenceHtml();
    for (const code of Object.keys(ERROR_CODES)) expect(html).toContain(`<h4 id="${code}"><code>${code}</code></h4>`);
    expect(html).toContain('<h2 id="errors">Errors</h2>');
  });

  it("the server in front of Next.js writes the same body", () => {
    const answers = [
      errorAnswer(404, "not_found", "x"),
      expectationFailed(),
      refuseEdge({ method: "TRACE", url: "/", rawHeaders: [], httpVersion: "1.1", headers: { host: "x" } }),
      refuseEdge({ method: "GET", url: "/api/v1/%ZZ", rawHeaders: [], httpVersion: "1.1", headers: { host: "x" } }),
      refuseEdge({ method: "GET", url: "/api/v1/companies/", rawHeaders: [], httpVersion: "1.1", headers: { host: "x" } }),
    ] as { status: number; body: string }[];
    for (const answer of answers) {
      const body = JSON.parse(answer.body) as Body;
      expectErrorBody(body);
      expect(ERROR_CODES[body.error.code as ErrorCode]).toBe(answer.status);
      expect(body).toEqual(new ApiError(body.error.code as ErrorCode, body.error.message).toBody());
    }
    const raw = (badRequestBytes() as string).split("\r\n\r\n")[1];
    expectErrorBody(JSON.parse(raw));
  });

  it("the OpenAPI document's Error schema has every field of the body, all required", () => {
    const document = openApiDocument("http://localhost") as unknown as { components: { schemas: { Error: { properties: { error: { required: string[]; properties: Record<string, unknown> } } } } } };
    const error = document.components.schemas.Error.properties.error;
    expect([...error.required].sort()).toEqual(["code", "doc_url", "errors", "message", "param"]);
    expect(Object.keys(error.properties).sort()).toEqual(["code", "doc_url", "errors", "message", "param"]);
  });
});
