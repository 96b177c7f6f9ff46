import type { OperationId } from "../http/operations";

/**
 * What the document says of each operation beyond its declaration (lib/http/operations.ts) and its
 * answers (answers.ts): the group it is listed under and a description for a reader deciding
 * whether it is the call they need; `{permission}` stands for the permission it declares. Rules
 * that apply to every operation (paging, errors, conditional reads, idempotency) are said once, in
 * the API reference (docs/api.md and the pages it lists).
 */

export const TAGS = [
  { name: "Companies", description: "The directory of companies and each company's details." },
  { name: "Market", description: "A company's order book and its tape of verified trades, as the caller may see them." },
  { name: "Indications", description: "The caller's team's bids and offers: list, export, create, change, refresh, close, history." },
  { name: "Trades", description: "The caller's team's recorded trades: list, export, record, change, history." },
  { name: "Deals", description: "From an order one may see to a closed trade: asking for an introduction, the parties' and the marketplace team's steps, the team's deals." },
  { name: "Verification", description: "The marketplace team's view of every team's trades, and verifying them." },
  { name: "Watchlist", description: "The companies the caller follows: their own list, whatever their team." },
  { name: "Events", description: "The team's audit trail, for programs that keep a copy in step." },
  { name: "Webhooks", description: "Endpoints the team registers to receive its audit events as signed POSTs, and their delivery logs." },
  { name: "Meta", description: "This document." },
] as const;
type Tag = (typeof TAGS)[number]["name"];

