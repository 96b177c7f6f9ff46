import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/v1/openapi.json/route";
import { indicationListParamsSchema, indicationSchema } from "@/lib/indications/schema";
import { WRITABLE_FIELDS } from "@/lib/indications/write-schema";
import { tradeListParamsSchema, tradeSchema } from "@/lib/trades/schema";
import { bidEntrySchema, companyTradeListParamsSchema, offerEntrySchema, orderBookParamsSchema, tapeTradeSchema, tradeSummarySchema } from "@/lib/market/schema";
import { OPERATIONS, type Operation } from "@/lib/http/operations";
import { parseQuery } from "@/lib/schema/params";

const DOCUMENT_URL = "http://127.0.0.1/api/v1/openapi.json";

const ROOT = path.join(process.cwd(), "app/api/v1");

/** The route files under app/api/v1, each with its path (`[id]` -> `{id}`). */
function routeFiles(): { file: string; path: string }[] {
  return readdirSync(ROOT, { recursive: true, encoding: "utf8" })
    // Not endpoints: the JSON 404 for /api/v1 and every unknown path.
    .filter((file) => path.basename(file) === "route.ts" && file !== "route.ts" && !file.includes("[..."))
    .map((file) => ({ file: path.join(ROOT, file), path: `/${path.dirname(file)}`.replace(/\[(\w+)\]/g, "{$1}") }));
}
const routePaths = () => routeFiles().map((route) => route.path);

