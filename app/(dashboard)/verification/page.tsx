import type { Metadata } from "next";
import { forbidden } from "next/navigation";
import { PageHeader } from "@/components/layout/page-header";
import { tableParams } from "@/components/data-table/search-params";
import { parsePage } from "@/lib/schema/pagination";
import { formatCount } from "@/lib/format";
import { DEFAULT_TRADE_SORT, type TradeWithTeam } from "@/lib/trades/schema";
import { InvalidQueryAlert } from "../_components/invalid-query";
import { VerificationTable } from "../_components/verification-table";
import { requireCaller } from "../_lib/caller";
import { COMPANY_SEARCH_URL, selectedIssuer } from "../_lib/issuer";
import { emptyPage, invalidQuery, pageInfo, readSearchParams, type PageSearchParams } from "../_lib/params";
import { parseQueueParams, readQueue, twinsOf, waitingCount } from "../_lib/verification";
import { allTeams } from "@/lib/users/queries";
import { listSavedViews } from "@/lib/views/views";

export const metadata: Metadata = { title: "Verification" };

export default async function VerificationPage({ searchParams }: { searchParams: PageSearchParams }) {
  // Checked here too: Next renders a layout and its page concurrently.
  const caller = await requireCaller();
  if (!caller.permissions.includes("trades_verify")) forbidden();
  const { query } = tableParams(await readSearchParams(searchParams));
  const parsed = parseQueueParams(query);
  const [page, waiting, teams, views] = await Promise.all([
    parsed.ok ? readQueue(caller, parsed.value).then(parsePage) : Promise.resolve(emptyPage<TradeWithTeam>()),
    waitingCount(caller),
    allTeams(),
    listSavedViews(caller, "verification"),
  ]);
  const [issuer, twins] = await Promise.all([selectedIssuer(caller, parsed.ok ? parsed.value.issuer_id : undefined, page.items), twinsOf(caller, page.items)]);

  return (
    <>
      <PageHeader
        title="Verification"
        description={
          <>
            Trades of every team, oldest sign date first. <span data-testid="waiting-count">{formatCount(waiting ?? 0)}</span> waiting.
          </>
        }
      />
      {parsed.ok ? null : <InvalidQueryAlert error={invalidQuery(parsed.error)} resetHref="/verification" />}
      <VerificationTable
        rows={page.items}
        page={pageInfo(page)}
        sort={parsed.ok ? parsed.value.sort : DEFAULT_TRADE_SORT}
        issuer={{ selected: issuer, searchUrl: COMPANY_SEARCH_URL }}
        teams={teams.map((team) => ({ value: team.id, label: team.name }))}
        savedViews={views}
        twins={twins}
        invalidLink={!parsed.ok}
      />
    </>
  );
}
