import type { z } from "zod";
import { eventFeedParamsSchema } from "../audit/events";
import { closeSchema, dealExportParamsSchema, dealListParamsSchema, declineSchema, interestSchema, killSchema, opsDealListParamsSchema, termsSchema, withdrawSchema } from "../deals/schema";
import { REQUIRES, type Requirement } from "../auth/requirements";
import { companyListParamsSchema } from "../companies/schema";
import { indicationExportParamsSchema, indicationListParamsSchema } from "../indications/schema";
import { INDICATION_REFUSED, indicationCreateSchema, indicationPatchSchema } from "../indications/write-schema";
import { streamParamsSchema } from "../live/stream";
import { companyTradeListParamsSchema, orderBookParamsSchema } from "../market/schema";
import { dayMarksExportParamsSchema, dayMarksParamsSchema, markSeriesParamsSchema } from "../marks/schema";
import { markReadSchema, notificationListParamsSchema } from "../notifications/schema";
import { ERROR_CODES, type ErrorCode } from "../schema/errors";
import { historyParamsSchema } from "../schema/history-params";
import type { parseQuery } from "../schema/params";
import { opsTradeListParamsSchema, tradeExportParamsSchema, tradeListParamsSchema } from "../trades/schema";
import { TRADE_REFUSED, tradeCreateSchema, tradePatchSchema, unverifySchema, verifySchema } from "../trades/write-schema";
import { deliveryListParamsSchema, webhookCreateSchema, webhookPatchSchema, webhookRedeliverSchema } from "../webhooks/schema";

type Query = Parameters<typeof parseQuery>[0];

/**
 * Every operation of API v1, declared once: its method and path, the permission it needs, the
 * query or body it takes and the errors of its own it can answer. The route file answers it
 * through `operationRoute` (lib/http/operation-route.ts), which checks that permission, reads that
 * input and answers no error the declaration does not list; the OpenAPI document
 * (lib/openapi/paths.ts) describes the same declaration. Neither restates the other.
 */
export interface Operation {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** As the document writes it: `/my/indications/{id}` is app/api/v1/my/indications/[id]/route.ts. */
  path: string;
  /** The permission it needs (lib/auth/requirements.ts); none: any signed-in caller. */
  requires?: Requirement;
  /** Its query parameters (a read); a read without takes none (`noQuery`). */
  query?: Query;
  /** Its JSON body (a write); a write without takes none (`noBody`). `refused`: parseBody's messages for fields it never takes. */
  body?: { schema: z.ZodType; optional?: true; mergePatch?: true; refused?: Record<string, string> };
  /** Reads If-Match: 412 when the resource changed since that ETag. */
  ifMatch?: true;
  /** The errors its data functions answer beyond those errorStatusesOf gives every operation of its kind. */
  errors?: readonly ErrorCode[];
  /** Served outside apiRoute, to anyone: no caller to refuse or count. */
  public?: true;
}

/**
 * The error statuses an operation answers. Every one: 400 (its query or body refused), 401, 405
 * (another method), 429 (the rate limit), 500, 503 (the database busy or unreachable). A write
 * or a permission: 403 (a session's write from another origin is refused, lib/auth/caller.ts).
 * A path id: 404 for one that names nothing. A POST: 409 and 422 of its Idempotency-Key. A write:
 * 413 and 415 of the body read (lib/schema/body.ts). Then If-Match's 412 and its own `errors`.
 */
export function errorStatusesOf(operation: Operation): number[] {
  if (operation.public) return [400, 405, 500];
  const write = operation.method !== "GET";
  const statuses = [400, 401, 405, 429, 500, 503, ...(operation.errors ?? []).map((code) => ERROR_CODES[code])];
  if (write || operation.requires) statuses.push(403);
  if (operation.path.includes("{")) statuses.push(404);
  if (operation.method === "POST") statuses.push(409, 422);
  if (write) statuses.push(413, 415);
  if (operation.ifMatch) statuses.push(412);
  return [...new Set(statuses)].sort((a, b) => a - b);
}

type RecordNoun = "indication" | "trade";
/** The operation ids of a record resource's operations (lib/http/record-routes.ts), by what each does. */
export type RecordIds<N extends RecordNoun> = {
  list: `list${Capitalize<N>}s`;
  create: `create${Capitalize<N>}`;
  export: `export${Capitalize<N>}s`;
  get: `get${Capitalize<N>}`;
  update: `update${Capitalize<N>}`;
  history: `${N}History`;
};

/** `{ list: …, create: … }` under `noun`'s operation ids: `{ listIndications: …, createIndication: … }`. */
export function recordNamed<N extends RecordNoun, T extends Record<keyof RecordIds<N>, unknown>>(noun: N, parts: T) {
  const name = noun[0].toUpperCase() + noun.slice(1);
  const ids = { list: `list${name}s`, create: `create${name}`, export: `export${name}s`, get: `get${name}`, update: `update${name}`, history: `${noun}History` };
  return Object.fromEntries(Object.entries(parts).map(([part, value]) => [ids[part as keyof RecordIds<N>], value])) as { [P in keyof T as RecordIds<N>[P & keyof RecordIds<N>]]: T[P] };
}

