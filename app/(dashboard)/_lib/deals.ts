import { notFound } from "next/navigation";
import { cache } from "react";
import { tableParams, withoutParams } from "@/components/data-table/search-params";
import type { Caller } from "@/lib/auth/caller";
import { REQUIRES } from "@/lib/auth/requirements";
import { DEAL_STAGES, type DealStage } from "@/lib/domain/enums";
import { DEAL_STEPS, type DealStep } from "@/lib/deals/machine";
import { dealList, getAnyDeal, getDeal, opsDealList } from "@/lib/deals/queries";
import { DEFAULT_DEAL_SORT, dealListParamsSchema, opsDealListParamsSchema, type Deal, type DealListQuery, type OpsDealListQuery } from "@/lib/deals/schema";
import { getLogoColors } from "@/lib/logos/queries";
import type { Versioned } from "@/lib/records/read";
import { ApiError } from "@/lib/schema/errors";
import { parsePage, type Page } from "@/lib/schema/pagination";
import { parseQuery } from "@/lib/schema/params";
import { readPage } from "@/lib/schema/read-page";
import { allTeams } from "@/lib/users/queries";
import { selectedIssuer } from "./issuer";
import { emptyPage, invalidQuery, readSearchParams, type InvalidQuery, type PageSearchParams } from "./params";

/**
 * The deal pages' data (/deals, /ops/deals, /deals/{id}): the API's own data functions
 * (lib/deals/queries.ts), the URL's query parsed by the list's schema as GET /my/deals and
 * GET /ops/deals parse it.
 */

/** Whose deals a page lists: the team's (/deals, GET /my/deals) or every team's (/ops/deals, GET /ops/deals). */
export type DealDesk = "team" | "marketplace";

/** The page's own parameter, not the API's: `view=board` shows the deals by stage instead of the table. */
export const VIEW_PARAM = "view";

/** Cards a board column shows; the rest are a link to the table filtered to that stage. */
const BOARD_CARDS = 20;

type Query = DealListQuery | OpsDealListQuery;

function parse(desk: DealDesk, query: URLSearchParams) {
  return desk === "team" ? parseQuery(dealListParamsSchema, query) : parseQuery(opsDealListParamsSchema, query);
}

function read(caller: Caller, desk: DealDesk, query: Query): Promise<Page<Deal>> {
  const list = desk === "team" ? dealList(caller, query as DealListQuery) : opsDealList(caller, query as OpsDealListQuery);
  return readPage(list, query).then(parsePage);
}

/** One column of the board: a stage, its first cards and how many deals it holds under the filters. */
export interface BoardColumn {
  stage: DealStage;
  deals: Deal[];
  total: number;
}

/**
 * A deal list page's data: the table's page, or with `view=board` one page of each stage the
 * filters leave (every stage, or those of `stage`); the selected company, the rows' logo colours,
 * the teams for the marketplace desk's team filter, and the parser's message when the URL does not parse.
 */
export async function readDealDesk(caller: Caller, searchParams: PageSearchParams, desk: DealDesk) {
  const all = await readSearchParams(searchParams);
  const board = all.get(VIEW_PARAM) === "board";
  const { query } = tableParams(withoutParams(all, [VIEW_PARAM]));
  const parsed = parse(desk, query);
  const teams = desk === "marketplace" ? (await allTeams()).map((team) => ({ value: team.id, label: team.name })) : undefined;
  if (!parsed.ok) return { board, page: emptyPage<Deal>(), columns: [], invalid: invalidQuery(parsed.error) as InvalidQuery | null, sort: DEFAULT_DEAL_SORT, issuer: null, logoColors: {}, teams };
  const value = parsed.value;
  const [page, columns] = board
    ? [emptyPage<Deal>(), await boardColumns(caller, desk, value)]
    : [await read(caller, desk, value), [] as BoardColumn[]];
  const shown = [...page.items, ...columns.flatMap((column) => column.deals)];
  return {
    board,
    page,
    columns,
    invalid: null as InvalidQuery | null,
    sort: value.sort,
    issuer: await selectedIssuer(caller, value.issuer_id, shown.map((deal) => ({ issuer: deal.company }))),
    logoColors: await getLogoColors(shown.map((deal) => deal.company.id)),
    teams,
  };
}

async function boardColumns(caller: Caller, desk: DealDesk, query: Query): Promise<BoardColumn[]> {
  const stages = query.stage ?? DEAL_STAGES;
  return Promise.all(
    DEAL_STAGES.filter((stage) => stages.includes(stage)).map(async (stage) => {
      const page = await read(caller, desk, { ...query, stage: [stage], page: 1, per_page: BOARD_CARDS, cursor: undefined });
      return { stage, deals: page.items, total: page.total_count };
    }),
  );
}

/**
 * The deal of /deals/{id}, once per request (layout and page both ask): the caller's team's, as
 * a party sees it (GET /my/deals/{id}); else, for the marketplace team (deals_manage), as it sees
 * any deal (GET /ops/deals/{id}); else the 404 page, as the API's 404.
 */
export const loadDealForPage = cache(async (caller: Caller, id: string): Promise<Versioned<Deal>> => {
  try {
    return await getDeal(caller, id);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  if (!caller.permissions.includes(REQUIRES.manageDeals.permission)) notFound();
  try {
    return await getAnyDeal(caller, id);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
});

/**
 * The steps the viewer may take on the deal now, in the stage machine's order (lib/deals/machine.ts
 * DEAL_STEPS: its from-stages and who takes it): a party's with indications_manage, the marketplace
 * team's on its own view of the deal (role null), whose ETag is the one its steps check.
 */
export function stepsFor(deal: Deal, caller: Caller): DealStep[] {
  const actor = deal.role ?? "marketplace";
  const permitted = actor === "marketplace" || caller.permissions.includes(REQUIRES.takeDealStep.permission);
  if (!permitted) return [];
  const steps = (Object.keys(DEAL_STEPS) as DealStep[]).filter((step) => {
    const { from, by } = DEAL_STEPS[step];
    return (from as readonly DealStage[]).includes(deal.stage) && (by as readonly string[]).includes(actor);
  });
  // The owner ends a request it has not accepted by declining it (with the reason the requester
  // reads): withdraw beside it would be a second button ending the deal (the API takes either).
  return steps.includes("decline") ? steps.filter((step) => step !== "withdraw") : steps;
}
