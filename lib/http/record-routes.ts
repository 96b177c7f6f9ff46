import "server-only";
import type { Caller } from "../auth/caller";
import type { ListQuery } from "../db/list-query";
import type { Versioned } from "../records/read";
import { createIndication, updateIndication } from "../indications/commands";
import { getIndication, indicationList } from "../indications/queries";
import type { PageRequest } from "../schema/pagination";
import { createTrade, updateTrade } from "../trades/commands";
import { getTrade, tradeList } from "../trades/queries";
import { otherMethods } from "./handler";
import { listResponse } from "./list-response";
import { operationRoute, type InputOf } from "./operation-route";
import { OPERATIONS, type Operation } from "./operations";
import { resourceResponse } from "./resource-response";

/**
 * The routes indications and trades share, written once: `GET` and `POST /my/<resource>` (the
 * team's list, a create) and `GET` and `PATCH /my/<resource>/{id}`. Each resource names its
 * operations (lib/http/operations.ts: permission, query, body) and what answers them; the route
 * files only spread the result.
 */
interface RecordResource<L extends Operation, C extends Operation, P extends Operation, R extends { id: string }> {
  name: "indications" | "trades";
  operations: { list: L; create: C; get: Operation & { path: `/my/${string}/{id}` }; change: P & { path: `/my/${string}/{id}` } };
  list: (teamId: string, query: InputOf<L>) => ListQuery<R>;
  create: (caller: Caller, input: InputOf<C>) => Promise<Versioned<R>>;
  change: (caller: Caller, id: string, patch: InputOf<P>, ifMatch: string | null) => Promise<Versioned<R>>;
  get: (caller: Caller, id: string) => Promise<Versioned<R>>;
}

/** GET and POST /my/<resource>; every other method answers 405. */
export function teamListRoutes<L extends Operation, C extends Operation, P extends Operation, R extends { id: string }>(resource: RecordResource<L, C, P, R>) {
  const { list, create } = resource.operations;
  // A list's query is a page request (listQuery, lib/schema/params.ts). A page is the same for every
  // member of the team: kept under the team's counter and those it depends on
  // (docs/performance-decisions.md, "Answered pages and ETags").
  const GET = operationRoute(list, async ({ request, caller, input }) => listResponse(request, resource.name, resource.list(caller.teamId, input), input as PageRequest, { keepAnswers: true }));
  const POST = operationRoute(create, async ({ caller, input }) => resourceResponse(await resource.create(caller, input), { createdIn: `/api/v1/my/${resource.name}` }));
  return { ...otherMethods("GET", "POST"), GET, POST };
}

/** GET and PATCH /my/<resource>/{id}; every other method answers 405. */
export function teamItemRoutes<L extends Operation, C extends Operation, P extends Operation, R extends { id: string }>(resource: RecordResource<L, C, P, R>) {
  const { get, change } = resource.operations;
  const GET = operationRoute(get, async ({ request, caller, params }) =>
    resourceResponse(await resource.get(caller, params.id), { ifNoneMatch: request.headers.get("if-none-match") }),
  );
  // `change`'s path is the item's, `/my/<resource>/{id}` (RecordResource), which TypeScript does not read through the generic.
  const PATCH = operationRoute(change, async ({ request, caller, params, input }) =>
    resourceResponse(await resource.change(caller, (params as { id: string }).id, input, request.headers.get("if-match"))),
  );
  return { ...otherMethods("GET", "PATCH"), GET, PATCH };
}

export const INDICATIONS = {
  name: "indications",
  operations: { list: OPERATIONS.listIndications, create: OPERATIONS.createIndication, get: OPERATIONS.getIndication, change: OPERATIONS.updateIndication },
  list: indicationList,
  create: createIndication,
  change: updateIndication,
  get: getIndication,
} as const;

export const TRADES = {
  name: "trades",
  operations: { list: OPERATIONS.listTrades, create: OPERATIONS.createTrade, get: OPERATIONS.getTrade, change: OPERATIONS.updateTrade },
  list: tradeList,
  create: createTrade,
  change: updateTrade,
  get: getTrade,
} as const;