export const DESCRIPTIONS = {
  listCompanies: {
    tag: "Companies",
    description:
      "Every company by name, with a search over names (`q`) and filters on country and region. Any signed-in caller may list them. Sorting by a company's current mark (`sort=mark`, `sort=change_30d`, either way; companies without a mark last in both) or filtering by it (`mark_min`, `mark_max`, `change_30d_min`, `change_30d_max`) needs the `companies` permission: without it, a 403 naming the parameter.",
  },
  getCompany: { tag: "Companies", description: "One company in full: logos in five sizes, lead investors, headquarters and links. Needs the `{permission}` permission." },
  getOrderBook: {
    tag: "Market",
    description: "The company's open indications grouped by price, best bid and offer and the spread, under the market's visibility rules: another team's private indications appear only when shared with the caller's team, an anonymous team's name never.",
  },
  listCompanyTrades: { tag: "Market", description: "The company's verified trades, newest sign date first, with a summary of the filtered set. Only verified trades are on the tape." },
  getCompanyMark: {
    tag: "Market",
    description: "The company's mark today (docs/marks.md): a price per share estimated only from its tape and the orders every caller sees (never a private one), with the band where the next verified trade should fall, what it rests on (`method`), its data points in 180 days and how many of them are verified trades, days since the last trade and the book's imbalance near it.",
  },
  listCompanyMarks: { tag: "Market", description: "The company's daily marks from `from` to `to` (dates, inclusive; `to` at most today), oldest first. A `from` after `to` is refused, naming `from`." },
  listDayMarks: {
    tag: "Market",
    description: "Every company's mark on `date` (today, UTC, by default), paged like every list and ordered by company id: the fields of GET /companies/{company_id}/mark with the company. A company without a mark that day (no observation yet) is not listed.",
  },
  exportDayMarks: { tag: "Market", description: "Every company's mark on `date` (today, UTC, by default) as a streamed CSV file (no paging), in GET /marks' order." },
  getDeskIndex: {
    tag: "Market",
    description: "The Desk 50 (docs/marks.md, \"The Desk 50\"): the 50 companies with the most verified volume over the trailing 12 months at each monthly rebalance, weighted equally, 100 on its first day (`base_date`). Its values from `from` to `to` (dates, inclusive; `to` at most today); a `from` after `to` is refused, naming `from`.",
  },
  listDeskMembers: { tag: "Market", description: "The Desk 50's members from its last rebalance on, by company name, each with its weight (equal: 1/50)." },
  listIndications: { tag: "Indications", description: "The caller's team's indications, filtered, sorted and paged. The page carries an ETag for conditional reads." },
  createIndication: { tag: "Indications", description: "Creates an open indication for the caller's team. Send an `Idempotency-Key` to make a retry safe." },
  exportIndications: { tag: "Indications", description: "Every indication the same filters select, as a streamed CSV file (no paging)." },
  getIndication: { tag: "Indications", description: "One of the team's indications, with its ETag. Another team's id answers 404, as an unknown one does." },
  updateIndication: { tag: "Indications", description: "Changes the fields sent and leaves the others. Send `If-Match` with the ETag you read to refuse a change made meanwhile (412)." },
  indicationHistory: { tag: "Indications", description: "The indication's audit events, oldest first: who changed which field from what to what, and through which way in." },
  refreshIndication: { tag: "Indications", description: "Confirms an open indication is still live: sets `last_refreshed_at` and nothing else." },
  closeIndication: { tag: "Indications", description: "Closes an open indication (`closed_lost`); closing a closed one answers it unchanged." },
  listIndicationMatches: {
    tag: "Indications",
    description: "The open orders of other teams in the same company, on the other side, that cross this one: the bid at or above the offer, the offer's structure among the bid's acceptable ones, each volume at least the other's minimum. Each as the order book shows it (its permalink to ask for an introduction on). A closed indication has none.",
  },
  listTrades: { tag: "Trades", description: "The caller's team's trades, filtered, sorted and paged. The page carries an ETag for conditional reads." },
  createTrade: { tag: "Trades", description: "Records a trade for the caller's team, unverified. Send an `Idempotency-Key` to make a retry safe." },
  exportTrades: { tag: "Trades", description: "Every trade the same filters select, as a streamed CSV file (no paging)." },
  getTrade: { tag: "Trades", description: "One of the team's trades, with its ETag. Another team's id answers 404, as an unknown one does." },
  updateTrade: { tag: "Trades", description: "Changes the fields sent and leaves the others; a verified trade cannot be changed by its team (409). `If-Match` refuses a change made meanwhile (412)." },
  tradeHistory: { tag: "Trades", description: "The trade's audit events, oldest first, verification included." },
  getMarketIndication: {
    tag: "Market",
    description:
      "The order a permalink names (every order-book entry carries one), under the order book's visibility rules: the entry's fields, its company, side and stage. A closed order is still answered, with its stage, to whoever may see it; a private order not shared with the caller, or an unknown permalink, is 404 alike.",
  },
  requestIntroduction: {
    tag: "Deals",
    description: "Asks the marketplace team to introduce the caller's team to the owner of an order it may see (by its permalink, as the order book shows it). The volume lies between the order's minimum and its volume. Send an `Idempotency-Key` to make a retry safe.",
  },
  listDeals: { tag: "Deals", description: "The caller's team's deals, as requester and as owner, newest change first; filter by `stage`, `role`, `issuer_id`, `indication_id`. Each names the other side only as far as the team may see it." },
  exportDeals: {
    tag: "Deals",
    description: "Every deal the same filters select, as a streamed CSV file (no paging), nested fields flattened (`requester_team_name`, `terms_volume`, …), a side not yet named to the team empty.",
  },
  getDeal: { tag: "Deals", description: "One of the team's deals with its ETag. Another team's deal answers 404, as an unknown one does." },
  dealHistory: { tag: "Deals", description: "The deal's steps, oldest first, as the team saw each: who took it, when, what changed." },
  acceptDeal: { tag: "Deals", description: "The order's owner accepts a requested deal; the marketplace team then introduces the parties." },
  declineDeal: { tag: "Deals", description: "The order's owner declines a requested deal, saying why; the requester is told." },
  withdrawDeal: { tag: "Deals", description: "Either party ends an open deal, optionally saying why." },
  listAllDeals: { tag: "Deals", description: "Every deal, both parties named, for the marketplace team; `team_id` for one team's. Needs `{permission}`." },
  getAnyDeal: { tag: "Deals", description: "Any deal, both parties named. Needs `{permission}`." },
  introduceDeal: { tag: "Deals", description: "Introduces the parties of an accepted deal: from now on each side's team and broker are named to the other. Needs `{permission}`." },
  recordDealTerms: { tag: "Deals", description: "Records the price, volume, structure and sign date the parties agreed; again to change them. Needs `{permission}`." },
  closeDeal: {
    tag: "Deals",
    description: "Closes a deal in closing: in the same transaction, one unverified trade for each party on the terms (the order's stock, the won date sent, each party's broker as its broker and verification officer, `deal_id` set). Needs `{permission}`.",
  },
  killDeal: { tag: "Deals", description: "Ends an open deal with a reason (`rofr_exercised`, `issuer_blocked`, `no_agreement`, `other`) and an optional note. Needs `{permission}`." },
  listEvents: { tag: "Events", description: "The team's audit events after a cursor, in the order they were written. Keep `next_cursor` and ask again from it: nothing is skipped or repeated." },
  streamEvents: {
    tag: "Events",
    description: "Stays open and sends the team's audit events and the caller's notifications as they are written, each with the stream's position as id: after a dropped connection, `Last-Event-ID` resumes with nothing skipped or repeated (`cursor`, a feed cursor of GET /my/events, starts the events there). Also hints, without an id, that a company's market or the verification queue changed. Ends within one heartbeat of sign-out or the key's revocation.",
  },
  listNotifications: {
    tag: "Events",
    description: "What the caller was told (a trade of their team verified or unverified; another team's indication or verified trade in a company they follow, as the market shows it), newest first; `unread=true` for the unread ones; `cursor` (`next_cursor`) for older ones. Only the caller's own. Kept 90 days.",
  },
  markNotificationsRead: { tag: "Events", description: "Marks the ids sent (the caller's own; others are left alone) or, with `{\"all\": true}`, every one read. Answers the unread count." },
  listAllTrades: { tag: "Verification", description: "Every team's trades with their team, for the marketplace team. Needs `{permission}`." },
  verifyTrade: { tag: "Verification", description: "Marks any team's trade verified. Verifying a verified trade answers it unchanged. Needs `{permission}`." },
  unverifyTrade: { tag: "Verification", description: "Takes the verification back, with the reason the trade's team will see. Needs `{permission}`." },
  listWatchlist: { tag: "Watchlist", description: "Every company the caller follows, by name, each as the directory lists it with when it was followed. Any signed-in caller, with any key of theirs." },
  getWatchlistEntry: { tag: "Watchlist", description: "The company's entry in the caller's watchlist. 404 when the company is not followed (the message says so) or is unknown." },
  followCompany: { tag: "Watchlist", description: "Adds the company to the caller's watchlist. Idempotent: following a followed company answers 200 with its entry, unchanged. Any key of the user may." },
  unfollowCompany: { tag: "Watchlist", description: "Removes the company from the caller's watchlist. Idempotent: a company not followed answers 204 too; an unknown one 404." },
  listWebhooks: { tag: "Webhooks", description: "The team's webhook endpoints. Secrets are never shown again after the create or rotation that made them." },
  createWebhook: { tag: "Webhooks", description: "Registers an endpoint for some event types (wildcards `indication.*`, `trade.*`, `deal.*`, `*`). It receives the team's events from now on. Keep the `secret` of the answer: it verifies every delivery and is not shown again." },
  getWebhook: { tag: "Webhooks", description: "One endpoint of the team: its URL, event types, and whether it was disabled after five days of failures. Another team's id answers 404." },
  updateWebhook: { tag: "Webhooks", description: "Changes the URL, event types or description; `disabled: false` re-enables a disabled endpoint, which goes on from the event it stopped at." },
  deleteWebhook: { tag: "Webhooks", description: "Deletes the endpoint and its delivery log; nothing more is sent to it." },
  rotateWebhookSecret: { tag: "Webhooks", description: "Makes a new secret, shown once. For 24 hours deliveries carry a signature by each secret, so receivers can switch without losing one." },
  listWebhookDeliveries: { tag: "Webhooks", description: "The endpoint's latest delivery attempts, newest first: event, attempt, status or error, duration and the start of the receiver's answer." },
  redeliverWebhookDelivery: { tag: "Webhooks", description: "Sends a logged delivery's event again at once, with the same `webhook-id`, and answers the attempt. The endpoint's place in its events does not move." },
  redeliverWebhookRange: {
    tag: "Webhooks",
    description:
      "Queues the team's events of `[since, until)` (until: now when left out) that match the endpoint's types and that it is done with (sent, or given up on), to be sent again by the worker within seconds, in the order they happened, each with its own `webhook-id`; attempts are logged as `manual`. The endpoint's place in its new events does not move. One range at a time per endpoint (409 `redelivery_pending` while one is under way).",
  },
  getOpenApiDocument: { tag: "Meta", description: "This document. Public: it holds no data." },
} satisfies Record<OperationId, { tag: Tag; description: string }>;
