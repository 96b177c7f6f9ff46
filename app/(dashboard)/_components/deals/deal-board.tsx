import Link from "next/link";
import { SideBadge } from "@/components/data-table/badges";
import { IntentLink } from "@/components/intent-link";
import { Timestamp } from "@/components/timestamp";
import { DEAL_ROLE_LABELS, DEAL_STAGE_LABELS } from "@/lib/deals/labels";
import type { Deal } from "@/lib/deals/schema";
import { formatCount, formatUsdWhole } from "@/lib/format";
import type { BoardColumn } from "../../_lib/deals";
import { otherParty, PartyName } from "./deal-cells";

/**
 * The deals by stage, a column each (`?view=board`). The columns wrap onto rows as the window
 * narrows (one under the other on a phone), so the board never scrolls the page sideways.
 * `tableHref` is the table view filtered to one stage, for the deals beyond a column's cards.
 */
export function DealBoard({ columns, tableHref }: { columns: BoardColumn[]; tableHref: (stage: string) => string }) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-6" data-testid="deal-board">
      {columns.map((column) => (
        <section key={column.stage} aria-labelledby={`board-${column.stage}`} className="min-w-0 rounded-md border border-slate-200 bg-slate-50 p-2" data-testid="board-column" data-stage={column.stage}>
          <h2 id={`board-${column.stage}`} className="mb-2 flex items-baseline justify-between gap-2 px-1 text-xs font-semibold uppercase tracking-wide text-slate-700">
            {DEAL_STAGE_LABELS[column.stage]}
            <span className="tabular-nums text-slate-600">{formatCount(column.total)}</span>
          </h2>
          {column.deals.length === 0 ? <p className="px-1 pb-1 text-xs text-slate-600">No deals.</p> : null}
          <ul className="space-y-2">
            {column.deals.map((deal) => (
              <BoardCard key={deal.id} deal={deal} />
            ))}
          </ul>
          {column.total > column.deals.length ? (
            <Link href={tableHref(column.stage)} className="mt-2 block px-1 text-xs font-medium text-indigo-700 hover:underline">
              All {formatCount(column.total)} in the table
            </Link>
          ) : null}
        </section>
      ))}
    </div>
  );
}

/** A card: the whole of it opens the deal (its one link, stretched over it). */
function BoardCard({ deal }: { deal: Deal }) {
  return (
    <li className="relative rounded border border-slate-200 bg-white p-2 text-xs shadow-sm hover:border-indigo-300" data-testid="board-card" data-id={deal.id}>
      <IntentLink href={`/deals/${deal.id}`} className="block truncate text-sm font-medium text-slate-900 after:absolute after:inset-0 after:rounded focus-visible:outline-2 focus-visible:outline-indigo-500" title={deal.company.name}>
        {deal.company.name}
      </IntentLink>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1">
        <SideBadge side={deal.indication.side} />
        <span className="whitespace-nowrap tabular-nums text-slate-700" title={`${deal.requested.volume} USD asked`}>
          {formatUsdWhole(deal.requested.volume)}
        </span>
      </p>
      <p className="mt-1 truncate text-slate-700">
        {deal.role ? (
          <>
            {DEAL_ROLE_LABELS[deal.role]} · with <PartyName party={otherParty(deal)} />
          </>
        ) : (
          <>
            <PartyName party={deal.requester} /> → <PartyName party={deal.owner} />
          </>
        )}
      </p>
      <p className="mt-1 text-slate-600">
        <Timestamp iso={deal.updated_at} className="whitespace-nowrap" />
      </p>
    </li>
  );
}
