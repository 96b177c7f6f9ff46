import { formatDate } from "@/lib/format";
import { CHANGE_DAYS } from "@/lib/marks/changes";
import { moversOf, type MarkChange } from "@/lib/marks/movers";
import { IssuerCell, MoneyCell } from "../../_components/cells";
import { ChangeCell } from "../../_components/change-cell";

/** How many rises and how many falls each span lists. */
const MOVERS = 5;

const SPANS = [
  { key: "change_1d", title: "In a day", days: CHANGE_DAYS.day },
  { key: "change_30d", title: `In ${CHANGE_DAYS.month} days`, days: CHANGE_DAYS.month },
] as const;

/** The day's biggest movers: the marks that rose and fell most since the day before and over 30 days. */
export function Movers({ date, changes }: { date: string; changes: readonly MarkChange[] }) {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      {SPANS.map((span) => {
        const { up, down } = moversOf(changes, span.key, MOVERS);
        return (
          <section key={span.key} aria-labelledby={`movers-${span.key}`} className="space-y-3 rounded-md border border-slate-200 bg-white p-4 shadow-sm" data-testid={`movers-${span.days}d`}>
            <h3 id={`movers-${span.key}`} className="text-sm font-semibold text-slate-900">
              {span.title} <span className="font-normal text-slate-600">to {formatDate(date)}</span>
            </h3>
            <MoverList title="Up" rows={up} span={span.key} />
            <MoverList title="Down" rows={down} span={span.key} />
          </section>
        );
      })}
    </div>
  );
}

function MoverList({ title, rows, span }: { title: string; rows: MarkChange[]; span: "change_1d" | "change_30d" }) {
  const prices = rows.map((r) => r.price_per_share);
  return (
    <div>
      <h4 className="mb-1 text-[11px] font-semibold uppercase tracking-wide text-slate-600">{title}</h4>
      {rows.length === 0 ? (
        <p className="text-xs text-slate-600">No mark moved this way.</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="mover-list">
          {rows.map((r) => (
            <li key={r.company.id} className="flex items-center justify-between gap-3 py-1.5 text-sm" data-testid="mover">
              <span className="min-w-0">
                <IssuerCell issuer={r.company} roomy />
              </span>
              <span className="flex shrink-0 items-baseline gap-3 font-mono text-xs">
                <MoneyCell value={r.price_per_share} column={prices} />
                <span className="w-14 text-right">
                  <ChangeCell change={r[span]} />
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
