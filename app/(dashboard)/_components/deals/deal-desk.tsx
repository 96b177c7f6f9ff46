import Link from "next/link";
import { PendingRegion, TableUrlProvider } from "@/components/data-table/url-state";
import { PageHeader } from "@/components/layout/page-header";
import { NewRows } from "@/components/live/new-rows";
import type { Caller } from "@/lib/auth/caller";
import { InvalidQueryAlert } from "../invalid-query";
import { COMPANY_SEARCH_URL } from "../../_lib/issuer";
import { readDealDesk, VIEW_PARAM, type DealDesk } from "../../_lib/deals";
import { pageInfo, readSearchParams, type PageSearchParams } from "../../_lib/params";
import { DealBoard } from "./deal-board";
import { DealFilterBar, DealsTable } from "./deals-table";

const PATH: Record<DealDesk, string> = { team: "/deals", marketplace: "/ops/deals" };

/**
 * A deal list page, the team's (/deals) or the marketplace team's (/ops/deals): the table, or the
 * board by stage (`?view=board`), under one filter bar whose state is the URL.
 */
export async function DealDeskPage({ caller, searchParams, desk }: { caller: Caller; searchParams: PageSearchParams; desk: DealDesk }) {
  const data = await readDealDesk(caller, searchParams, desk);
  const path = PATH[desk];
  const all = await readSearchParams(searchParams);
  const issuer = { selected: data.issuer, searchUrl: COMPANY_SEARCH_URL };
  const hrefWith = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(all);
    next.delete("page");
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString().replace(/%2C/gi, ",");
    return query ? `${path}?${query}` : path;
  };
  return (
    <TableUrlProvider>
      <PageHeader
        title={desk === "team" ? "Deals" : "Deal desk"}
        description={desk === "team" ? `Introductions team ${caller.teamName} asked for, and those asked on its orders.` : "Every team's deals, both sides named."}
      >
        <nav aria-label="View" className="inline-flex rounded border border-slate-300 bg-white p-0.5 text-xs font-semibold shadow-sm" data-testid="deal-view">
          {(
            [
              ["Table", null],
              ["Board", "board"],
            ] as const
          ).map(([label, view]) => {
            const current = data.board === (view === "board");
            return (
              <Link
                key={label}
                href={hrefWith({ [VIEW_PARAM]: view })}
                aria-current={current ? "page" : undefined}
                className={`rounded px-3 py-1 ${current ? "bg-slate-800 text-white" : "text-slate-700 hover:bg-slate-100"}`}
              >
                {label}
              </Link>
            );
          })}
        </nav>
      </PageHeader>
      <NewRows kind="deal" me={caller.userId} />
      {data.invalid ? <InvalidQueryAlert error={data.invalid} resetHref={path} /> : null}
      {data.board ? (
        <div className="space-y-2">
          <DealFilterBar desk={desk} issuer={issuer} teams={data.teams} total={data.columns.reduce((sum, column) => sum + column.total, 0)} />
          <PendingRegion>
            <DealBoard columns={data.columns} tableHref={(stage) => hrefWith({ [VIEW_PARAM]: null, stage })} />
          </PendingRegion>
        </div>
      ) : (
        <DealsTable desk={desk} rows={data.page.items} page={pageInfo(data.page)} sort={data.sort} issuer={issuer} teams={data.teams} logoColors={data.logoColors} invalidLink={data.invalid !== null} />
      )}
    </TableUrlProvider>
  );
}
