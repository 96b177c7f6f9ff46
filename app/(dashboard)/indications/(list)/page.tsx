import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { exportHref, tableParams } from "@/components/data-table/search-params";
import { parsePage, type Page } from "@/lib/schema/pagination";
import type { FacetCounts } from "@/lib/db/facets";
import { indicationFacets } from "@/lib/indications/facets";
import { listIndications } from "@/lib/indications/queries";
import { DEFAULT_INDICATION_SORT, indicationExportParamsSchema, parseIndicationListParams, type Indication } from "@/lib/indications/schema";
import { getLogoColors } from "@/lib/logos/queries";
import { NewIndicationButton } from "../../_components/deal-form/indication-form";
import { IndicationsTable } from "../../_components/indications-table";
import { InvalidQueryAlert } from "../../_components/invalid-query";
import { requireCaller } from "../../_lib/caller";
import { COMPANY_SEARCH_URL, selectedIssuer } from "../../_lib/issuer";
import { emptyPage, invalidQuery, pageInfo, readSearchParams, type PageSearchParams } from "../../_lib/params";

export const metadata: Metadata = { title: "Indications" };

export default async function IndicationsPage({ searchParams }: { searchParams: PageSearchParams }) {
  const caller = await requireCaller();
  const { query } = tableParams(await readSearchParams(searchParams));
  const parsed = parseIndicationListParams(query);

  // The same data function as GET /api/v1/my/indications, with the URL's query as is.
  const [page, facets]: [Page<Indication>, FacetCounts | undefined] = parsed.ok
    ? await Promise.all([listIndications(caller, parsed.value).then(parsePage), indicationFacets(caller, parsed.value)])
    : [emptyPage<Indication>(), undefined];
  const issuer = await selectedIssuer(caller, parsed.ok ? parsed.value.issuer_id : undefined, page.items);
  // No button that would fail: without the permission the write side refuses anyway.
  const canManage = caller.permissions.includes("indications_manage");

  return (
    <>
      <PageHeader title="Indications" description={`Bids and offers of team ${caller.teamName}.`}>
        {canManage ? <NewIndicationButton /> : null}
      </PageHeader>
      {parsed.ok ? null : <InvalidQueryAlert error={invalidQuery(parsed.error)} resetHref="/indications" />}
      <IndicationsTable
        rows={page.items}
        page={pageInfo(page)}
        sort={parsed.ok ? parsed.value.sort : DEFAULT_INDICATION_SORT}
        issuer={{ selected: issuer, searchUrl: COMPANY_SEARCH_URL }}
        manage={canManage}
        facets={facets}
        logoColors={await getLogoColors(page.items.map((row) => row.issuer.id))}
        exportHref={parsed.ok ? exportHref("/api/v1/my/indications.csv", query, Object.keys(indicationExportParamsSchema.shape)) : undefined}
      />
    </>
  );
}
