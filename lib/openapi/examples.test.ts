import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as getCompany } from "@/app/api/v1/companies/[company_id]/route";
import { GET as getOrderBook } from "@/app/api/v1/companies/[company_id]/order_book/route";
import { GET as getCompanyMark } from "@/app/api/v1/companies/[company_id]/mark/route";
import { GET as listCompanyMarks } from "@/app/api/v1/companies/[company_id]/marks/route";
import { GET as listCompanyTrades } from "@/app/api/v1/companies/[company_id]/trades/route";
import { GET as getDeskIndex } from "@/app/api/v1/indexes/desk-50/route";
import { GET as listDeskMembers } from "@/app/api/v1/indexes/desk-50/members/route";
import { GET as exportDayMarks } from "@/app/api/v1/marks.csv/route";
import { GET as listDayMarks } from "@/app/api/v1/marks/route";
import { GET as listCompanies } from "@/app/api/v1/companies/route";
import { GET as listEvents } from "@/app/api/v1/my/events/route";
import { GET as exportIndications } from "@/app/api/v1/my/indications.csv/route";
import { POST as closeIndication } from "@/app/api/v1/my/indications/[id]/close/route";
import { GET as indicationHistory } from "@/app/api/v1/my/indications/[id]/history/route";
import { POST as refreshIndication } from "@/app/api/v1/my/indications/[id]/refresh/route";
import { GET as getIndication, PATCH as updateIndication } from "@/app/api/v1/my/indications/[id]/route";
import { GET as listIndications, POST as createIndication } from "@/app/api/v1/my/indications/route";
import { GET as exportTrades } from "@/app/api/v1/my/trades.csv/route";
import { GET as tradeHistory } from "@/app/api/v1/my/trades/[id]/history/route";
import { GET as getTrade, PATCH as updateTrade } from "@/app/api/v1/my/trades/[id]/route";
import { GET as listTrades, POST as createTrade } from "@/app/api/v1/my/trades/route";
import { GET as streamEvents } from "@/app/api/v1/my/stream/route";
import { GET as listNotifications } from "@/app/api/v1/my/notifications/route";
import { POST as markNotificationsRead } from "@/app/api/v1/my/notifications/read/route";
import { GET as getOpenApiDocument } from "@/app/api/v1/openapi.json/route";
import { POST as unverifyTrade } from "@/app/api/v1/ops/trades/[id]/unverify/route";
import { POST as verifyTrade } from "@/app/api/v1/ops/trades/[id]/verify/route";
import { GET as listAllTrades } from "@/app/api/v1/ops/trades/route";
import { GET as listWatchlist } from "@/app/api/v1/my/watchlist/route";
import { DELETE as unfollowCompany, GET as getWatchlistEntry, PUT as followCompany } from "@/app/api/v1/my/watchlist/[company_id]/route";
import { POST as redeliverWebhookDelivery } from "@/app/api/v1/my/webhooks/[id]/deliveries/[delivery_id]/redeliver/route";
import { GET as listWebhookDeliveries } from "@/app/api/v1/my/webhooks/[id]/deliveries/route";
import { POST as rotateWebhookSecret } from "@/app/api/v1/my/webhooks/[id]/rotate_secret/route";
import { POST as redeliverWebhookRange } from "@/app/api/v1/my/webhooks/[id]/redeliver/route";
import { DELETE as deleteWebhook, GET as getWebhook, PATCH as updateWebhook } from "@/app/api/v1/my/webhooks/[id]/route";
import { GET as listWebhooks, POST as createWebhook } from "@/app/api/v1/my/webhooks/route";
import { GET as listIndicationMatches } from "@/app/api/v1/my/indications/[id]/matches/route";
import { GET as getMarketIndication } from "@/app/api/v1/market/indications/[permalink_id]/route";
import { POST as requestIntroduction } from "@/app/api/v1/market/indications/[permalink_id]/interests/route";
import { GET as listDeals } from "@/app/api/v1/my/deals/route";
import { GET as exportDeals } from "@/app/api/v1/my/deals.csv/route";
import { GET as getDeal } from "@/app/api/v1/my/deals/[id]/route";
import { GET as dealHistory } from "@/app/api/v1/my/deals/[id]/history/route";
import { POST as acceptDeal } from "@/app/api/v1/my/deals/[id]/accept/route";
import { POST as declineDeal } from "@/app/api/v1/my/deals/[id]/decline/route";
import { POST as withdrawDeal } from "@/app/api/v1/my/deals/[id]/withdraw/route";
import { GET as listAllDeals } from "@/app/api/v1/ops/deals/route";
import { GET as getAnyDeal } from "@/app/api/v1/ops/deals/[id]/route";
import { POST as introduceDeal } from "@/app/api/v1/ops/deals/[id]/introduce/route";
import { POST as recordDealTerms } from "@/app/api/v1/ops/deals/[id]/terms/route";
import { POST as closeDeal } from "@/app/api/v1/ops/deals/[id]/close/route";
import { POST as killDeal } from "@/app/api/v1/ops/deals/[id]/kill/route";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { runDueDeliveries } from "@/lib/webhooks/worker";
import { companySearchText } from "@/lib/companies/search";
import { getDb } from "@/lib/db/client";
import { FIXTURE_PASSWORD_HASH } from "@/lib/testing/fixtures/accounts";
import { fixtureSecret, fixtureUuid, sha256Hex } from "@/lib/testing/fixtures/ids";
import { callRoute, type CallOptions, type CallResult } from "@/lib/testing/http";
import { openSse } from "@/lib/testing/sse";
import { standInsFor } from "@/lib/testing/stand-ins";
import { withAppOnOwnDatabase } from "@/lib/testing/own-database";
import { openApiDocument } from "./openapi";
import { takesQuery, type RecordedExamples } from "./examples";

