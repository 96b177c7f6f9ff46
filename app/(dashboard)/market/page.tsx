import type { Metadata } from "next";
import { PageHeader } from "@/components/layout/page-header";
import { REQUIRES } from "@/lib/auth/requirements";
import { formatDate, formatDecimal } from "@/lib/format";
import { latestMarkDate, markChanges } from "@/lib/marks/changes";
import { deskIndex, deskMembers } from "@/lib/marks/desk50-queries";
import { formatChange } from "@/lib/marks/movers";
import { indexFigure } from "@/lib/marks/words";
import { requireCaller } from "../_lib/caller";
import { forbid } from "../_lib/forbid";
import { IndexChart } from "./_components/index-chart";
import { MembersTable } from "./_components/members";
import { Movers } from "./_components/movers";

export const metadata: Metadata = { title: "Market" };

/**
 * The market at a glance (issue 46): the Desk 50 with its chart and members, and the day's
 * biggest movers among every company's mark. Read through lib/marks, as the API's routes read.
 */
export default async function MarketPage() {
  // No loading.tsx above it, so the 403 is the answer's status.
  const caller = await requireCaller();
  if (!caller.permissions.includes(REQUIRES.viewMarket.permission)) forbid({ kind: "permission", name: REQUIRES.viewMarket.permission });
  const [index, { members }, date] = await Promise.all([deskIndex({ from: undefined, to: undefined }), deskMembers(), latestMarkDate()]);
  const changes = date === null ? [] : await markChanges(date);
  const byCompany = new Map(changes.map((c) => [c.company.id, c]));
  const last = index.values.at(-1);
  const first = index.values[0];
  const sinceBase = last && first ? Number(last.value) / Number(first.value) - 1 : null;

  return (
    <div className="space-y-6" data-testid="market-page">
      <PageHeader title="Market" description="The Desk 50 and the day's biggest movers, from every company's daily mark." />

      <section aria-labelledby="index-heading" className="space-y-3 rounded-md border border-slate-200 bg-white p-5 shadow-sm" data-testid="index-chart">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="index-heading" className="text-sm font-semibold text-slate-900">
            {index.index.name}
          </h2>
          {last ? (
            <p className="text-xs text-slate-600" data-testid="index-value">
              <strong className="whitespace-nowrap font-mono text-base text-slate-900">{indexFigure(last.value)}</strong> on{" "}
              <span className="whitespace-nowrap">{formatDate(last.date)}</span> · <span className="whitespace-nowrap">{formatChange(sinceBase)}</span> since{" "}
              <span className="whitespace-nowrap">{formatDate(first.date)}</span>
            </p>
          ) : null}
        </div>
        <p className="text-xs text-slate-600">
          The 50 companies with the most verified volume over the trailing 12 months, chosen again on the first of each month and weighted equally, valued
          at their marks; {formatDecimal(index.index.base_value)} on its first day.
        </p>
        <IndexChart index={index} />
      </section>

      <section aria-labelledby="movers-heading" className="space-y-2" data-testid="movers">
        <h2 id="movers-heading" className="text-sm font-semibold text-slate-900">
          Biggest movers
        </h2>
        {date === null ? <p className="text-xs text-slate-600">No marks yet.</p> : <Movers date={date} changes={changes} />}
      </section>

      <section aria-labelledby="members-heading" className="space-y-2">
        <h2 id="members-heading" className="text-sm font-semibold text-slate-900">
          Members <span className="font-normal text-slate-600">({members.length})</span>
        </h2>
        <MembersTable members={members} changes={byCompany} />
      </section>
    </div>
  );
}
