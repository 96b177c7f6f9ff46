import { z } from "zod";
import { auditEventSchema, eventFeedSchema } from "../audit/events";
import { companyListSchema, companySchema } from "../companies/schema";
import { matchListSchema } from "../deals/matches";
import { dealExportSchema, dealListSchema, dealSchema } from "../deals/schema";
import { csvHeader } from "../http/csv";
import { recordNamed, type OperationId } from "../http/operations";
import { indicationListSchema, indicationSchema } from "../indications/schema";
import { LAST_EVENT_ID_PATTERN } from "../live/stream";
import { companyTradeListSchema, marketIndicationSchema, orderBookSchema } from "../market/schema";
import { DAY_MARKS_CSV_HEADER } from "../marks/day-list";
import { companyMarkSchema, companyMarksSchema, dayMarkListSchema, deskIndexSchema, deskMembersSchema } from "../marks/schema";
import { markReadAnswerSchema, notificationListSchema } from "../notifications/schema";
import { apiFieldsOf } from "../schema/fields";
import { pageFieldsSchema } from "../schema/pagination";
import { opsTradeListSchema, tradeExportSchema, tradeListSchema, tradeSchema, tradeWithTeamSchema } from "../trades/schema";
import { MAX_FOLLOWED, watchlistEntrySchema, watchlistSchema } from "../watchlist/schema";
import {
  REDELIVER_MAX_DAYS,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookListSchema,
  webhookRedeliveryQueuedSchema,
  webhookSchema,
  webhookWithSecretSchema,
  WEBHOOKS_PER_TEAM,
} from "../webhooks/schema";
import { created, header, located, ok, paged, withEtag } from "./responses";

/**
 * Each operation's summary and the answers it gives when it succeeds, from the schemas that type
 * them. `{permission}` stands for the permission the operation declares (lib/http/operations.ts);
 * lib/openapi/paths.ts fills it in, and refuses the summary of an operation that needs one without
 * it. Its errors, 304, If-Match and If-None-Match follow from its declaration and its ETag there.
 */
export interface Answers {
  summary: string;
  responses: Record<string, Record<string, unknown>>;
  /** Headers it reads beyond If-Match and If-None-Match. */
  parameters?: unknown[];
}

const eventPage = z.object({ events: z.array(auditEventSchema), ...pageFieldsSchema });

interface RecordAnswers {
  schema: z.ZodObject;
  list: z.ZodType;
  /** An export's record, when it says more than the item (a trade's broker). */
  exportItem?: z.ZodObject;
  create: string;
  /** When a change answers 409. */
  conflict: string;
}

/** A record resource's operations (indications, trades): the list and create, the CSV export, one row, its change, its history. */
/** A CSV export's answer, its header the record's fields. */
function csvAnswer(exportItem: z.ZodObject) {
  return {
    description: `RFC 4180 CSV, UTF-8, streamed; header: ${csvHeader(apiFieldsOf(exportItem)).join(",")}. Free-text cells that start with =, +, -, @, tab or CR get a leading '.`,
    headers: { "Content-Disposition": header('attachment; filename="<resource>-<date>.csv"') },
    content: { "text/csv": { schema: { type: "string" } } },
  };
}

function recordAnswers<N extends "indication" | "trade">(noun: N, { schema, list, exportItem = schema, create, conflict }: RecordAnswers) {
  const csv = csvAnswer(exportItem);
  return recordNamed(noun, {
    list: { summary: `The caller's team's ${noun}s`, responses: { "200": paged("A page", list) } },
    create: { summary: `${create} (needs {permission})`, responses: { "201": created(`The new ${noun}`, schema) } },
    export: { summary: `The caller's team's ${noun}s as CSV (every row the list's filters select)`, responses: { "200": csv } },
    get: { summary: `One of the team's ${noun}s`, responses: { "200": withEtag(`The ${noun}`, schema) } },
    update: { summary: `Change a ${noun}'s fields (JSON merge patch; needs {permission}; ${conflict})`, responses: { "200": withEtag(`The changed ${noun}`, schema) } },
    history: { summary: `The ${noun}'s audit events (oldest first unless sorted)`, responses: { "200": paged("A page of events", eventPage) } },
  } satisfies Record<string, Answers>);
}

const lastEventId = {
  name: "Last-Event-ID",
  in: "header",
  required: false,
  description: "The id of the last event received (or a feed cursor of GET /my/events): the stream resumes after it (an EventSource sends it when it reconnects). Wins over cursor.",
  schema: { type: "string", pattern: LAST_EVENT_ID_PATTERN, maxLength: 25 },
};

const stream = {
  description: `text/event-stream. \`ready\` first (its id is the position); then each of the team's events as \`event: <action>\` with the event (as GET /my/events shows it) as \`data\`, and each of the caller's notifications as \`event: notification\` (as GET /my/notifications shows it), each with the stream's position after it as \`id\`; \`market\` ({"company_id"}) when a company's book or tape changed as the caller may see it; \`queue\` ({"trade_id", "action"}) for callers with trades_verify; a comment line every heartbeat; \`end\` ({"reason"}) before the server closes it.`,
  content: { "text/event-stream": { schema: { type: "string" } } },
};