/**
 * The OpenAPI document's examples (lib/openapi/examples.json) are real answers: every operation is
 * called here through its real route handler, on rows of this file's own (a company, two teams,
 * their users and keys, all with fixed ids) in a fixture database of its own, with the clock stopped
 * at one instant, so that the answers are the same on every run and on both databases. What is
 * still new on each run (the ids and permalinks of the rows created, the event cursor) is replaced
 * by stand-ins of the same form, the same value for the same original (lib/testing/stand-ins.ts).
 * The answers must equal the committed file (`-u` records them again); examples-schemas.test.ts
 * holds them to the schemas the document gives them.
 */

const NOW = new Date("2026-11-27T09:30:00.000Z");
const COMPANY = { id: fixtureUuid("examples:company"), name: "Examplia Robotics" };
const DESK = { id: fixtureUuid("examples:team:desk"), name: "Example Desk" };
const MARKETPLACE = { id: fixtureUuid("examples:team:marketplace"), name: "Example Marketplace" };
const BROKER = fixtureSecret("examples:broker");
const OPS = fixtureSecret("examples:ops");
const COUNTERPARTY = { id: fixtureUuid("examples:team:counterparty"), name: "Example Counterparty" };
const OTHER_BROKER = fixtureSecret("examples:counterparty");

async function member(label: string, team: { id: string }, name: string, permissions: string[], secret: string) {
  const userId = fixtureUuid(`examples:user:${label}`);
  const createdAt = new Date("2026-01-05T08:00:00.000Z");
  await getDb().user.create({ data: { id: userId, email: `${label}@example.example`, name, passwordHash: FIXTURE_PASSWORD_HASH, role: "broker", permissions: JSON.stringify(permissions), teamId: team.id, createdAt } });
  await getDb().apiKey.create({
    data: { id: fixtureUuid(`examples:key:${label}`), userId, name: label, prefix: secret.slice(0, 12), secretHash: sha256Hex(secret), scopes: JSON.stringify(permissions), createdAt, lastUsedAt: null, revokedAt: null },
  });
}

