import "server-only";
import type { DealRole, Side } from "../domain/enums";
import { pageWindow } from "../schema/pagination";
import { ApiError } from "../schema/errors";
import { isUuid } from "../schema/params";
import { requirePermission, type Caller } from "../auth/caller";
import { REQUIRES } from "../auth/requirements";
import { getEngine } from "../db/client";
import type { ApiFields, FieldKind } from "../db/json-sql";
import { apiFieldsOf } from "../schema/fields";
import { readItems, type ItemSource } from "../db/item";
import type { ListQuery, RefJoin } from "../db/list-query";
import type { RunSql } from "../db/engine";
import { versioned, type Versioned } from "../records/read";
import { DEAL_COMPUTED, DEAL_EXPORT_COMPUTED, dealViewerOf, PARTY_VIEWER, type DealViewer } from "./naming";
import { dealExportSchema, dealSchema, type Deal, type DealExport, type DealListQuery, type OpsDealListQuery } from "./schema";

/**
 * Where a deal is read from, in a list and alone (docs/api/deals.md): one row per party
 * (prisma/models/deals.prisma, Deal), its order, company, parties' teams and brokers joined, the fields
 * that depend on who looks computed by lib/deals/naming.ts.
 */

/** The fields read as their kind says; the others are DEAL_COMPUTED's. */
const READ_AS: Partial<Record<keyof Deal, FieldKind>> = { company: "ref", created_at: "timestamp", updated_at: "timestamp" };
const DEAL_EXPORT_FIELDS = apiFieldsOf<DealExport>(dealExportSchema);
const DEAL_FIELDS = Object.fromEntries(Object.keys(dealSchema.shape).map((field) => [field, READ_AS[field as keyof Deal] ?? "text"])) as unknown as ApiFields<Deal>;

const DEAL_JOINS: readonly RefJoin[] = [
  { table: "companies", as: "company", on: "issuer_id" },
  { table: "indications", as: "ind", on: "indication_id" },
  { table: "teams", as: "rq_team", on: "requester_team_id" },
  { table: "teams", as: "ow_team", on: "owner_team_id" },
  { table: "users", as: "rq_user", on: "requester_user_id" },
  { table: "users", as: "ow_user", on: "owner_user_id" },
];

const DEAL_SOURCE: ItemSource<Deal> = { table: "deals", fields: DEAL_FIELDS, computed: DEAL_COMPUTED, joins: DEAL_JOINS };

/** The deal as `viewer` sees it, read through `run` (a write's transaction, or the engine); undefined when the viewer may read no row of it. */
export async function readDeal(run: RunSql, id: string, viewer: DealViewer): Promise<Deal | undefined> {
  return (await readDealAs(run, id, [viewer]))[0];
}

/** The deal as each of `viewers` sees it, in one statement (a step's audience, lib/deals/events.ts). */
export async function readDealAs(run: RunSql, id: string, viewers: readonly DealViewer[]): Promise<(Deal | undefined)[]> {
  if (!isUuid(id)) return viewers.map(() => undefined);
  const keys = viewers.map((viewer) => ({ id: id.toLowerCase(), team: viewer.viewer_ops === "1" ? undefined : viewer.viewer_team, values: { ...viewer } }));
  return (await readItems(run, getEngine().dialect, DEAL_SOURCE, keys)).map((found) => found?.item);
}

export const noSuchDeal = (id: string) => ApiError.notFound(`No deal with id ${id}.`);

/** GET /my/deals/{id}: a deal of the caller's team, as it sees it; any other id is a 404. */
export async function getDeal(caller: Caller, id: string): Promise<Versioned<Deal>> {
  const deal = await readDeal(getEngine().run, id, PARTY_VIEWER(caller.teamId));
  if (!deal) throw noSuchDeal(id);
  return versioned(deal);
}

/**
 * A team's part in a deal it is a party to: its role and the order's side (a trade's page says
 * whether the team bought or sold, to whoever may read the trade); undefined for any other team.
 */
export async function partyPart(teamId: string, id: string): Promise<{ role: DealRole; side: Side } | undefined> {
  const deal = await readDeal(getEngine().run, id, PARTY_VIEWER(teamId));
  return deal?.role ? { role: deal.role, side: deal.indication.side } : undefined;
}

/** GET /ops/deals/{id}: any deal, both parties named. */
export async function getAnyDeal(caller: Caller, id: string): Promise<Versioned<Deal>> {
  requirePermission(caller, REQUIRES.manageDeals);
  const deal = await readDeal(getEngine().run, id, dealViewerOf(caller));
  if (!deal) throw noSuchDeal(id);
  return versioned(deal);
}

/**
 * A deal's id names both its rows, so a page reads its rows at once (no late lookup by id, which
 * would find the other party's row too).
 */
function dealPage(query: DealListQuery | OpsDealListQuery) {
  return { order: { column: query.sort.field, direction: query.sort.direction }, ...pageWindow(query), lateLookup: false };
}

/** GET /my/deals: the team's deals, as requester and as owner (its own row of each). */
export function dealList(caller: Caller, query: DealListQuery): ListQuery<Deal, "deals"> {
  return {
    ...DEAL_SOURCE,
    table: "deals",
    team: caller.teamId,
    values: { ...PARTY_VIEWER(caller.teamId) },
    viewer: caller.teamId,
    dependsOn: ["companies", "indications", "auth"],
    where: (w) => {
      w.oneOf("stage", query.stage);
      w.oneOf("role", query.role);
      w.equals("issuer_id", query.issuer_id);
      w.equals("indication_id", query.indication_id);
    },
    ...dealPage(query),
  };
}

/** GET /my/deals.csv: dealList's rows, flattened (lib/deals/schema.ts dealExportSchema), named by the same rule. */
export function dealExportList(caller: Caller, query: DealListQuery): ListQuery<DealExport, "deals"> {
  return { ...dealList(caller, query), fields: DEAL_EXPORT_FIELDS, computed: DEAL_EXPORT_COMPUTED };
}

/** GET /ops/deals: every deal once (its requester's row), or the deals of team `team_id`. */
export function opsDealList(caller: Caller, query: OpsDealListQuery): ListQuery<Deal, "deals"> {
  requirePermission(caller, REQUIRES.manageDeals);
  return {
    ...DEAL_SOURCE,
    table: "deals",
    values: { ...dealViewerOf(caller) },
    viewer: "ops",
    dependsOn: ["companies", "indications", "auth"],
    where: (w) => {
      if (query.team_id === undefined) w.equals("role", "requester");
      else w.equals("team_id", query.team_id);
      w.oneOf("stage", query.stage);
      w.equals("issuer_id", query.issuer_id);
    },
    ...dealPage(query),
  };
}