/** The deal operations: a request, the lists, one, and each step (docs/api/deals.md). */
function dealAnswers() {
  const step = (summary: string) => ({ summary: `${summary} (needs {permission}; 409 invalid_transition when its stage does not allow it)`, responses: { "200": withEtag("The deal after the step", dealSchema) } });
  return {
    getMarketIndication: { summary: "One order by its permalink, as the order book shows it to the caller, with its company, side and stage (needs the {permission} permission)", responses: { "200": withEtag("The order", marketIndicationSchema) } },
    requestIntroduction: { summary: "Ask for an introduction on another team's order you may see: a deal in stage requested (needs {permission})", responses: { "201": created("The new deal", dealSchema) } },
    listDeals: { summary: "The caller's team's deals, as requester and as owner", responses: { "200": paged("A page", dealListSchema) } },
    exportDeals: { summary: "The caller's team's deals as CSV (every row the list's filters select), nested fields flattened", responses: { "200": csvAnswer(dealExportSchema) } },
    getDeal: { summary: "One of the team's deals, its parties named as far as the team may see them", responses: { "200": withEtag("The deal", dealSchema) } },
    dealHistory: { summary: "The deal's audit events as the team saw them (oldest first unless sorted)", responses: { "200": paged("A page of events", eventPage) } },
    acceptDeal: step("The order's owner accepts the request (requested -> accepted)"),
    declineDeal: step("The order's owner declines the request, saying why (requested -> dead)"),
    withdrawDeal: step("Either party withdraws from an open deal (-> dead)"),
    listAllDeals: { summary: "Every deal, both parties named, or one team's (needs {permission})", responses: { "200": paged("A page", dealListSchema) } },
    getAnyDeal: { summary: "Any deal, both parties named (needs {permission})", responses: { "200": withEtag("The deal", dealSchema) } },
    introduceDeal: step("Introduce the parties (accepted -> introduced): from now on each is named to the other"),
    recordDealTerms: step("Record the agreed terms (introduced or in_closing -> in_closing)"),
    closeDeal: step("Close the deal (in_closing -> closed), recording one unverified trade for each party in the same transaction"),
    killDeal: step("End an open deal, with a reason (-> dead)"),
  } satisfies Partial<Record<OperationId, Answers>>;
}