withAppOnOwnDatabase();

/** The webhook examples' receiver, on loopback; its address is shown as an https host of the examples' own. */
let receiver: Server;
let receiverBase = "";
const savedAllowList = process.env.WEBHOOK_ALLOWED_HOSTS;

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  process.env.WEBHOOK_ALLOWED_HOSTS = "127.0.0.1:*";
  receiver = createServer((request, response) => request.resume().on("end", () => response.end("received")));
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  await getDb().company.create({
    data: {
      ...COMPANY,
      legalName: "Examplia Robotics, Inc.",
      searchText: companySearchText(COMPANY.name, "Examplia Robotics, Inc."),
      country: "United States",
      region: "California",
      url: "https://examplia.example",
      platformUrl: "https://marketplace.example/companies/examplia-robotics",
      description: "Examplia Robotics makes warehouse robots. Founded in 2019 and headquartered in San Jose.",
      logoColor: "#2f6f9f",
      leadInvestors: JSON.stringify(["Blue Harbor Capital"]),
    },
  });
  for (const team of [DESK, MARKETPLACE, COUNTERPARTY]) await getDb().team.create({ data: { ...team, createdAt: new Date("2026-01-05T08:00:00.000Z") } });
  await member("broker", DESK, "Avery Example", ["companies", "indications_manage", "trades_manage"], BROKER);
  await member("ops", MARKETPLACE, "Ibrahim Example", ["companies", "trades_verify", "deals_manage"], OPS);
  await member("counterparty", COUNTERPARTY, "Kenji Example", ["companies", "indications_manage", "trades_manage"], OTHER_BROKER);
});

afterAll(async () => {
  vi.useRealTimers();
  process.env.WEBHOOK_ALLOWED_HOSTS = savedAllowList;
  await new Promise((resolve) => receiver.close(resolve));
});

const STABLE_IDS = new Set([COMPANY.id, DESK.id, MARKETPLACE.id, COUNTERPARTY.id, ...["broker", "ops", "counterparty"].map((label) => fixtureUuid(`examples:user:${label}`))]);
const standIns = standInsFor(STABLE_IDS);
/** What this run made up, as stand-ins; the webhook receiver's address, as an https host of the examples' own. */
function normalised(text: string): string {
  return standIns(text.replaceAll(receiverBase, "https://hooks.example.com"));
}

const recorded: RecordedExamples = { operations: {}, unknownParameter: { some: null, none: null } };
/** The rows the calls create, whose paths the later calls and tests name. */
const created = { indication: "", trade: "", webhook: "", deal: "", permalink: "" };

/** Calls an operation as a client would and records its request body and answer as its example. */
async function record(operationId: string, handler: unknown, target: string, options: CallOptions & { status: number; shown?: (body: unknown) => unknown }): Promise<CallResult> {
  const result = await callRoute(handler, target, { key: BROKER, ...options });
  expect(result.status, `${operationId}: ${result.text.slice(0, 300)}`).toBe(options.status);
  const isJson = result.headers.get("content-type")?.startsWith("application/json");
  const text = normalised(isJson && options.shown ? JSON.stringify(options.shown(result.body)) : result.text);
  const body = isJson ? JSON.parse(text) : text;
  const operation = (recorded.operations[operationId] ??= { responses: {} });
  operation.responses[options.status] = body;
  // The request body shown is the one that succeeded.
  if (options.body !== undefined && options.status < 300) operation.request = JSON.parse(normalised(JSON.stringify(options.body)));
  return result;
}

const idOf = (result: CallResult) => (result.body as { id: string }).id;

