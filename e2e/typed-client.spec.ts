import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import createClient from "openapi-fetch";
import type { paths } from "../lib/generated/api/openapi";
import { NEW_BID, NEW_TRADE } from "../lib/testing/fixtures/bodies";
import { apiKeyFor } from "./support/api";
import { ACCOUNTS, BASE_URL, PROJECT_ROOT } from "./support/env";
import { expect, test } from "./support/fixtures";

/**
 * The API as a TypeScript program meets it (docs/api/requests.md, "From TypeScript"): types generated from
 * the document (`npm run api:types`, run by `npm run typecheck`) and openapi-fetch, calling every
 * operation of the production build, its errors included. A call the document no longer allows
 * does not compile; every answer is checked against the document: its status is one the operation
 * lists, its body fits that status's schema (ajv, JSON Schema 2020-12) and every header of ours it
 * carries is declared there.
 */

type Doc = { paths: Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: object }> }> }>> };
const DOCUMENT = path.join(PROJECT_ROOT, "lib", "generated", "api", "openapi.json");
// The headers this API sets (not the transport's, nor the security headers of next.config.ts).
const OURS = ["etag", "link", "location", "ratelimit", "ratelimit-policy", "retry-after", "allow", "www-authenticate", "x-request-id", "idempotent-replayed", "content-disposition", "cache-control"];