/** Built for each document: withExamples (lib/openapi/examples.ts) writes into the answers. */
export function operationAnswers() {
  const sameTrade = () => ({ "200": withEtag("The trade with its team", tradeWithTeamSchema) });
  return {
    getOpenApiDocument: { summary: "This document (OpenAPI 3.1)", responses: { "200": { description: "The document", content: { "application/json": { schema: { type: "object" } } } } } },
    listCompanies: { summary: "List companies (id and name), ordered by name or by their marks", responses: { "200": paged("A page", companyListSchema) } },
    getCompany: { summary: "One company in full (needs the {permission} permission)", responses: { "200": ok("The company", companySchema) } },
    getOrderBook: { summary: "The company's order book as the caller may see it: open indications by price, counts, best prices, spread (needs the {permission} permission)", responses: { "200": ok("The order book", orderBookSchema) } },
    listCompanyTrades: { summary: "The company's verified trades (the tape) as the caller may see them, newest sign_date first, with a summary (needs the {permission} permission)", responses: { "200": paged("A page", companyTradeListSchema) } },
    getCompanyMark: { summary: "The company's current mark: its estimated price per share today, with its band and what it rests on (needs the {permission} permission)", responses: { "200": withEtag("The company and its mark (null before it has one)", companyMarkSchema) } },
    listCompanyMarks: { summary: "The company's daily marks, oldest first, ending at the current mark (needs the {permission} permission)", responses: { "200": withEtag("The company and its series", companyMarksSchema) } },
    listDayMarks: { summary: "Every company's mark on one day, by company id (needs the {permission} permission)", responses: { "200": paged("A page of the day's marks", dayMarkListSchema) } },
    exportDayMarks: {
      summary: "Every company's mark on one day as CSV (needs the {permission} permission)",
      responses: {
        "200": {
          description: `RFC 4180 CSV, UTF-8, streamed; header: ${DAY_MARKS_CSV_HEADER.join(",")}. A company name that starts with =, +, -, @, tab or CR gets a leading '.`,
          headers: { "Content-Disposition": header('attachment; filename="marks-<date>.csv"') },
          content: { "text/csv": { schema: { type: "string" } } },
        },
      },
    },
    getDeskIndex: { summary: "The Desk 50 and its daily values, oldest first (needs the {permission} permission)", responses: { "200": withEtag("The index and its values", deskIndexSchema) } },
    listDeskMembers: { summary: "The Desk 50's members since its last rebalance, with their weights (needs the {permission} permission)", responses: { "200": withEtag("The members", deskMembersSchema) } },
    ...recordAnswers("indication", { schema: indicationSchema, list: indicationListSchema, create: "Create an indication", conflict: "409 when closed" }),
    refreshIndication: { summary: "Confirm an open indication is still live (needs {permission})", responses: { "200": withEtag("The refreshed indication", indicationSchema) } },
    listIndicationMatches: { summary: "Other teams' open orders the caller may see that cross this indication, best price first (needs the {permission} permission)", responses: { "200": withEtag("The crossing orders, as the order book shows them", matchListSchema) } },
    closeIndication: { summary: "Close an indication (open -> closed_lost; a closed one is answered unchanged; needs {permission})", responses: { "200": withEtag("The closed indication", indicationSchema) } },
    ...recordAnswers("trade", { schema: tradeSchema, list: tradeListSchema, exportItem: tradeExportSchema, create: "Record a trade, unverified", conflict: "409 trade_verified when verified" }),
    ...dealAnswers(),
    listEvents: { summary: "The team's audit events after a cursor, in the order they were written (incremental sync)", responses: { "200": paged("Events, and where to resume", eventFeedSchema) } },
    streamEvents: {
      summary: "The team's audit events and the caller's notifications as they happen, and hints that a market or the verification queue changed (Server-Sent Events)",
      responses: { "200": stream },
      parameters: [lastEventId],
    },
    listNotifications: { summary: "The caller's notifications, newest first, with the unread count (kept 90 days)", responses: { "200": ok("Notifications, and where older ones start", notificationListSchema) } },
    markNotificationsRead: { summary: "Marks the caller's notifications read: some by id, or all", responses: { "200": ok("The unread count after", markReadAnswerSchema) } },
    listWatchlist: { summary: `The companies the caller follows, by name (all of them: at most ${MAX_FOLLOWED}, no pages)`, responses: { "200": withEtag("The followed companies", watchlistSchema) } },
    getWatchlistEntry: { summary: "Whether the caller follows the company: its entry, or 404 when not followed", responses: { "200": ok("The followed company", watchlistEntrySchema) } },
    followCompany: { summary: `Follow the company (201; 200 when followed already; 409 watchlist_full beyond ${MAX_FOLLOWED})`, responses: { "200": ok("The company, followed already", watchlistEntrySchema), "201": located("The company, followed now", watchlistEntrySchema) } },
    unfollowCompany: { summary: "Stop following the company (204, also when it was not followed)", responses: { "204": { description: "Not followed (any more)" } } },
    listWebhooks: { summary: "The team's webhook endpoints, oldest first (needs {permission})", responses: { "200": ok("The endpoints, without their secrets", webhookListSchema) } },
    createWebhook: { summary: `Register a webhook endpoint; the answer shows its signing secret, once (needs {permission}; 409 endpoint_limit beyond ${WEBHOOKS_PER_TEAM} per team)`, responses: { "201": located("The endpoint with its secret", webhookWithSecretSchema) } },
    getWebhook: { summary: "One of the team's webhook endpoints (needs {permission})", responses: { "200": ok("The endpoint, without its secret", webhookSchema) } },
    updateWebhook: { summary: "Change an endpoint's URL, event types or description, or re-enable it (needs {permission})", responses: { "200": ok("The endpoint as changed", webhookSchema) } },
    deleteWebhook: { summary: "Delete an endpoint and its delivery log (needs {permission})", responses: { "200": ok("The endpoint as it was", webhookSchema) } },
    rotateWebhookSecret: { summary: "A new signing secret, shown once; the old one signs beside it for 24 hours (needs {permission})", responses: { "200": ok("The endpoint with its new secret", webhookWithSecretSchema) } },
    redeliverWebhookRange: { summary: `Send the endpoint's events of a time range (at most ${REDELIVER_MAX_DAYS} days) again, in order, with their webhook-ids (needs {permission})`, responses: { "202": ok("What is queued to be sent again", webhookRedeliveryQueuedSchema) } },
    listWebhookDeliveries: { summary: "The endpoint's latest delivery attempts, newest first (needs {permission})", responses: { "200": ok("Delivery attempts", webhookDeliveryListSchema) } },
    redeliverWebhookDelivery: { summary: "Send a logged delivery's event again now, with the same webhook-id (needs {permission})", responses: { "200": ok("The new attempt", webhookDeliverySchema) } },
    listAllTrades: { summary: "Every team's trades with their team (needs {permission})", responses: { "200": paged("A page", opsTradeListSchema) } },
    verifyTrade: { summary: "Verify any team's trade (needs {permission}; a verified one is answered unchanged; the body and its reason are optional)", responses: sameTrade() },
    unverifyTrade: { summary: "Unverify any team's trade, saying why (needs {permission})", responses: sameTrade() },
  } satisfies Record<OperationId, Answers>;
}