/** The deal examples: the desk's offer, asked for by the counterparty, run to its close; then a decline, a withdrawal and a kill. */
async function recordDeals(): Promise<void> {
  const offer = await callRoute(createIndication, "/api/v1/my/indications", {
    key: BROKER,
    body: { issuer_id: COMPANY.id, side: "offer", price_per_share: "20", volume: "50000", minimum_volume: "10000", structure: "direct", acceptable_structures: [], visibility: "order_book_anonymous", stock_type: "secondary", stock_class_type: "preferred", stock_class: "Series B" },
  });
  created.permalink = (offer.body as { permalink_id: string }).permalink_id;
  await callRoute(createIndication, "/api/v1/my/indications", {
    key: OTHER_BROKER,
    body: { issuer_id: COMPANY.id, side: "bid", price_per_share: "21", volume: "20000", acceptable_structures: ["direct"], visibility: "order_book_public", stock_type: "secondary", stock_class_type: "preferred" },
  });
  const matches = `/api/v1/my/indications/${idOf(offer)}/matches`;
  await record("listIndicationMatches", listIndicationMatches, matches, { status: 200, params: { id: idOf(offer) } });
  const interests = `/api/v1/market/indications/${created.permalink}/interests`;
  const ask = (status: number, body: object) => record("requestIntroduction", requestIntroduction, interests, { status, key: OTHER_BROKER, body, params: { permalink_id: created.permalink } });
  await ask(400, { volume: "500" });
  created.deal = idOf(await ask(201, { volume: "20000", note: "For a long-only fund client" }));
  await ask(409, { volume: "20000" });
  // The desk's anonymous offer as the counterparty sees it: no team, no id.
  await record("getMarketIndication", getMarketIndication, `/api/v1/market/indications/${created.permalink}`, { status: 200, key: OTHER_BROKER, params: { permalink_id: created.permalink } });
  const mine = `/api/v1/my/deals/${created.deal}`;
  const ops = `/api/v1/ops/deals/${created.deal}`;
  const params = { id: created.deal };
  await record("acceptDeal", acceptDeal, `${mine}/accept`, { status: 200, method: "POST", params });
  await record("introduceDeal", introduceDeal, `${ops}/introduce`, { status: 200, key: OPS, method: "POST", params });
  await record("recordDealTerms", recordDealTerms, `${ops}/terms`, { status: 400, key: OPS, params, body: { price_per_share: "19.75", volume: "20000", structure: "spv" } });
  await record("recordDealTerms", recordDealTerms, `${ops}/terms`, { status: 200, key: OPS, params, body: { price_per_share: "19.75", volume: "20000", structure: "direct", sign_date: "2026-11-25" } });
  await record("closeDeal", closeDeal, `${ops}/close`, { status: 400, key: OPS, params, body: { won_date: "2026-11-24" } });
  await record("closeDeal", closeDeal, `${ops}/close`, { status: 200, key: OPS, params, body: { won_date: "2026-11-26" } });
  await record("closeDeal", closeDeal, `${ops}/close`, { status: 409, key: OPS, params, body: { won_date: "2026-11-26" } });
  await record("getDeal", getDeal, mine, { status: 200, key: OTHER_BROKER, params });
  await record("dealHistory", dealHistory, `${mine}/history`, { status: 200, key: OTHER_BROKER, params });
  await record("listDeals", listDeals, "/api/v1/my/deals?role=owner&stage=closed", { status: 200 });
  await record("exportDeals", exportDeals, "/api/v1/my/deals.csv?role=owner&stage=closed", { status: 200 });
  await record("listAllDeals", listAllDeals, "/api/v1/ops/deals?stage=closed", { status: 200, key: OPS });
  await record("getAnyDeal", getAnyDeal, ops, { status: 200, key: OPS, params });
  const next = async () => idOf(await callRoute(requestIntroduction, interests, { key: OTHER_BROKER, body: { volume: "10000" }, params: { permalink_id: created.permalink } }));
  const declined = await next();
  await record("declineDeal", declineDeal, `/api/v1/my/deals/${declined}/decline`, { status: 400, params: { id: declined }, body: { reason: "" } });
  await record("declineDeal", declineDeal, `/api/v1/my/deals/${declined}/decline`, { status: 200, params: { id: declined }, body: { reason: "Not at that size" } });
  const withdrawn = await next();
  await record("withdrawDeal", withdrawDeal, `/api/v1/my/deals/${withdrawn}/withdraw`, { status: 200, key: OTHER_BROKER, params: { id: withdrawn }, body: { reason: "Client changed their mind" } });
  const killed = await next();
  await record("killDeal", killDeal, `/api/v1/ops/deals/${killed}/kill`, { status: 400, key: OPS, params: { id: killed }, body: { reason: "lost" } });
  await record("killDeal", killDeal, `/api/v1/ops/deals/${killed}/kill`, { status: 200, key: OPS, params: { id: killed }, body: { reason: "rofr_exercised", note: "The issuer exercised its right of first refusal" } });
}