test("every operation through the typed client answers as the document says", async ({ request }) => {
  test.setTimeout(120_000);
  const doc = JSON.parse(readFileSync(DOCUMENT, "utf8")) as Doc;
  // The types were generated from the document this server serves (whose server URL is its
  // PUBLIC_BASE_URL, where the generated one is relative).
  const served = (await (await request.get("/api/v1/openapi.json")).json()) as Doc & { servers: unknown };
  expect({ ...served, servers: null }).toEqual({ ...doc, servers: null });

  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, "doc");
  const violations: string[] = [];
  const seen = new Set<string>();
  const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

  /** Checks one answer against its operation in the document; returns the parsed body. */
  function check(method: string, route: string, response: Response, body: unknown) {
    const where = `${method.toUpperCase()} ${route} ${response.status}`;
    seen.add(`${method} ${route}`);
    const documented = doc.paths[route]?.[method]?.responses[String(response.status)];
    if (!documented) return violations.push(`${where}: status not in the document`);
    const declared = Object.keys(documented.headers ?? {}).map((h) => h.toLowerCase());
    for (const name of OURS) if (response.headers.has(name) && !declared.includes(name)) violations.push(`${where}: header ${name} not declared`);
    const type = response.headers.get("content-type")?.split(";")[0];
    if (!documented.content) {
      if (body !== undefined && body !== "") violations.push(`${where}: a body the document does not describe`);
      return;
    }
    if (!type || !documented.content[type]) return violations.push(`${where}: content type ${type} not in the document`);
    if (type !== "application/json") return;
    const validate = ajv.getSchema(`doc#/${pointer("paths", route, method, "responses", String(response.status), "content", type, "schema")}`);
    if (!validate) return violations.push(`${where}: no schema`);
    if (!validate(body)) violations.push(`${where}: ${ajv.errorsText(validate.errors)}`);
  }

  const broker = createClient<paths>({ baseUrl: `${BASE_URL}/api/v1`, headers: { authorization: `Bearer ${apiKeyFor(ACCOUNTS.broker)}` } });
  const ops = createClient<paths>({ baseUrl: `${BASE_URL}/api/v1`, headers: { authorization: `Bearer ${apiKeyFor(ACCOUNTS.ops)}` } });
  const anonymous = createClient<paths>({ baseUrl: `${BASE_URL}/api/v1` });

  // Every call goes through here: the typed call, then its answer checked. CSV comes as text.
  async function call<R extends { response: Response; data?: unknown; error?: unknown }>(method: string, route: string, sent: Promise<R>) {
    const result = await sent;
    check(method, route, result.response, result.data ?? result.error);
    return result;
  }
  const unknownId = "00000000-0000-4000-8000-000000000000";

  await call("get", "/openapi.json", anonymous.GET("/openapi.json"));
  await call("get", "/my/indications", anonymous.GET("/my/indications"));

  const companies = await call("get", "/companies", broker.GET("/companies", { params: { query: { per_page: 5, q: "a" } } }));
  const companyId = companies.data!.companies[0].id;
  await call("get", "/companies", broker.GET("/companies", { params: { query: { per_page: 500 } } }));
  await call("get", "/companies/{company_id}", broker.GET("/companies/{company_id}", { params: { path: { company_id: companyId } } }));
  await call("get", "/companies/{company_id}", broker.GET("/companies/{company_id}", { params: { path: { company_id: unknownId } } }));
  await call("get", "/companies/{company_id}/order_book", broker.GET("/companies/{company_id}/order_book", { params: { path: { company_id: companyId }, query: { depth: 5 } } }));
  await call("get", "/companies/{company_id}/trades", broker.GET("/companies/{company_id}/trades", { params: { path: { company_id: companyId }, query: { per_page: 5 } } }));
  // The marks and the Desk 50 (docs/api/marks.md).
  await call("get", "/companies/{company_id}/mark", broker.GET("/companies/{company_id}/mark", { params: { path: { company_id: companyId } } }));
  await call("get", "/companies/{company_id}/marks", broker.GET("/companies/{company_id}/marks", { params: { path: { company_id: companyId }, query: { from: "2026-01-01" } } }));
  await call("get", "/companies/{company_id}/marks", broker.GET("/companies/{company_id}/marks", { params: { path: { company_id: companyId }, query: { from: "2026-03-02", to: "2026-03-01" } } }));
  const day = await call("get", "/marks", broker.GET("/marks", { params: { query: { per_page: 5 } } }));
  if (day.data?.next_cursor) await call("get", "/marks", broker.GET("/marks", { params: { query: { per_page: 5, cursor: day.data.next_cursor } } }));
  await call("get", "/marks", broker.GET("/marks", { params: { query: { date: "2026-02-30" } } }));
  await call("get", "/marks.csv", broker.GET("/marks.csv", { parseAs: "text" }));
  await call("get", "/indexes/desk-50", broker.GET("/indexes/desk-50", { params: { query: { from: "2026-01-01" } } }));
  await call("get", "/indexes/desk-50/members", broker.GET("/indexes/desk-50/members"));

  // An indication's life: created (and replayed), read, changed, refreshed, closed.
  // The fixture's enumerated fields as the generated types name them.
  const bid = { ...NEW_BID, issuer_id: companyId, side: "bid" as const, visibility: "order_book_anonymous" as const, stock_type: "secondary" as const, stock_class_type: "preferred" as const, acceptable_structures: ["direct" as const] };
  const key = `typed-${Date.now()}`;
  const created = await call("post", "/my/indications", broker.POST("/my/indications", { body: bid, params: { header: { "Idempotency-Key": key } } }));
  expect(created.response.status, JSON.stringify(created.error)).toBe(201);
  const id = created.data!.id;
  await call("post", "/my/indications", broker.POST("/my/indications", { body: bid, params: { header: { "Idempotency-Key": key } } }));
  await call("post", "/my/indications", broker.POST("/my/indications", { body: { ...bid, volume: "7" }, params: { header: { "Idempotency-Key": key } } }));
  await call("post", "/my/indications", broker.POST("/my/indications", { body: { ...bid, price_per_share: "ten" } }));
  const read = await call("get", "/my/indications/{id}", broker.GET("/my/indications/{id}", { params: { path: { id } } }));
  const etag = read.response.headers.get("etag")!;
  await call("get", "/my/indications/{id}", broker.GET("/my/indications/{id}", { params: { path: { id }, header: { "If-None-Match": etag } } }));
  await call("get", "/my/indications/{id}", broker.GET("/my/indications/{id}", { params: { path: { id: unknownId } } }));
  await call("patch", "/my/indications/{id}", broker.PATCH("/my/indications/{id}", { params: { path: { id }, header: { "If-Match": etag } }, body: { volume: "2000" } }));
  await call("patch", "/my/indications/{id}", broker.PATCH("/my/indications/{id}", { params: { path: { id }, header: { "If-Match": etag } }, body: { volume: "3000" } }));
  await call("post", "/my/indications/{id}/refresh", broker.POST("/my/indications/{id}/refresh", { params: { path: { id } } }));
  await call("get", "/my/indications/{id}/history", broker.GET("/my/indications/{id}/history", { params: { path: { id } } }));
  await call("post", "/my/indications/{id}/close", broker.POST("/my/indications/{id}/close", { params: { path: { id } } }));
  await call("patch", "/my/indications/{id}", broker.PATCH("/my/indications/{id}", { params: { path: { id } }, body: { volume: "4000" } }));
  const list = await call("get", "/my/indications", broker.GET("/my/indications", { params: { query: { side: "bid", sort: "-updated_at", per_page: 5 } } }));
  await call("get", "/my/indications", broker.GET("/my/indications", { params: { query: { per_page: 5, side: "bid", sort: "-updated_at" }, header: { "If-None-Match": list.response.headers.get("etag")! } } }));
  // The next page by its cursor (docs/api/lists.md, "Cursors"); a typed field, and a declared Link.
  const cursor = list.data?.next_cursor;
  if (cursor) await call("get", "/my/indications", broker.GET("/my/indications", { params: { query: { side: "bid", sort: "-updated_at", per_page: 5, cursor } } }));
  await call("get", "/my/indications.csv", broker.GET("/my/indications.csv", { params: { query: { side: "bid" } }, parseAs: "text" }));

  // A trade's life: recorded, read, changed, verified (and then fixed for its team), unverified.
  const recorded = { ...NEW_TRADE, issuer_id: companyId, structure: "direct" as const, stock_type: "secondary" as const, stock_class_type: "common" as const };
  const trade = await call("post", "/my/trades", broker.POST("/my/trades", { body: recorded }));
  expect(trade.response.status, JSON.stringify(trade.error)).toBe(201);
  const tradeId = trade.data!.id;
  await call("post", "/my/trades", broker.POST("/my/trades", { body: recorded, bodySerializer: (body) => JSON.stringify(body), headers: { "content-type": "text/plain" } }));
  await call("get", "/my/trades/{id}", broker.GET("/my/trades/{id}", { params: { path: { id: tradeId } } }));
  await call("patch", "/my/trades/{id}", broker.PATCH("/my/trades/{id}", { params: { path: { id: tradeId } }, body: { volume: "160000" } }));
  await call("get", "/my/trades", broker.GET("/my/trades", { params: { query: { per_page: 5, sort: "-sign_date", is_verified: false } } }));
  await call("get", "/my/trades.csv", broker.GET("/my/trades.csv", { parseAs: "text" }));
  await call("get", "/ops/trades", broker.GET("/ops/trades"));
  await call("get", "/ops/trades", ops.GET("/ops/trades", { params: { query: { per_page: 5 } } }));
  await call("post", "/ops/trades/{id}/verify", ops.POST("/ops/trades/{id}/verify", { params: { path: { id: tradeId } }, body: {} }));
  await call("patch", "/my/trades/{id}", broker.PATCH("/my/trades/{id}", { params: { path: { id: tradeId } }, body: { volume: "170000" } }));
  await call("post", "/ops/trades/{id}/unverify", ops.POST("/ops/trades/{id}/unverify", { params: { path: { id: tradeId } }, body: { reason: "The wire has not arrived" } }));
  await call("post", "/ops/trades/{id}/unverify", ops.POST("/ops/trades/{id}/unverify", { params: { path: { id: tradeId } }, body: { reason: "" } }));
  await call("get", "/my/trades/{id}/history", broker.GET("/my/trades/{id}/history", { params: { path: { id: tradeId } } }));
  const events = await call("get", "/my/events", broker.GET("/my/events", { params: { query: { limit: 50 } } }));
  expect(events.data!.events.length).toBeGreaterThan(0);

  // The live stream stays open: its headers and first event are checked, then the client hangs up.
  const stream = await call("get", "/my/stream", broker.GET("/my/stream", { parseAs: "stream" }));
  const reader = stream.response.body!.getReader();
  expect(new TextDecoder().decode((await reader.read()).value)).toContain("event: ready");
  await reader.cancel();
  await call("get", "/my/stream", broker.GET("/my/stream", { params: { query: { cursor: "yesterday" } } }));
  await call("get", "/my/notifications", broker.GET("/my/notifications", { params: { query: { limit: 5, unread: true } } }));
  await call("get", "/my/notifications", broker.GET("/my/notifications", { params: { query: { limit: 500 } } }));
  await call("post", "/my/notifications/read", broker.POST("/my/notifications/read", { body: { all: true } }));
  await call("post", "/my/notifications/read", broker.POST("/my/notifications/read", { body: { ids: [] } }));

  // A deal (docs/api/deals.md): Beta asks on an offer of Alpha's, Alpha accepts, the marketplace
  // team introduces, records the terms and closes; then a decline, a withdrawal and a kill.
  const beta = createClient<paths>({ baseUrl: `${BASE_URL}/api/v1`, headers: { authorization: `Bearer ${apiKeyFor(ACCOUNTS.betaBroker)}` } });
  const offer = await call("post", "/my/indications", broker.POST("/my/indications", { body: { ...bid, side: "offer", structure: "direct", acceptable_structures: [] } }));
  await call("get", "/my/indications/{id}/matches", broker.GET("/my/indications/{id}/matches", { params: { path: { id: offer.data!.id } } }));
  const onOffer = { params: { path: { permalink_id: offer.data!.permalink_id } } };
  await call("get", "/market/indications/{permalink_id}", beta.GET("/market/indications/{permalink_id}", onOffer));
  await call("get", "/market/indications/{permalink_id}", beta.GET("/market/indications/{permalink_id}", { params: { path: { permalink_id: "IND-NOSUCHORDER" } } }));
  const ask = async (by: typeof beta) => (await call("post", "/market/indications/{permalink_id}/interests", by.POST("/market/indications/{permalink_id}/interests", { ...onOffer, body: { volume: "500" } }))).data?.id;
  await ask(broker);
  const dealId = (await ask(beta))!;
  const deal = { params: { path: { id: dealId } } };
  await call("get", "/my/deals", broker.GET("/my/deals", { params: { query: { per_page: 5 } } }));
  await call("get", "/my/deals/{id}", broker.GET("/my/deals/{id}", deal));
  await call("post", "/my/deals/{id}/accept", broker.POST("/my/deals/{id}/accept", deal));
  await call("post", "/my/deals/{id}/accept", broker.POST("/my/deals/{id}/accept", deal));
  await call("post", "/ops/deals/{id}/introduce", ops.POST("/ops/deals/{id}/introduce", deal));
  await call("post", "/ops/deals/{id}/terms", ops.POST("/ops/deals/{id}/terms", { ...deal, body: { price_per_share: "19.5", volume: "400", structure: "direct", sign_date: "2026-11-20" } }));
  await call("post", "/ops/deals/{id}/close", ops.POST("/ops/deals/{id}/close", { ...deal, body: { won_date: "2026-11-25" } }));
  await call("get", "/ops/deals", ops.GET("/ops/deals", { params: { query: { per_page: 5 } } }));
  await call("get", "/my/deals.csv", beta.GET("/my/deals.csv", { params: { query: { stage: "closed" } }, parseAs: "text" }));
  await call("get", "/ops/deals/{id}", ops.GET("/ops/deals/{id}", deal));
  await call("get", "/my/deals/{id}/history", beta.GET("/my/deals/{id}/history", deal));
  const declined = { params: { path: { id: (await ask(beta))! } } };
  await call("post", "/my/deals/{id}/decline", broker.POST("/my/deals/{id}/decline", { ...declined, body: { reason: "Not at that size" } }));
  const withdrawn = { params: { path: { id: (await ask(beta))! } } };
  await call("post", "/my/deals/{id}/withdraw", beta.POST("/my/deals/{id}/withdraw", { ...withdrawn, body: {} }));
  const killed = { params: { path: { id: (await ask(beta))! } } };
  await call("post", "/ops/deals/{id}/kill", ops.POST("/ops/deals/{id}/kill", { ...killed, body: { reason: "other" } }));

  // The watchlist: follow (twice), list, one, unfollow, and the 404 of a company not followed.
  const followed = { params: { path: { company_id: companyId } } };
  await call("put", "/my/watchlist/{company_id}", broker.PUT("/my/watchlist/{company_id}", followed));
  await call("put", "/my/watchlist/{company_id}", broker.PUT("/my/watchlist/{company_id}", followed));
  await call("get", "/my/watchlist", broker.GET("/my/watchlist"));
  await call("get", "/my/watchlist/{company_id}", broker.GET("/my/watchlist/{company_id}", followed));
  await call("delete", "/my/watchlist/{company_id}", broker.DELETE("/my/watchlist/{company_id}", followed));
  await call("get", "/my/watchlist/{company_id}", broker.GET("/my/watchlist/{company_id}", followed));

  // Webhooks: an endpoint on a receiver of this test's own (loopback, which the server's
  // WEBHOOK_ALLOWED_HOSTS allows), fed by the server's own delivery loop.
  const deliveries: { headers: Record<string, string>; body: string }[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk)).on("end", () => {
      deliveries.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  try {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const hook = await call("post", "/my/webhooks", broker.POST("/my/webhooks", { body: { url, events: ["trade.*"], description: "typed client" } }));
    expect(hook.response.status, JSON.stringify(hook.error)).toBe(201);
    const hookId = hook.data!.id;
    await call("post", "/my/webhooks", broker.POST("/my/webhooks", { body: { url: "http://hooks.example.com/x", events: ["trade.*"] } }));
    await call("get", "/my/webhooks", broker.GET("/my/webhooks"));
    await call("get", "/my/webhooks/{id}", broker.GET("/my/webhooks/{id}", { params: { path: { id: hookId } } }));
    await call("get", "/my/webhooks/{id}", broker.GET("/my/webhooks/{id}", { params: { path: { id: unknownId } } }));
    await call("patch", "/my/webhooks/{id}", broker.PATCH("/my/webhooks/{id}", { params: { path: { id: hookId } }, body: { events: ["trade.updated"] } }));
    const rotated = await call("post", "/my/webhooks/{id}/rotate_secret", broker.POST("/my/webhooks/{id}/rotate_secret", { params: { path: { id: hookId } } }));
    await call("patch", "/my/trades/{id}", broker.PATCH("/my/trades/{id}", { params: { path: { id: tradeId } }, body: { volume: "180000" } }));
    await expect.poll(() => deliveries.length, { timeout: 15_000 }).toBeGreaterThan(0);
    for (const secret of [hook.data!.secret, rotated.data!.secret]) expect((new Webhook(secret).verify(deliveries[0].body, deliveries[0].headers) as { type: string }).type).toBe("trade.updated");
    await expect.poll(async () => (await broker.GET("/my/webhooks/{id}/deliveries", { params: { path: { id: hookId } } })).data?.deliveries.length ?? 0).toBeGreaterThan(0);
    const log = await call("get", "/my/webhooks/{id}/deliveries", broker.GET("/my/webhooks/{id}/deliveries", { params: { path: { id: hookId }, query: { limit: 5 } } }));
    const deliveryId = log.data!.deliveries[0].id;
    await call("post", "/my/webhooks/{id}/deliveries/{delivery_id}/redeliver", broker.POST("/my/webhooks/{id}/deliveries/{delivery_id}/redeliver", { params: { path: { id: hookId, delivery_id: deliveryId } } }));
    expect(deliveries.at(-1)!.headers["webhook-id"]).toBe(deliveries[0].headers["webhook-id"]);
    // The range since five minutes ago holds the delivered trade.updated: the worker sends it again.
    const sent = deliveries.length;
    const since = new Date(Date.now() - 5 * 60_000).toISOString();
    const range = await call("post", "/my/webhooks/{id}/redeliver", broker.POST("/my/webhooks/{id}/redeliver", { params: { path: { id: hookId } }, body: { since } }));
    expect(range.response.status, JSON.stringify(range.error)).toBe(202);
    expect(range.data!.count).toBeGreaterThan(0);
    await expect.poll(() => deliveries.length, { timeout: 15_000 }).toBeGreaterThan(sent);
    expect(deliveries.map((d) => d.headers["webhook-id"])).toContain(range.data!.last_event!.id);
    await call("delete", "/my/webhooks/{id}", broker.DELETE("/my/webhooks/{id}", { params: { path: { id: hookId } } }));
  } finally {
    receiver.close();
  }

  expect(violations, violations.join("\n")).toEqual([]);
  // Every operation of the document was called.
  const operations = Object.entries(doc.paths).flatMap(([route, item]) => Object.keys(item).filter((m) => m !== "parameters").map((m) => `${m} ${route}`));
  expect([...seen].sort()).toEqual(operations.sort());
});