interface RecordDeclaration<L, E, C, P> {
  query: { list: L; export: E };
  create: { requires: Requirement; schema: C };
  /** `conflict`: the 409 of a change the resource's state refuses. */
  change: { requires: Requirement; schema: P; conflict: ErrorCode };
}

/**
 * The operations indications and trades share, declared alike: the team's list and a create, the
 * CSV export, one, its change (If-Match), its history. `refused`: parseBody's messages for the
 * fields a create or a change never takes.
 */
function recordOperations<const N extends RecordNoun, L extends Query, E extends Query, C extends z.ZodType, P extends z.ZodType>(
  noun: N,
  refused: { onCreate: Record<string, string>; onPatch: Record<string, string> },
  record: RecordDeclaration<L, E, C, P>,
) {
  const path = `/my/${noun}s` as const;
  const item = `/my/${noun}s/{id}` as const;
  return recordNamed(noun, {
    list: { method: "GET", path, query: record.query.list },
    create: { method: "POST", path, requires: record.create.requires, body: { schema: record.create.schema, refused: refused.onCreate } },
    export: { method: "GET", path: `${path}.csv`, query: record.query.export },
    get: { method: "GET", path: item },
    update: { method: "PATCH", path: item, requires: record.change.requires, body: { schema: record.change.schema, mergePatch: true, refused: refused.onPatch }, ifMatch: true, errors: [record.change.conflict] },
    history: { method: "GET", path: `${item}/history`, query: historyParamsSchema },
  } as const);
}

