import type { DeskMembers } from "@/lib/marks/schema";
import type { MarkChange } from "@/lib/marks/movers";
import { formatWeight } from "@/lib/marks/words";
import { IssuerCell, MoneyCell } from "../../_components/cells";
import { ChangeCell } from "../../_components/change-cell";

/** The Desk 50's members since its last rebalance, each with its weight and its mark (lib/marks/changes.ts). */
export function MembersTable({ members, changes }: { members: DeskMembers["members"]; changes: ReadonlyMap<string, MarkChange> }) {
  const prices = members.map((m) => changes.get(m.company.id)?.price_per_share ?? null);
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200 bg-white shadow-sm" tabIndex={0} role="region" aria-label="Desk 50 members, scrollable">
      <table className="min-w-full text-sm" data-testid="index-members">
        <caption className="sr-only">The Desk 50&apos;s members, with their weights and marks</caption>
        <thead className="border-b border-slate-200 bg-slate-50">
          <tr className="text-[11px] uppercase tracking-wide text-slate-600">
            <th scope="col" className="px-2 py-2 sm:px-3 text-left font-semibold">
              Company
            </th>
            <th scope="col" className="px-2 py-2 sm:px-3 text-right font-semibold">
              Weight
            </th>
            <th scope="col" className="px-2 py-2 sm:px-3 text-right font-semibold">
              Mark
            </th>
            <th scope="col" className="hidden px-2 py-2 sm:px-3 text-right font-semibold sm:table-cell">
              30 days
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {members.map((m, i) => {
            const change = changes.get(m.company.id);
            return (
              <tr key={m.company.id} data-testid="index-member">
                <td className="px-2 py-1.5 sm:px-3">
                  <IssuerCell issuer={m.company} roomy />
                </td>
                <td className="whitespace-nowrap px-2 py-1.5 sm:px-3 text-right font-mono text-xs tabular-nums">{formatWeight(m.weight)}</td>
                <td className="whitespace-nowrap px-2 py-1.5 sm:px-3 text-right font-mono text-xs tabular-nums">
                  <MoneyCell value={prices[i]} column={prices} />
                </td>
                <td className="hidden whitespace-nowrap px-2 py-1.5 sm:px-3 text-right font-mono text-xs tabular-nums sm:table-cell">
                  <ChangeCell change={change?.change_30d ?? null} />
                </td>
              </tr>
            );
          })}
          {members.length === 0 ? (
            <tr>
              <td colSpan={4} className="px-3 py-8 text-center text-xs text-slate-600">
                No members yet: the index is computed by the marks&apos; rebuild.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
