import type { Metadata } from "next";
import Link from "next/link";
import { IntentLink } from "@/components/intent-link";
import { PageHeader } from "@/components/layout/page-header";
import { PaginationBar } from "@/components/data-table/pagination";
import { shownSort, tableParams } from "@/components/data-table/search-params";
import { INVALID_LINK_EMPTY } from "@/components/data-table/empty-state";
import { FilterBar } from "@/components/data-table/toolbar";
import type { FilterDef } from "@/components/data-table/types";
import { PendingRegion, TableUrlProvider } from "@/components/data-table/url-state";
import { parsePage, type Page } from "@/lib/schema/pagination";
import { UrlPhoneSort, UrlSortHeader } from "@/components/data-table/sort-controls";
import { listCompanies, listCompanyDirectory, listCompanyLocations, requireDetailsAllowed } from "@/lib/companies/queries";
import { changeOfRatio } from "@/lib/companies/mark-columns";
import { companyListParamsSchema, HQ_PARAMS, type CompanyDirectoryItem, type CompanyListQuery, type CompanySummary } from "@/lib/companies/schema";
import { ApiError } from "@/lib/schema/errors";
import { MoneyCell } from "../../_components/cells";
import { CompanyLogo } from "../../_components/company-logo";
import { FollowButton } from "../../_components/follow";
import { InvalidQueryAlert } from "../../_components/invalid-query";
import { ChangeCell } from "../../_components/change-cell";
import { requireCaller } from "../../_lib/caller";
import { followedCompanyIds } from "@/lib/watchlist/watchlist";
import { emptyPage, invalidQuery, pageInfo, readSearchParams, type PageSearchParams } from "../../_lib/params";
import { parseQuery } from "@/lib/schema/params";

export const metadata: Metadata = { title: "Companies" };

type Row = CompanyDirectoryItem | (CompanySummary & { legal_name?: undefined });

const DEFAULT_SORT: CompanyListQuery["sort"] = { field: "name", direction: "asc" };

