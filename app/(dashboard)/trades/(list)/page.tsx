import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { exportHref, tableParams } from "@/components/data-table/search-params";
import { parsePage, type Page } from "@/lib/schema/pagination";
import type { FacetCounts } from "@/lib/db/facets";
import { tradeFacets } from "@/lib/trades/facets";
import { listTrades } from "@/lib/trades/queries";
import { DEFAULT_TRADE_SORT, parseTradeListParams, tradeExportParamsSchema, type Trade } from "@/lib/trades/schema";
import { getLogoColors } from "@/lib/logos/queries";
import { InvalidQueryAlert } from "../../_components/invalid-query";
import { RecordTradeButton } from "../../_components/deal-form/trade-form";
import { TradesTable } from "../../_components/trades-table";
import { requireCaller } from "../../_lib/caller";
import { COMPANY_SEARCH_URL, selectedIssuer } from "../../_lib/issuer";
import { emptyPage, invalidQuery, pageInfo, readSearchParams, type PageSearchParams } from "../../_lib/params";

export const metadata: Metadata = { title: "Trades" };

export default async function TradesPage({ searchParams }: { searchParams: PageSearchParams }) {
  const caller = await requireCaller();
  const { query } = tableParams(await readSearchParams(searchParams));
  const parsed = parseTradeListParams(query);

  // The same data function as GET /api/v1/my/trades, with the URL's query as is.
  const [page, facets]: [Page<Trade>, FacetCounts | undefined] = parsed.ok
    ? await Promise.all([listTrades(caller, parsed.value).then(parsePage), tradeFacets(caller, parsed.value)])
    : [emptyPage<Trade>(), undefined];
  const issuer = await selectedIssuer(caller, parsed.ok ? parsed.value.issuer_id : undefined, page.items);

  return (
    <>
      <PageHeader title="Trades" description={`Recorded trades of team ${caller.teamName}.`}>
        {caller.permissions.includes("trades_manage") ? <RecordTradeButton /> : null}
      </PageHeader>
      {parsed.ok ? null : <InvalidQueryAlert error={invalidQuery(parsed.error)} resetHref="/trades" />}
      <TradesTable
        rows={page.items}
        page={pageInfo(page)}
        sort={parsed.ok ? parsed.value.sort : DEFAULT_TRADE_SORT}
        issuer={{ selected: issuer, searchUrl: COMPANY_SEARCH_URL }}
        facets={facets}
        logoColors={await getLogoColors(page.items.map((row) => row.issuer.id))}
        exportHref={parsed.ok ? exportHref("/api/v1/my/trades.csv", query, Object.keys(tradeExportParamsSchema.shape)) : undefined}
      />
    </>
  );
}
