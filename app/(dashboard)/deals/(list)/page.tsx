import type { Metadata } from "next";
import { DealDeskPage } from "../../_components/deals/deal-desk";
import { requireCaller } from "../../_lib/caller";
import type { PageSearchParams } from "../../_lib/params";

export const metadata: Metadata = { title: "Deals" };

/** The team's deals, as requester and as owner (GET /api/v1/my/deals's list). */
export default async function DealsPage({ searchParams }: { searchParams: PageSearchParams }) {
  return <DealDeskPage caller={await requireCaller()} searchParams={searchParams} desk="team" />;
}