/** The refusal of a headquarters filter or a mark's sort or bound to a user without `companies` (the API's 403), or null. */
function detailsRefused(caller: Parameters<typeof requireDetailsAllowed>[0], query: CompanyListQuery): ApiError | null {
  try {
    requireDetailsAllowed(caller, query);
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

export default async function CompaniesPage({ searchParams }: { searchParams: PageSearchParams }) {
  const caller = await requireCaller();
  const { query } = tableParams(await readSearchParams(searchParams));
  const read = parseQuery(companyListParamsSchema, query);
  // Details (HQ, investors, marks) need the companies permission; without it the directory lists
  // names, like GET /api/v1/companies, and refuses a link that sorts or filters by marks as it does.
  const detailed = caller.permissions.includes("companies");
  const refused = read.ok ? detailsRefused(caller, read.value) : null;
  const parsed = refused ? ({ ok: false, error: refused } as const) : read;
  const sort = parsed.ok ? parsed.value.sort : shownSort(DEFAULT_SORT, true, query.get("sort"));

  const following = parsed.ok && parsed.value.following === true;
  const followed = parsed.ok && parsed.value.following !== undefined ? await followedCompanyIds(caller) : [];

  const [page, locations]: [Page<Row>, { country: string; region: string }[]] = await Promise.all([
    parsed.ok
      ? detailed
        ? listCompanyDirectory(caller, parsed.value, followed)
        : listCompanies(caller, parsed.value, followed).then(parsePage<Row>)
      : Promise.resolve(emptyPage<Row>()),
    // The locations are details too: no headquarters filter without the permission.
    detailed ? listCompanyLocations() : Promise.resolve([]),
  ]);

  // The rows carry their marks as the columns they sort by hold them (lib/marks/current.ts).
  const prices = page.items.map((c) => ("mark" in c ? c.mark : null));

  const country = parsed.ok ? parsed.value.country : undefined;
  const countries = [...new Set(locations.map((l) => l.country))];
  const regions = [...new Set(locations.filter((l) => !country || l.country === country).map((l) => l.region))].sort();
  // Search, location and following are chips; a mark's bounds are behind "+ Filter". Location and
  // marks are details: without the companies permission neither is offered.
  const offered: FilterDef[] = [
    { kind: "text", param: "q", label: "Search", placeholder: "Name or legal name", primary: true },
    {
      kind: "select",
      param: "country",
      primary: true,
      label: "Country",
      defaultValue: "",
      clears: ["region"],
      options: [{ value: "", label: "All countries" }, ...countries.map((c) => ({ value: c, label: c }))],
    },
    {
      kind: "select",
      param: "following",
      primary: true,
      label: "Following",
      defaultValue: "",
      options: [
        { value: "", label: "All companies" },
        { value: "true", label: "Following" },
        { value: "false", label: "Not following" },
      ],
    },
    {
      kind: "select",
      param: "region",
      primary: true,
      label: "Region",
      defaultValue: "",
      options: [{ value: "", label: "All regions" }, ...regions.map((r) => ({ value: r, label: r }))],
    },
    ...(detailed
      ? ([
          { kind: "decimalRange", label: "Mark", minParam: "mark_min", maxParam: "mark_max", unit: "price" },
          { kind: "decimalRange", label: "30-day change", minParam: "change_30d_min", maxParam: "change_30d_max", unit: "percent" },
        ] satisfies FilterDef[])
      : []),
  ];
  const hq: readonly string[] = HQ_PARAMS;
  const filters = detailed ? offered : offered.filter((filter) => !("param" in filter && filter.param !== undefined && hq.includes(filter.param)));
  const sorts = [{ field: "name", label: "Company" }, ...(detailed ? [{ field: "mark", label: "Mark" }, { field: "change_30d", label: "30-day change" }] : [])];
  const headerClass = "px-3 py-2 font-semibold";

  return (
    <TableUrlProvider>
      <PageHeader title="Companies" description="Private companies traded on the marketplace." />
      {parsed.ok ? null : <InvalidQueryAlert error={invalidQuery(parsed.error)} resetHref="/companies" />}
      {detailed ? null : (
        <p className="mb-3 rounded border border-slate-200 bg-white px-3 py-2 text-xs text-slate-600" data-testid="names-only-note">
          You can see company names. Company details need the <strong>companies</strong> permission.
        </p>
      )}
      <div className="space-y-2">
        <div role="search" aria-label="Companies">
          <FilterBar filters={filters} total={parsed.ok ? page.total_count : undefined} noun="company" plural="companies" />
        </div>
        <UrlPhoneSort label="Companies" options={sorts} sort={sort} />
        <PendingRegion>
          <div className="relative overflow-x-auto rounded-md border border-slate-200 bg-white shadow-sm">
            <table className="min-w-full text-sm" data-testid="companies-table">
              <caption className="sr-only">Companies</caption>
              <thead className="border-b border-slate-200 bg-slate-50">
                <tr className="text-[11px] uppercase tracking-wide text-slate-600">
                  <UrlSortHeader field="name" sort={sort} className={`${headerClass} text-left`} testId="sort-name">
                    Company
                  </UrlSortHeader>
                  {detailed ? (
                    <>
                      <th scope="col" className={`hidden ${headerClass} text-left sm:table-cell`}>
                        Headquarters
                      </th>
                      <th scope="col" className={`hidden ${headerClass} text-left sm:table-cell`}>
                        Lead investors
                      </th>
                      <UrlSortHeader field="mark" sort={sort} align="right" className={`hidden whitespace-nowrap ${headerClass} text-right sm:table-cell`} testId="sort-mark">
                        Mark
                      </UrlSortHeader>
                      <UrlSortHeader field="change_30d" sort={sort} align="right" className={`hidden whitespace-nowrap ${headerClass} text-right sm:table-cell`} testId="sort-change_30d">
                        30 days
                      </UrlSortHeader>
                    </>
                  ) : null}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {page.items.map((company) => (
                  <CompanyRow key={company.id} company={company} detailed={detailed} prices={prices} />
                ))}
                {page.items.length === 0 ? (
                  <tr>
                    <td colSpan={detailed ? 5 : 1} className="px-3 py-12 text-center" data-testid="empty-state">
                      <p className="text-sm font-medium text-slate-700">
                        {!parsed.ok
                          ? INVALID_LINK_EMPTY
                          : page.total_count > 0
                            ? "This page is past the end."
                            : following && followed.length === 0
                              ? "You follow no companies yet."
                              : "No companies match your search."}
                      </p>
                      {following && followed.length === 0 ? (
                        <p className="mt-1 text-xs text-slate-600" data-testid="following-empty">
                          Select the star beside a company to follow it: here, on its page or in the indications and trades tables.
                        </p>
                      ) : null}
                      <Link href="/companies" className="mt-1 inline-block text-xs font-medium text-indigo-700 hover:underline">
                        Show all companies
                      </Link>
                    </td>
                  </tr>
                ) : null}
              </tbody>
            </table>
          </div>
        </PendingRegion>
        <PaginationBar page={pageInfo(page)} />
      </div>
    </TableUrlProvider>
  );
}

function CompanyRow({ company, detailed, prices }: { company: Row; detailed: boolean; prices: (string | null)[] }) {
  const label = (
    <>
      <CompanyLogo id={company.id} size={48} />
      <span className="min-w-0">
        <span className="block font-medium text-slate-900 group-hover:text-indigo-700 group-hover:underline">{company.name}</span>
        {company.legal_name ? <span className="block truncate text-xs text-slate-500">{company.legal_name}</span> : null}
      </span>
    </>
  );
  // Without the permission the company page is closed (403): the name is not a link to it.
  const name = detailed ? (
    <IntentLink href={`/companies/${company.id}`} className="group flex items-center gap-3 rounded" data-testid="company-link">
      {label}
    </IntentLink>
  ) : (
    <span className="flex items-center gap-3" data-testid="company-name-text">
      {label}
    </span>
  );
  if (!detailed || !("country" in company)) {
    return (
      <tr className="hover:bg-slate-50" data-testid="company-row">
        <td className="px-3 py-2">
          <span className="flex items-center justify-between gap-2">
            {name}
            <FollowButton company={company} />
          </span>
        </td>
      </tr>
    );
  }
  const investors = company.lead_investors.length > 0 ? company.lead_investors.join(", ") : null;
  const change = changeOfRatio(company.ratio_30d);
  return (
    <tr className="hover:bg-slate-50" data-testid="company-row">
      <td className="px-3 py-2">
        <span className="flex items-center justify-between gap-2">
          {name}
          <FollowButton company={company} />
        </span>
        {/* On a phone the table is one column: the headquarters and investors under the name. */}
        <p className="mt-1 text-xs text-slate-600 sm:hidden">
          {company.country} · {company.region}
          {investors ? <span className="block text-slate-500">Led by {investors}</span> : null}
          {company.mark !== null ? (
            <span className="block" data-testid="company-mark-line">
              Mark <span className="whitespace-nowrap tabular-nums"><MoneyCell value={company.mark} column={prices} /></span> · <ChangeCell change={change} /> in 30 days
            </span>
          ) : null}
        </p>
      </td>
      <td className="hidden whitespace-nowrap px-3 py-2 text-xs text-slate-700 sm:table-cell" data-testid="company-hq">
        <span className="block">{company.country}</span>
        <span className="block text-slate-500">{company.region}</span>
      </td>
      <td className="hidden px-3 py-2 text-xs text-slate-700 sm:table-cell" data-testid="company-investors">
        {investors ?? <span className="text-slate-500">—</span>}
      </td>
      <td className="hidden whitespace-nowrap px-3 py-2 text-right font-mono text-xs text-slate-700 tabular-nums sm:table-cell" data-testid="company-mark">
        <MoneyCell value={company.mark} column={prices} />
      </td>
      <td className="hidden whitespace-nowrap px-3 py-2 text-right font-mono text-xs sm:table-cell" data-testid="company-change-30d">
        <ChangeCell change={change} />
      </td>
    </tr>
  );
}