describe("the OpenAPI document's examples", () => {
  it("are the answers every operation gives on the examples' rows, as committed in lib/openapi/examples.json", async () => {
    // The document itself, abridged to what says what it is: the rest is the document at hand.
    const shown = (body: unknown) => ({ openapi: (body as { openapi: string }).openapi, info: (body as { info: unknown }).info });
    await record("getOpenApiDocument", getOpenApiDocument, "/api/v1/openapi.json", { status: 200, key: undefined, shown });

    await record("listCompanies", listCompanies, "/api/v1/companies?q=examplia&per_page=10", { status: 200 });
    await record("getCompany", getCompany, `/api/v1/companies/${COMPANY.id}`, { status: 200 });

    const bid = await record("createIndication", createIndication, "/api/v1/my/indications", {
      status: 201,
      body: { issuer_id: COMPANY.id, side: "bid", price_per_share: "12.5", volume: "1000000", minimum_volume: "250000", acceptable_structures: ["direct", "spv_1_layer"], visibility: "order_book_anonymous", stock_type: "secondary", stock_class_type: "preferred", stock_class: "Series B", client_id: "CL-1042" },
    });
    created.indication = idOf(bid);
    const indication = `/api/v1/my/indications/${created.indication}`;
    await record("createIndication", createIndication, "/api/v1/my/indications", {
      status: 400,
      body: { issuer_id: COMPANY.id, side: "bid", price_per_share: "12,5", volume: "1000000", acceptable_structures: ["direct", "direct"], visibility: "order_book_anonymous", stock_type: "secondary", stock_class_type: "preferred" },
    });
    await record("getOrderBook", getOrderBook, `/api/v1/companies/${COMPANY.id}/order_book?depth=5`, { status: 200 });
    await record("getCompanyMark", getCompanyMark, `/api/v1/companies/${COMPANY.id}/mark`, { status: 200 });
    await record("listCompanyMarks", listCompanyMarks, `/api/v1/companies/${COMPANY.id}/marks?from=2026-03-02&to=2026-03-01`, { status: 400 });
    // Dated: the examples' rows have no marks (no rebuild), and today's date would change them daily.
    await record("listDayMarks", listDayMarks, "/api/v1/marks?date=2026-03-01&per_page=10", { status: 200 });
    await record("listDayMarks", listDayMarks, "/api/v1/marks?date=2026-02-30", { status: 400 });
    await record("exportDayMarks", exportDayMarks, "/api/v1/marks.csv?date=2026-03-01", { status: 200 });
    await record("getDeskIndex", getDeskIndex, "/api/v1/indexes/desk-50?from=2026-03-01&to=2026-03-31", { status: 200 });
    await record("listDeskMembers", listDeskMembers, "/api/v1/indexes/desk-50/members", { status: 200 });
    await record("getIndication", getIndication, indication, { status: 200 });
    await record("updateIndication", updateIndication, indication, { status: 200, method: "PATCH", headers: { "if-match": bid.headers.get("etag")! }, body: { price_per_share: "13", details: "Will take the whole block." } });
    await record("updateIndication", updateIndication, indication, { status: 400, method: "PATCH", body: { side: "offer", minimum_volume: "2000000" } });
    await record("refreshIndication", refreshIndication, `${indication}/refresh`, { status: 200, method: "POST" });
    await record("listIndications", listIndications, "/api/v1/my/indications?side=bid&stage=open&sort=-price_per_share&per_page=10", { status: 200 });
    await record("exportIndications", exportIndications, "/api/v1/my/indications.csv?side=bid", { status: 200 });
    await record("closeIndication", closeIndication, `${indication}/close`, { status: 200, method: "POST" });
    await record("indicationHistory", indicationHistory, `${indication}/history`, { status: 200 });

    const recordedTrade = await record("createTrade", createTrade, "/api/v1/my/trades", {
      status: 201,
      body: { issuer_id: COMPANY.id, price_per_share: "41.25", volume: "2500000", structure: "direct", stock_type: "secondary", stock_class_type: "preferred", sign_date: "2026-11-02", won_date: "2026-11-09", verification_officer_name: "Dana Officer", verification_officer_email: "dana@bank.example" },
    });
    // The body of docs/api.md's Errors section: a price as a JSON number, a 30 February, a misspelt field.
    await record("createTrade", createTrade, "/api/v1/my/trades", {
      status: 400,
      body: { issuer_id: COMPANY.id, price_per_share: 41.25, volume: "2500000", structure: "direct", stock_type: "secondary", stock_class_type: "preferred", sign_date: "2026-02-30", won_date: "2026-03-09", verification_officer_name: "Dana Officer", verification_officer_email: "dana@bank.example", colour: "blue" },
    });
    created.trade = idOf(recordedTrade);
    const trade = `/api/v1/my/trades/${created.trade}`;
    await record("getTrade", getTrade, trade, { status: 200 });
    await record("updateTrade", updateTrade, trade, { status: 200, method: "PATCH", body: { client_id: "CL-2077", attributed_to_owner: true } });
    await record("updateTrade", updateTrade, trade, { status: 400, method: "PATCH", body: { won_date: "2026-10-30", volume: "-5" } });
    await record("listTrades", listTrades, "/api/v1/my/trades?is_verified=false&sort=-volume&per_page=10", { status: 200 });
    await record("exportTrades", exportTrades, "/api/v1/my/trades.csv", { status: 200 });
    await record("listAllTrades", listAllTrades, `/api/v1/ops/trades?is_verified=false&team_id=${DESK.id}&sort=sign_date&per_page=5`, { status: 200, key: OPS });
    await record("verifyTrade", verifyTrade, `/api/v1/ops/trades/${created.trade}/verify`, { status: 200, key: OPS, body: { reason: "Officer confirmed by phone" } });
    await record("verifyTrade", verifyTrade, `/api/v1/ops/trades/${created.trade}/verify`, { status: 400, key: OPS, body: { reason: "" } });
    await record("listCompanyTrades", listCompanyTrades, `/api/v1/companies/${COMPANY.id}/trades?per_page=10`, { status: 200 });
    await record("unverifyTrade", unverifyTrade, `/api/v1/ops/trades/${created.trade}/unverify`, { status: 200, key: OPS, body: { reason: "Officer could not confirm the price" } });
    await record("unverifyTrade", unverifyTrade, `/api/v1/ops/trades/${created.trade}/unverify`, { status: 400, key: OPS, body: {} });
    await record("listNotifications", listNotifications, "/api/v1/my/notifications?limit=2", { status: 200 });
    await record("markNotificationsRead", markNotificationsRead, "/api/v1/my/notifications/read", { status: 200, body: { all: true } });
    await record("markNotificationsRead", markNotificationsRead, "/api/v1/my/notifications/read", { status: 400, body: { ids: [] } });
    await record("tradeHistory", tradeHistory, `${trade}/history`, { status: 200 });
    await record("listEvents", listEvents, "/api/v1/my/events?limit=3", { status: 200 });

    // The stream stays open: its example is what it sends first, resumed after the team's first event.
    const first = (await callRoute(listEvents, "/api/v1/my/events?limit=1", { key: BROKER })).body as { next_cursor: string };
    const stream = await openSse(streamEvents, `/api/v1/my/stream?cursor=${first.next_cursor}`, { key: BROKER });
    const frames = [await stream.next(), await stream.next()];
    stream.close();
    const text = frames.map((frame) => `${frame?.id === undefined ? "" : `id: ${frame.id}\n`}event: ${frame?.event}\ndata: ${JSON.stringify(frame?.data)}\n\n`).join("");
    recorded.operations.streamEvents = { responses: { 200: normalised(`retry: 3000\n${text}`) } };
    const followed = `/api/v1/my/watchlist/${COMPANY.id}`;
    await record("getWatchlistEntry", getWatchlistEntry, followed, { status: 404 });
    await record("followCompany", followCompany, followed, { status: 201, method: "PUT" });
    await record("followCompany", followCompany, followed, { status: 200, method: "PUT" });
    await record("getWatchlistEntry", getWatchlistEntry, followed, { status: 200 });
    await record("listWatchlist", listWatchlist, "/api/v1/my/watchlist", { status: 200 });
    await record("unfollowCompany", unfollowCompany, followed, { status: 204, method: "DELETE" });
    // A secret is new on every run, and so is a delivery's duration: shown as stand-ins.
    const withStandIns = (body: unknown) => JSON.parse(JSON.stringify(body).replace(/whsec_[A-Za-z0-9+/=]+/g, "whsec_EXAMPLExSECRETxSHOWNxONCExONLYxxxxxxxxxxxx=").replace(/"duration_ms":\d+/g, '"duration_ms":42'));
    const hook = await record("createWebhook", createWebhook, "/api/v1/my/webhooks", {
      status: 201,
      body: { url: `${receiverBase}/desk`, events: ["indication.*", "trade.verified"], description: "CRM sync" },
      shown: withStandIns,
    });
    await record("createWebhook", createWebhook, "/api/v1/my/webhooks", { status: 400, body: { url: "http://hooks.example.com/desk", events: ["indication.deleted"] } });
    const webhook = `/api/v1/my/webhooks/${idOf(hook)}`;
    const hookParams = { id: idOf(hook) };
    await record("listWebhooks", listWebhooks, "/api/v1/my/webhooks", { status: 200 });
    await record("getWebhook", getWebhook, webhook, { status: 200, params: hookParams });
    await record("updateWebhook", updateWebhook, webhook, { status: 200, method: "PATCH", params: hookParams, body: { events: ["*"] } });
    await record("updateWebhook", updateWebhook, webhook, { status: 400, method: "PATCH", params: hookParams, body: { url: "https://10.0.0.7/desk" } });
    await record("rotateWebhookSecret", rotateWebhookSecret, `${webhook}/rotate_secret`, { status: 200, method: "POST", params: hookParams, shown: withStandIns });
    await callRoute(createIndication, "/api/v1/my/indications", { key: BROKER, body: { ...recorded.operations.createIndication.request as object, client_id: "CL-1043" } });
    expect(await runDueDeliveries(NOW)).toEqual({ delivered: 1, failed: 0 });
    const log = await record("listWebhookDeliveries", listWebhookDeliveries, `${webhook}/deliveries?limit=10`, { status: 200, params: hookParams, shown: withStandIns });
    const [delivery] = (log.body as { deliveries: { id: string }[] }).deliveries;
    await record("redeliverWebhookDelivery", redeliverWebhookDelivery, `${webhook}/deliveries/${delivery.id}/redeliver`, {
      status: 200,
      method: "POST",
      params: { ...hookParams, delivery_id: delivery.id },
      shown: withStandIns,
    });
    // The events happened at NOW, and a range ends before its `until`: a minute later, it holds them.
    vi.setSystemTime(new Date(NOW.getTime() + 60_000));
    const range = `${webhook}/redeliver`;
    await record("redeliverWebhookRange", redeliverWebhookRange, range, { status: 202, method: "POST", params: hookParams, body: { since: "2026-11-27T09:00:00Z" } });
    await record("redeliverWebhookRange", redeliverWebhookRange, range, { status: 400, method: "POST", params: hookParams, body: { since: "2026-11-27T09:00:00" } });
    vi.setSystemTime(NOW);
    created.webhook = idOf(hook);
    await record("deleteWebhook", deleteWebhook, webhook, { status: 200, method: "DELETE", params: hookParams });

    await recordDeals();

    // The 400s every operation's 400 shows: a query parameter it does not take.
    for (const [takes, handler, target] of [["some", listIndications, "/api/v1/my/indications"], ["none", getCompany, `/api/v1/companies/${COMPANY.id}`]] as const) {
      const mistake = await callRoute(handler, `${target}?colour=red`, { key: BROKER });
      expect(mistake.status).toBe(400);
      recorded.unknownParameter[takes] = mistake.body;
    }

    await expect(`${JSON.stringify(recorded, null, 2)}\n`).toMatchFileSnapshot(path.join(__dirname, "examples.json"));
  });

  it("cover every operation, and an operation without a 400 of its own answers the shared one", async () => {
    const document = openApiDocument("/api/v1");
    const operations = Object.entries(document.paths).flatMap(([route, item]) =>
      Object.entries(item as Record<string, { operationId?: string; parameters?: unknown[]; responses?: Record<string, unknown> }>)
        .filter(([method]) => method !== "parameters")
        .map(([method, operation]) => ({ route, method, operationId: operation.operationId!, has400: Boolean(operation.responses?.["400"]), takes: takesQuery(operation) ? "some" : "none" }) as const),
    );
    expect(Object.keys(recorded.operations).sort()).toEqual(operations.map((o) => o.operationId).sort());
    const handlers: Record<string, unknown> = {
      getOpenApiDocument, listCompanies, getCompany, getOrderBook, getCompanyMark, listCompanyMarks, listDayMarks, exportDayMarks, getDeskIndex, listDeskMembers, listCompanyTrades, listIndications, createIndication, exportIndications, getIndication, updateIndication, indicationHistory, refreshIndication, closeIndication,
      listTrades, createTrade, exportTrades, getTrade, updateTrade, tradeHistory, listEvents, streamEvents, listNotifications, markNotificationsRead, listAllTrades, verifyTrade, unverifyTrade,
      listWatchlist, getWatchlistEntry, followCompany, unfollowCompany,
      listWebhooks, createWebhook, getWebhook, updateWebhook, deleteWebhook, rotateWebhookSecret, listWebhookDeliveries, redeliverWebhookDelivery, redeliverWebhookRange,
      listIndicationMatches, getMarketIndication, requestIntroduction, listDeals, exportDeals, getDeal, dealHistory, acceptDeal, declineDeal, withdrawDeal, listAllDeals, getAnyDeal, introduceDeal, recordDealTerms, closeDeal, killDeal,
    };
    for (const { route, method, operationId, takes } of operations.filter((o) => o.has400 && !recorded.operations[o.operationId].responses[400])) {
      const id = /[dD]eal/.test(operationId) ? created.deal : operationId.includes("ndication") ? created.indication : operationId.includes("ebhook") ? created.webhook : created.trade;
      const target = `/api/v1${route.replace("{company_id}", COMPANY.id).replace("{id}", id).replace("{delivery_id}", id).replace("{permalink_id}", created.permalink)}?colour=red`;
      const result = await callRoute(handlers[operationId], target, {
        key: route.startsWith("/ops/") ? OPS : BROKER,
        method: method.toUpperCase(),
      });
      expect(result.body, `${method} ${route}`).toEqual(recorded.unknownParameter[takes]);
    }
  });
});
