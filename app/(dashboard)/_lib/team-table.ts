import { exportHref, tableParams } from "@/components/data-table/search-params";
import type { Caller } from "@/lib/auth/caller";
import type { FacetCounts } from "@/lib/db/facets";
import { getLogoColors } from "@/lib/logos/queries";
import type { SavedView, SavedViewTable } from "@/lib/views/view";
import { listSavedViews } from "@/lib/views/views";
import { parsePage, type JsonPage, type Page } from "@/lib/schema/pagination";
import type { ParseResult, SortOrder } from "@/lib/schema/params";
import { selectedIssuer } from "./issuer";
import { emptyPage, invalidQuery, readSearchParams, type InvalidQuery, type PageSearchParams } from "./params";

/** What a team's table page (/indications, /trades) is read from: the API's own data functions. */
interface TeamTableSource<Q extends { issuer_id?: string; sort: SortOrder<string> }, R extends { issuer: { id: string; name: string } }> {
  parse: (query: URLSearchParams) => ParseResult<Q>;
  list: (caller: Caller, query: Q) => Promise<JsonPage<R>>;
  facets: (caller: Caller, query: Q) => Promise<FacetCounts>;
  defaultSort: SortOrder<string>;
  /** The list's CSV export and the parameters it takes. */
  exportPath: string;
  exportParams: readonly string[];
  /** Whose saved views the toolbar offers (lib/views/). */
  views: SavedViewTable;
}

/**
 * One team table page's data: the URL's query parsed by the list's schema, the page and the
 * filters' counts from the same data functions as the API, the selected issuer, the rows' logo
 * colours and the export link; an empty page with the parser's message when the URL does not parse.
 */
export async function readTeamTable<Q extends { issuer_id?: string; sort: SortOrder<string> }, R extends { issuer: { id: string; name: string } }>(
  caller: Caller,
  searchParams: PageSearchParams,
  source: TeamTableSource<Q, R>,
) {
  const { query } = tableParams(await readSearchParams(searchParams));
  const parsed = source.parse(query);
  const [page, facets, views]: [Page<R>, FacetCounts | undefined, SavedView[]] = await Promise.all([
    parsed.ok ? source.list(caller, parsed.value).then(parsePage) : emptyPage<R>(),
    parsed.ok ? source.facets(caller, parsed.value) : undefined,
    listSavedViews(caller, source.views),
  ]);
  const invalid: InvalidQuery | null = parsed.ok ? null : invalidQuery(parsed.error);
  return {
    page,
    facets,
    invalid,
    sort: parsed.ok ? parsed.value.sort : source.defaultSort,
    issuer: await selectedIssuer(caller, parsed.ok ? parsed.value.issuer_id : undefined, page.items),
    logoColors: await getLogoColors(page.items.map((row) => row.issuer.id)),
    exportHref: parsed.ok ? exportHref(source.exportPath, query, source.exportParams) : undefined,
    views,
  };
}