describe("GET /api/v1/openapi.json", () => {
  it("describes the declarations the route files serve: each at its path, by its method, and every other method a 405", async () => {
    const served: string[] = [];
    for (const route of routeFiles()) {
      const handlers = (await import(/* @vite-ignore */ route.file)) as Record<string, ((request: Request) => Promise<Response>) & { operation?: Operation }>;
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"] as const) {
        const { operation } = handlers[method];
        if (!operation) {
          // Not an operation: otherMethods's 405.
          expect((await handlers[method](new Request(`http://localhost/api/v1${route.path}`, { method }))).status, `${method} ${route.path}`).toBe(405);
          continue;
        }
        expect([operation.method, operation.path], `${method} ${route.path}`).toEqual([method, route.path]);
        served.push(Object.entries(OPERATIONS).find(([, declared]) => declared === operation)![0]);
      }
    }
    expect(served.sort()).toEqual(Object.keys(OPERATIONS).sort());
  });

  it("answers as every operation does: X-Request-Id and no-store, and a parameter it does not take is a 400", async () => {
    const response = await GET(new Request(DOCUMENT_URL));
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const refused = await GET(new Request(`${DOCUMENT_URL}?per_pag=1`));
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toMatchObject({ code: "unknown_parameter", param: "per_pag" });
  });

  it("describes the read operations with the parameters and fields the handlers use", async () => {
    const response = await GET(new Request(DOCUMENT_URL));
    expect(response.status).toBe(200);
    const doc = await response.json();
    expect(doc.openapi).toBe("3.1.0");
    // Relative unless PUBLIC_BASE_URL names the public address.
    expect(doc.servers[0].url).toBe("/api/v1");
    // Every route file of the API, and nothing else, is described.
    expect(Object.keys(doc.paths).sort()).toEqual(routePaths().sort());

    const names = (path: string) =>
      doc.paths[path].get.parameters.filter((p: { in: string }) => p.in === "query").map((p: { name: string }) => p.name).sort();
    expect(doc.paths["/my/trades"].get.responses["304"]).toBeDefined();
    expect(names("/my/indications")).toEqual(Object.keys(indicationListParamsSchema.shape).sort());
    expect(names("/my/trades")).toEqual(Object.keys(tradeListParamsSchema.shape).sort());

    const item = (path: string, key: string) =>
      Object.keys(doc.paths[path].get.responses["200"].content["application/json"].schema.properties[key].items.properties).sort();
    expect(item("/my/indications", "indications")).toEqual(Object.keys(indicationSchema.shape).sort());
    expect(item("/my/trades", "trades")).toEqual(Object.keys(tradeSchema.shape).sort());

    // The market view (issue 14).
    expect(names("/companies/{company_id}/order_book")).toEqual(Object.keys(orderBookParamsSchema.shape).sort());
    expect(names("/companies/{company_id}/trades")).toEqual(Object.keys(companyTradeListParamsSchema.shape).sort());
    expect(item("/companies/{company_id}/order_book", "bids")).toEqual(Object.keys(bidEntrySchema.shape).sort());
    expect(item("/companies/{company_id}/order_book", "offers")).toEqual(Object.keys(offerEntrySchema.shape).sort());
    expect(item("/companies/{company_id}/trades", "trades")).toEqual(Object.keys(tapeTradeSchema.shape).sort());
    const summary = doc.paths["/companies/{company_id}/trades"].get.responses["200"].content["application/json"].schema.properties.summary;
    expect(Object.keys(summary.properties).sort()).toEqual(Object.keys(tradeSummarySchema.shape).sort());
  });

  it("describes each write with its operationId, request body and every status it can answer", async () => {
    const doc = await (await GET(new Request(DOCUMENT_URL))).json();
    const create = doc.paths["/my/indications"].post;
    expect(create.operationId).toBe("createIndication");
    expect(Object.keys(create.requestBody.content["application/json"].schema.properties).sort()).toEqual([...WRITABLE_FIELDS].sort());
    expect(create.requestBody.content["application/json"].schema.properties.price_per_share.type).toBe("string");
    expect(Object.keys(create.responses).sort()).toEqual(["201", "400", "401", "403", "405", "409", "413", "415", "422", "429", "500", "503"]);
    expect(create.responses["503"].headers["Retry-After"]).toBeTruthy();
    const patch = doc.paths["/my/indications/{id}"].patch;
    expect(Object.keys(patch.requestBody.content["application/json"].schema.properties).sort()).toEqual(
      WRITABLE_FIELDS.filter((f) => f !== "side" && f !== "issuer_id").sort(),
    );
    expect(Object.keys(patch.responses)).toEqual(expect.arrayContaining(["409", "412", "413", "415"]));
    const ids = new Set<string>();
    for (const [path, operations] of Object.entries<Record<string, { operationId?: string; requestBody?: unknown; security?: unknown[]; responses: object }>>(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (method === "parameters") continue;
        expect(operation.operationId, `${method} ${path}`).toBeTruthy();
        ids.add(operation.operationId!);
        const statuses = Object.keys(operation.responses);
        // A public operation (the document) has no caller to refuse or count.
        const expected = operation.security?.length === 0 ? ["405", "500"] : ["401", "405", "429", "500", "503"];
        expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(expected));
        if (operation.requestBody) expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(["400", "413", "415"]));
      }
    }
    expect(ids.size).toBe(Object.values(doc.paths).flatMap((ops) => Object.keys(ops as object).filter((m) => m !== "parameters")).length);
    const trade = doc.paths["/my/trades/{id}"].get.responses["200"].content["application/json"].schema.properties;
    expect(trade.sign_date.format).toBe("date");
    expect(trade.updated_at.format).toBe("date-time");
    expect(doc.paths["/my/trades"].post.requestBody.content["application/json"].schema.properties.won_date.format).toBe("date");
  });

  it("documents Idempotency-Key, its replay header and its statuses on every POST", async () => {
    const doc = await (await GET(new Request(DOCUMENT_URL))).json();
    const posts = Object.entries<Record<string, { parameters: { name: string }[]; responses: Record<string, { headers?: object }> }>>(doc.paths).filter(([, o]) => o.post);
    expect(posts.length).toBeGreaterThanOrEqual(3);
    for (const [path, { post }] of posts) {
      expect(post.parameters.map((p) => p.name), path).toContain("Idempotency-Key");
      expect(Object.keys(post.responses), path).toEqual(expect.arrayContaining(["400", "409", "422"]));
      const success = Object.keys(post.responses).filter((s) => s.startsWith("2"));
      for (const status of success) expect(Object.keys(post.responses[status].headers ?? {}), `${path} ${status}`).toContain("Idempotent-Replayed");
    }
  });

  it("types every query parameter as the parser reads it, with its bounds", async () => {
    const doc = await (await GET(new Request(DOCUMENT_URL))).json();
    const parameters = Object.values<Record<string, { parameters?: { in: string; name: string; schema: Record<string, unknown> }[] }>>(doc.paths)
      .flatMap((operations) => Object.values(operations).flatMap((operation) => operation.parameters ?? []))
      .filter((p) => p.in === "query");
    expect(parameters.length).toBeGreaterThan(50);
    for (const { name, schema } of parameters) {
      // A string says how long it may be; an integer its range: nothing is typed as bare text.
      if (schema.type === "string") expect(schema.maxLength ?? schema.enum, name).toBeDefined();
      else if (schema.type === "integer") expect([schema.minimum, schema.maximum, schema.format], name).not.toContain(undefined);
      else expect(schema.type, name).toBe("boolean");
    }
    const list = doc.paths["/my/indications"].get.parameters;
    const side = list.find((p: { name: string }) => p.name === "side").schema;
    // The pattern the document gives is the parser's rule: it accepts what the server accepts.
    for (const value of ["bid", "offer,bid", "bid , offer"]) {
      expect(new RegExp(side.pattern).test(value), value).toBe(true);
      expect(parseQuery(indicationListParamsSchema, new URLSearchParams({ side: value })).ok, value).toBe(true);
    }
    expect(new RegExp(side.pattern).test("bid,ask")).toBe(false);
    // Longer than maxLength is refused, not parsed at any length.
    const long = parseQuery(indicationListParamsSchema, new URLSearchParams({ side: Array(20).fill("bid").join(",") }));
    expect(long.ok).toBe(false);
    if (!long.ok) expect(long.error.param).toBe("side");
    expect(list.find((p: { name: string }) => p.name === "per_page").schema).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 25 });
  });
});
