import "server-only";
import type { z } from "zod";
import type { Caller } from "../auth/caller";
import { REQUIRES, type Requirement } from "../auth/requirements";
import type { ListQuery } from "../db/page";
import type { Versioned } from "../deals/read";
import { createIndication, updateIndication } from "../indications/commands";
import { getIndication, indicationList } from "../indications/queries";
import { parseIndicationListParams } from "../indications/schema";
import { indicationCreateSchema, indicationPatchSchema, INDICATION_REFUSED } from "../indications/write-schema";
import { bodyWithoutQuery, parseBody, readJsonBody } from "../schema/body";
import type { PageRequest } from "../schema/pagination";
import { noQuery, type ParseResult, type RawParams } from "../schema/params";
import { createTrade, updateTrade } from "../trades/commands";
import { getTrade, tradeList } from "../trades/queries";
import { parseTradeListParams } from "../trades/schema";
import { TRADE_REFUSED, tradeCreateSchema, tradePatchSchema } from "../trades/write-schema";
import { apiRoute, otherMethods } from "./handler";
import { listResponse } from "./list-response";
import { resourceResponse } from "./resource-response";

/**
 * The routes indications and trades share, written once: `GET` and `POST /my/<resource>` (the
 * team's list, a create) and `GET` and `PATCH /my/<resource>/{id}`. Each resource says what it
 * is made of; the route files only spread the result.
 */
interface DealResource<Q extends PageRequest, C extends z.ZodType, P extends z.ZodType, R extends { id: string }> {
  name: "indications" | "trades";
  parseList: (raw: RawParams) => ParseResult<Q>;
  list: (teamId: string, query: Q) => ListQuery<R>;
  create: { requires: Requirement; schema: C; run: (caller: Caller, input: z.output<C>) => Promise<Versioned<R>> };
  change: { requires: Requirement; schema: P; run: (caller: Caller, id: string, patch: z.output<P>, ifMatch: string | null) => Promise<Versioned<R>> };
  get: (caller: Caller, id: string) => Promise<Versioned<R>>;
  refused: { onCreate: Record<string, string>; onPatch: Record<string, string> };
}

type Params = { id: string };

/** GET and POST /my/<resource>; every other method answers 405. */
export function teamListRoutes<Q extends PageRequest, C extends z.ZodType, P extends z.ZodType, R extends { id: string }>(resource: DealResource<Q, C, P, R>) {
  const GET = apiRoute(async ({ request, url, caller }) => {
    const query = resource.parseList(url.searchParams);
    if (!query.ok) throw query.error;
    return listResponse(request, resource.name, resource.list(caller.teamId, query.value), query.value, caller);
  });
  const POST = apiRoute(
    {
      requires: resource.create.requires,
      input: ({ request, url }) => bodyWithoutQuery(url, async () => parseBody(resource.create.schema, await readJsonBody(request), resource.refused.onCreate)),
    },
    async ({ caller, input }) => resourceResponse(await resource.create.run(caller, input), { createdIn: `/api/v1/my/${resource.name}` }),
  );
  return { ...otherMethods("GET", "POST"), GET, POST };
}

/** GET and PATCH /my/<resource>/{id}; every other method answers 405. */
export function teamItemRoutes<Q extends PageRequest, C extends z.ZodType, P extends z.ZodType, R extends { id: string }>(resource: DealResource<Q, C, P, R>) {
  const GET = apiRoute<Params>(async ({ request, url, caller, params }) => {
    noQuery(url);
    return resourceResponse(await resource.get(caller, params.id), { ifNoneMatch: request.headers.get("if-none-match") });
  });
  const PATCH = apiRoute<Params, z.output<P>>(
    {
      requires: resource.change.requires,
      input: ({ request, url }) =>
        bodyWithoutQuery(url, async () => parseBody(resource.change.schema, await readJsonBody(request, { mergePatch: true }), resource.refused.onPatch)),
    },
    async ({ request, caller, params, input }) => resourceResponse(await resource.change.run(caller, params.id, input, request.headers.get("if-match"))),
  );
  return { ...otherMethods("GET", "PATCH"), GET, PATCH };
}

export const INDICATIONS = {
  name: "indications",
  parseList: parseIndicationListParams,
  list: indicationList,
  create: { requires: REQUIRES.createIndication, schema: indicationCreateSchema, run: createIndication },
  change: { requires: REQUIRES.changeIndication, schema: indicationPatchSchema, run: updateIndication },
  get: getIndication,
  refused: INDICATION_REFUSED,
} as const;

export const TRADES = {
  name: "trades",
  parseList: parseTradeListParams,
  list: tradeList,
  create: { requires: REQUIRES.recordTrade, schema: tradeCreateSchema, run: createTrade },
  change: { requires: REQUIRES.changeTrade, schema: tradePatchSchema, run: updateTrade },
  get: getTrade,
  refused: TRADE_REFUSED,
} as const;
