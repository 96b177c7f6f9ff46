"use client";

import { FilterBar } from "@/components/data-table/toolbar";
import type { Option } from "@/components/data-table/types";
import { PendingRegion } from "@/components/data-table/url-state";
import type { FacetCounts } from "@/lib/db/facets";
import type { IssuerFilter } from "../../_components/record-table";
import { tradeFilters } from "../../_components/trades-table";

/**
 * The review's filters and, right below them in the same box, the totals they drive (`children`):
 * every filter of the trades list plus the broker, so a breakdown's click shows up here too.
 */
export function ReviewFilters({
  issuer,
  brokers,
  facets,
  children,
}: {
  issuer: IssuerFilter;
  brokers: Option[];
  facets?: FacetCounts;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby="review-filters-heading" className="mb-5 space-y-3 rounded-md border border-slate-200 bg-white p-3 shadow-sm sm:p-4" data-testid="review-filters">
      <h2 id="review-filters-heading" className="text-sm font-semibold text-slate-900">
        Filters and totals
      </h2>
      <FilterBar filters={tradeFilters({ issuer, verification: "review", brokers, facets })} />
      <PendingRegion className="border-t border-slate-200 pt-3">{children}</PendingRegion>
    </section>
  );
}