/** In the document's order: its paths, and each path's methods, as listed here. */
export const OPERATIONS = {
  getOpenApiDocument: { method: "GET", path: "/openapi.json", public: true },
  // Any caller lists names; filtering by headquarters or by marks needs `companies` (requireDetailsAllowed).
  listCompanies: { method: "GET", path: "/companies", query: companyListParamsSchema, errors: ["forbidden"] },
  getCompany: { method: "GET", path: "/companies/{company_id}", requires: REQUIRES.viewCompany },
  getOrderBook: { method: "GET", path: "/companies/{company_id}/order_book", requires: REQUIRES.viewMarket, query: orderBookParamsSchema },
  listCompanyTrades: { method: "GET", path: "/companies/{company_id}/trades", requires: REQUIRES.viewMarket, query: companyTradeListParamsSchema },
  getCompanyMark: { method: "GET", path: "/companies/{company_id}/mark", requires: REQUIRES.viewMarket },
  listCompanyMarks: { method: "GET", path: "/companies/{company_id}/marks", requires: REQUIRES.viewMarket, query: markSeriesParamsSchema },
  listDayMarks: { method: "GET", path: "/marks", requires: REQUIRES.viewMarket, query: dayMarksParamsSchema },
  exportDayMarks: { method: "GET", path: "/marks.csv", requires: REQUIRES.viewMarket, query: dayMarksExportParamsSchema },
  getDeskIndex: { method: "GET", path: "/indexes/desk-50", requires: REQUIRES.viewMarket, query: markSeriesParamsSchema },
  listDeskMembers: { method: "GET", path: "/indexes/desk-50/members", requires: REQUIRES.viewMarket },
  ...recordOperations("indication", INDICATION_REFUSED, {
    query: { list: indicationListParamsSchema, export: indicationExportParamsSchema },
    create: { requires: REQUIRES.createIndication, schema: indicationCreateSchema },
    change: { requires: REQUIRES.changeIndication, schema: indicationPatchSchema, conflict: "indication_closed" },
  }),
  refreshIndication: { method: "POST", path: "/my/indications/{id}/refresh", requires: REQUIRES.refreshIndication, ifMatch: true, errors: ["indication_closed"] },
  closeIndication: { method: "POST", path: "/my/indications/{id}/close", requires: REQUIRES.closeIndication, ifMatch: true },
  listIndicationMatches: { method: "GET", path: "/my/indications/{id}/matches", requires: REQUIRES.viewMarket },
  ...recordOperations("trade", TRADE_REFUSED, {
    query: { list: tradeListParamsSchema, export: tradeExportParamsSchema },
    create: { requires: REQUIRES.recordTrade, schema: tradeCreateSchema },
    change: { requires: REQUIRES.changeTrade, schema: tradePatchSchema, conflict: "trade_verified" },
  }),
  getMarketIndication: { method: "GET", path: "/market/indications/{permalink_id}", requires: REQUIRES.viewMarket },
  requestIntroduction: {
    method: "POST",
    path: "/market/indications/{permalink_id}/interests",
    requires: REQUIRES.askIntroduction,
    body: { schema: interestSchema },
    errors: ["own_indication", "indication_closed", "deal_exists"],
  },
  listDeals: { method: "GET", path: "/my/deals", query: dealListParamsSchema },
  exportDeals: { method: "GET", path: "/my/deals.csv", query: dealExportParamsSchema },
  getDeal: { method: "GET", path: "/my/deals/{id}" },
  dealHistory: { method: "GET", path: "/my/deals/{id}/history", query: historyParamsSchema },
  acceptDeal: { method: "POST", path: "/my/deals/{id}/accept", requires: REQUIRES.takeDealStep, ifMatch: true, errors: ["invalid_transition"] },
  declineDeal: { method: "POST", path: "/my/deals/{id}/decline", requires: REQUIRES.takeDealStep, body: { schema: declineSchema }, ifMatch: true, errors: ["invalid_transition"] },
  withdrawDeal: { method: "POST", path: "/my/deals/{id}/withdraw", requires: REQUIRES.takeDealStep, body: { schema: withdrawSchema, optional: true }, ifMatch: true, errors: ["invalid_transition"] },
  listEvents: { method: "GET", path: "/my/events", query: eventFeedParamsSchema },
  streamEvents: { method: "GET", path: "/my/stream", query: streamParamsSchema },
  listNotifications: { method: "GET", path: "/my/notifications", query: notificationListParamsSchema },
  markNotificationsRead: { method: "POST", path: "/my/notifications/read", body: { schema: markReadSchema } },
  // Any signed-in caller, any key of theirs: following is the user's own preference (docs/api/live.md, "Watchlist").
  listWatchlist: { method: "GET", path: "/my/watchlist" },
  getWatchlistEntry: { method: "GET", path: "/my/watchlist/{company_id}" },
  followCompany: { method: "PUT", path: "/my/watchlist/{company_id}", errors: ["watchlist_full"] },
  unfollowCompany: { method: "DELETE", path: "/my/watchlist/{company_id}" },
  listWebhooks: { method: "GET", path: "/my/webhooks", requires: REQUIRES.manageWebhooks },
  createWebhook: { method: "POST", path: "/my/webhooks", requires: REQUIRES.manageWebhooks, body: { schema: webhookCreateSchema }, errors: ["endpoint_limit"] },
  getWebhook: { method: "GET", path: "/my/webhooks/{id}", requires: REQUIRES.manageWebhooks },
  updateWebhook: { method: "PATCH", path: "/my/webhooks/{id}", requires: REQUIRES.manageWebhooks, body: { schema: webhookPatchSchema, mergePatch: true } },
  deleteWebhook: { method: "DELETE", path: "/my/webhooks/{id}", requires: REQUIRES.manageWebhooks },
  rotateWebhookSecret: { method: "POST", path: "/my/webhooks/{id}/rotate_secret", requires: REQUIRES.manageWebhooks },
  redeliverWebhookRange: { method: "POST", path: "/my/webhooks/{id}/redeliver", requires: REQUIRES.manageWebhooks, body: { schema: webhookRedeliverSchema }, errors: ["redelivery_pending"] },
  listWebhookDeliveries: { method: "GET", path: "/my/webhooks/{id}/deliveries", requires: REQUIRES.manageWebhooks, query: deliveryListParamsSchema },
  redeliverWebhookDelivery: { method: "POST", path: "/my/webhooks/{id}/deliveries/{delivery_id}/redeliver", requires: REQUIRES.manageWebhooks },
  listAllTrades: { method: "GET", path: "/ops/trades", requires: REQUIRES.listEveryTeamsTrades, query: opsTradeListParamsSchema },
  verifyTrade: { method: "POST", path: "/ops/trades/{id}/verify", requires: REQUIRES.verifyTrade, body: { schema: verifySchema, optional: true }, ifMatch: true },
  unverifyTrade: { method: "POST", path: "/ops/trades/{id}/unverify", requires: REQUIRES.unverifyTrade, body: { schema: unverifySchema }, ifMatch: true },
  listAllDeals: { method: "GET", path: "/ops/deals", requires: REQUIRES.manageDeals, query: opsDealListParamsSchema },
  getAnyDeal: { method: "GET", path: "/ops/deals/{id}", requires: REQUIRES.manageDeals },
  introduceDeal: { method: "POST", path: "/ops/deals/{id}/introduce", requires: REQUIRES.manageDeals, ifMatch: true, errors: ["invalid_transition"] },
  recordDealTerms: { method: "POST", path: "/ops/deals/{id}/terms", requires: REQUIRES.manageDeals, body: { schema: termsSchema }, ifMatch: true, errors: ["invalid_transition"] },
  closeDeal: { method: "POST", path: "/ops/deals/{id}/close", requires: REQUIRES.manageDeals, body: { schema: closeSchema }, ifMatch: true, errors: ["invalid_transition"] },
  killDeal: { method: "POST", path: "/ops/deals/{id}/kill", requires: REQUIRES.manageDeals, body: { schema: killSchema }, ifMatch: true, errors: ["invalid_transition"] },
} as const satisfies Record<string, Operation>;

export type OperationId = keyof typeof OPERATIONS;
