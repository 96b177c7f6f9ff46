import { CURRENT_STRUCTURES, STRUCTURES } from "@/lib/domain/enums";
import { formatUsd, structureLabel } from "@/lib/format";
import type { TradeSummary } from "@/lib/trades/summary";

/**
 * Verified volume per month of the sign date, stacked by structure, over the review's filtered
 * trades. Bar heights are drawn from floats (a picture needs no exactness); every figure shown in
 * words (the titles and the table for screen readers) is the exact decimal.
 */

const COLORS: Record<string, string> = {
  direct: "#4f46e5",
  spv_1_layer: "#0891b2",
  spv_2_layer: "#059669",
  forward_contract: "#d97706",
  spv: "#9ca3af",
};

const HEIGHT = 160;

export function VolumeChart({ months }: { months: TradeSummary["by_month"] }) {
  const byMonth = new Map<string, TradeSummary["by_month"]>();
  for (const row of months) byMonth.set(row.month, [...(byMonth.get(row.month) ?? []), row]);
  const list = [...byMonth.entries()];
  const totals = list.map(([, rows]) => rows.reduce((sum, r) => sum + Number(r.total_volume), 0));
  const max = Math.max(1, ...totals);
  const present = STRUCTURES.filter((s) => months.some((m) => m.structure === s));
  const barWidth = 28;
  const width = Math.max(list.length * (barWidth + 8), 200);

  return (
    <section aria-labelledby="chart-heading" className="rounded-md border border-slate-200 bg-white p-4 shadow-sm" data-testid="volume-chart">
      <h2 id="chart-heading" className="text-sm font-semibold text-slate-900">
        Volume per month, by structure
      </h2>
      {list.length === 0 ? (
        <p className="mt-2 text-xs text-slate-500">No trades match these filters.</p>
      ) : (
        <>
          <ul className="mt-2 flex flex-wrap gap-3 text-[11px] text-slate-700">
            {present.map((s) => (
              <li key={s} className="inline-flex items-center gap-1">
                <span aria-hidden="true" className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: COLORS[s] }} />
                {structureLabel(s)}
              </li>
            ))}
          </ul>
          {/* Scrolls sideways on a phone: focusable, so a keyboard can scroll it too (axe scrollable-region-focusable). */}
          <div className="mt-2 overflow-x-auto" tabIndex={0} role="region" aria-label="Verified volume per month, scrollable">
            <svg role="img" aria-labelledby="chart-heading" width={width} height={HEIGHT + 20} className="block">
              {list.map(([month, rows], i) => {
                let y = HEIGHT;
                return (
                  <g key={month} transform={`translate(${i * (barWidth + 8)},0)`}>
                    {[...CURRENT_STRUCTURES, "spv"].flatMap((structure) => {
                      const row = rows.find((r) => r.structure === structure);
                      if (!row) return [];
                      const h = Math.max(1, (Number(row.total_volume) / max) * HEIGHT);
                      y -= h;
                      return [
                        <rect key={structure} x={0} y={y} width={barWidth} height={h} fill={COLORS[structure]}>
                          <title>{`${month} · ${structureLabel(structure)}: ${formatUsd(row.total_volume)} (${row.count} trades)`}</title>
                        </rect>,
                      ];
                    })}
                    <text x={barWidth / 2} y={HEIGHT + 14} textAnchor="middle" fontSize="9" fill="#475569">
                      {month.slice(2)}
                    </text>
                  </g>
                );
              })}
            </svg>
          </div>
          <table className="sr-only">
            <caption>Volume per month and structure</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Structure</th>
                <th scope="col">Volume</th>
              </tr>
            </thead>
            <tbody>
              {months.map((row) => (
                <tr key={`${row.month}-${row.structure}`}>
                  <td>{row.month}</td>
                  <td>{structureLabel(row.structure)}</td>
                  <td>{formatUsd(row.total_volume)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
