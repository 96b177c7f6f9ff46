import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { NewRows } from "@/components/live/new-rows";
import { tradeFacets } from "@/lib/trades/facets";
import { listTrades } from "@/lib/trades/queries";
import { DEFAULT_TRADE_SORT, tradeListParamsSchema, tradeExportParamsSchema } from "@/lib/trades/schema";
import { RecordTradeButton } from "../../_components/record-form/trade-form";
import { InvalidQueryAlert } from "../../_components/invalid-query";
import { TradesTable } from "../../_components/trades-table";
import { requireCaller } from "../../_lib/caller";
import { COMPANY_SEARCH_URL } from "../../_lib/issuer";
import { pageInfo, type PageSearchParams } from "../../_lib/params";
import { readTeamTable } from "../../_lib/team-table";
import { parseQuery } from "@/lib/schema/params";

export const metadata: Metadata = { title: "Trades" };

export default async function TradesPage({ searchParams }: { searchParams: PageSearchParams }) {
  const caller = await requireCaller();
  // The same data functions as GET /api/v1/my/trades, with the URL's query as is.
  const table = await readTeamTable(caller, searchParams, {
    parse: (query) => parseQuery(tradeListParamsSchema, query),
    list: listTrades,
    facets: tradeFacets,
    defaultSort: DEFAULT_TRADE_SORT,
    exportPath: "/api/v1/my/trades.csv",
    exportParams: Object.keys(tradeExportParamsSchema.shape),
    views: "trades",
  });

  return (
    <>
      <PageHeader title="Trades" description={`Recorded trades of team ${caller.teamName}.`}>
        {caller.permissions.includes("trades_manage") ? <RecordTradeButton /> : null}
      </PageHeader>
      {table.invalid ? <InvalidQueryAlert error={table.invalid} resetHref="/trades" /> : null}
      <NewRows kind="trade" me={caller.userId} />
      <TradesTable
        rows={table.page.items}
        page={pageInfo(table.page)}
        sort={table.sort}
        issuer={{ selected: table.issuer, searchUrl: COMPANY_SEARCH_URL }}
        facets={table.facets}
        logoColors={table.logoColors}
        exportHref={table.exportHref}
        savedViews={table.views}
        invalidLink={table.invalid !== null}
      />
    </>
  );
}
