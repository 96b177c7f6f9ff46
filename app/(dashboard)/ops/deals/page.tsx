import type { Metadata } from "next";
import { REQUIRES } from "@/lib/auth/requirements";
import { DealDeskPage } from "../../_components/deals/deal-desk";
import { requireCaller } from "../../_lib/caller";
import { forbid } from "../../_lib/forbid";
import type { PageSearchParams } from "../../_lib/params";

export const metadata: Metadata = { title: "Deal desk" };

/** The marketplace team's desk: every deal, both sides named (GET /api/v1/ops/deals's list). */
export default async function DealDeskOpsPage({ searchParams }: { searchParams: PageSearchParams }) {
  // No loading.tsx above it, so the 403 is the answer's status.
  const caller = await requireCaller();
  if (!caller.permissions.includes(REQUIRES.manageDeals.permission)) forbid({ kind: "permission", name: REQUIRES.manageDeals.permission });
  return <DealDeskPage caller={caller} searchParams={searchParams} desk="marketplace" />;
}
