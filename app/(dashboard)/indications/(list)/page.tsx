import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { NewRows } from "@/components/live/new-rows";
import { indicationFacets } from "@/lib/indications/facets";
import { listIndications } from "@/lib/indications/queries";
import { DEFAULT_INDICATION_SORT, indicationExportParamsSchema, indicationListParamsSchema } from "@/lib/indications/schema";
import { NewIndicationButton } from "../../_components/record-form/indication-form";
import { IndicationsTable } from "../../_components/indications-table";
import { InvalidQueryAlert } from "../../_components/invalid-query";
import { requireCaller } from "../../_lib/caller";
import { COMPANY_SEARCH_URL } from "../../_lib/issuer";
import { pageInfo, type PageSearchParams } from "../../_lib/params";
import { readTeamTable } from "../../_lib/team-table";
import { parseQuery } from "@/lib/schema/params";

export const metadata: Metadata = { title: "Indications" };

export default async function IndicationsPage({ searchParams }: { searchParams: PageSearchParams }) {
  const caller = await requireCaller();
  // The same data functions as GET /api/v1/my/indications, with the URL's query as is.
  const table = await readTeamTable(caller, searchParams, {
    parse: (query) => parseQuery(indicationListParamsSchema, query),
    list: listIndications,
    facets: indicationFacets,
    defaultSort: DEFAULT_INDICATION_SORT,
    exportPath: "/api/v1/my/indications.csv",
    exportParams: Object.keys(indicationExportParamsSchema.shape),
    views: "indications",
  });
  // No button that would fail: without the permission the write side refuses anyway.
  const canManage = caller.permissions.includes("indications_manage");

  return (
    <>
      <PageHeader title="Indications" description={`Bids and offers of team ${caller.teamName}.`}>
        {canManage ? <NewIndicationButton /> : null}
      </PageHeader>
      {table.invalid ? <InvalidQueryAlert error={table.invalid} resetHref="/indications" /> : null}
      <NewRows kind="indication" me={caller.userId} />
      <IndicationsTable
        rows={table.page.items}
        page={pageInfo(table.page)}
        sort={table.sort}
        issuer={{ selected: table.issuer, searchUrl: COMPANY_SEARCH_URL }}
        manage={canManage}
        facets={table.facets}
        logoColors={table.logoColors}
        exportHref={table.exportHref}
        savedViews={table.views}
        invalidLink={table.invalid !== null}
      />
    </>
  );
}
