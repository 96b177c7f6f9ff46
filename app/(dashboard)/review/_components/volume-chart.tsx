import { CURRENT_STRUCTURES, STRUCTURES } from "@/lib/domain/enums";
import { formatUsd, structureLabel } from "@/lib/format";
import type { TradeSummary } from "@/lib/trades/summary";
import { axisTicks, everyMonth, formatUsdCompact, monthLabel } from "../../_lib/chart-scale";

/**
 * Verified volume per month of the sign date, stacked by structure, over the review's filtered
 * trades: every month from the first to the last (a month without trades is an empty slot, so the
 * time axis does not lie), a dollar axis with gridlines, each month's total above its bar. Drawn
 * on the server as SVG, no chart script (docs/ui.md "Charts"). Bar heights come from floats (a
 * picture needs no exactness); every figure in words (titles, the screen-reader table) is exact.
 */

const COLORS: Record<string, string> = {
  direct: "#4f46e5",
  spv_1_layer: "#0891b2",
  spv_2_layer: "#059669",
  forward_contract: "#d97706",
  spv: "#9ca3af",
};

const PLOT_HEIGHT = 200;
const TOP = 18; // room for the totals above the highest bar
const AXIS = 56; // the dollar axis' labels
/** A month's least width: its total and its two-line label ("Nov" over "2024") at 11 px. */
const SLOT = 48;
/** About how many months a phone's card shows at once (its ~260 px over SLOT). */
const PHONE_MONTHS = 5;
const BAR = 26;
const FONT = 11;

export function VolumeChart({ months }: { months: TradeSummary["by_month"] }) {
  const byMonth = new Map<string, TradeSummary["by_month"]>();
  for (const row of months) byMonth.set(row.month, [...(byMonth.get(row.month) ?? []), row]);
  const slots = months.length === 0 ? [] : everyMonth(months[0].month, months[months.length - 1].month);
  const totalOf = (month: string) => (byMonth.get(month) ?? []).reduce((sum, r) => sum + Number(r.total_volume), 0);
  const ticks = axisTicks(Math.max(0, ...slots.map(totalOf)));
  const top = ticks[ticks.length - 1];
  const y = (value: number) => TOP + PLOT_HEIGHT - (value / top) * PLOT_HEIGHT;
  const present = STRUCTURES.filter((s) => months.some((m) => m.structure === s));
  const plotWidth = slots.length * SLOT;
  const height = TOP + PLOT_HEIGHT + 34;
  // Months are placed in percent of the plot, so the plot fills the card when they fit; when they
  // do not, it scrolls in a window a whole number of months wide, so no label is cut at its edge.
  const share = 100 / Math.max(1, slots.length);
  const scrollerWidth = `max(round(down, 100%, ${SLOT}px), calc(100% - max(0px, ${plotWidth}px - 100%) * 1000))`;

  return (
    <section aria-labelledby="chart-heading" className="rounded-md border border-slate-200 bg-white p-4 shadow-sm" data-testid="volume-chart">
      <h2 id="chart-heading" className="text-sm font-semibold text-slate-900">
        Volume per month, by structure
      </h2>
      {slots.length === 0 ? (
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
          <div className="mt-2 flex">
            {/* The axis stays put while the months scroll; the newest months show first (row-reverse scrolls from the end). */}
            <svg aria-hidden="true" width={AXIS} height={height} className="block shrink-0">
              {ticks.map((tick) => (
                <text key={tick} x={AXIS - 6} y={y(tick) + 4} textAnchor="end" fontSize={FONT} fill="#475569">
                  {formatUsdCompact(tick)}
                </text>
              ))}
            </svg>
            <div className="min-w-0 flex-1">
            <div className="flex flex-row-reverse overflow-x-auto" style={{ width: scrollerWidth }} tabIndex={0} role="region" aria-label="Verified volume per month, scrollable" data-testid="volume-chart-scroll">
              <svg role="img" aria-labelledby="chart-heading" width="100%" height={height} style={{ minWidth: plotWidth }} className="block shrink-0" data-testid="volume-chart-plot">
                {ticks.map((tick) => (
                  <line key={tick} x1={0} x2="100%" y1={y(tick)} y2={y(tick)} stroke={tick === 0 ? "#94a3b8" : "#e2e8f0"} strokeWidth={1} />
                ))}
                {slots.map((month, i) => {
                  const rows = byMonth.get(month) ?? [];
                  const total = totalOf(month);
                  let level = 0;
                  const [name, year] = monthLabel(month).split(" ");
                  // The month's own viewport: its bar and labels centred in it, whatever its width.
                  return (
                    <svg key={month} x={`${i * share}%`} width={`${share}%`} overflow="visible" data-testid="volume-chart-month" data-month={month} data-count={rows.reduce((n, r) => n + r.count, 0)}>
                      {[...CURRENT_STRUCTURES, "spv"].flatMap((structure) => {
                        const row = rows.find((r) => r.structure === structure);
                        if (!row) return [];
                        const from = level;
                        level += Number(row.total_volume);
                        return [
                          <rect key={structure} x="50%" transform={`translate(${-BAR / 2} 0)`} y={y(level)} width={BAR} height={Math.max(1, y(from) - y(level))} fill={COLORS[structure]}>
                            <title>{`${monthLabel(month)} · ${structureLabel(structure)}: ${formatUsd(row.total_volume)} (${row.count} trades)`}</title>
                          </rect>,
                        ];
                      })}
                      {total > 0 ? (
                        <text x="50%" y={y(total) - 4} textAnchor="middle" fontSize={FONT} fill="#334155">
                          {formatUsdCompact(total)}
                        </text>
                      ) : null}
                      <text y={TOP + PLOT_HEIGHT + 15} textAnchor="middle" fontSize={FONT} fill="#475569" data-testid="volume-chart-label">
                        <tspan x="50%">{name}</tspan>
                        <tspan x="50%" dy={FONT + 2}>
                          {year}
                        </tspan>
                      </text>
                    </svg>
                  );
                })}
              </svg>
            </div>
            </div>
          </div>
          {/* A phone shows about five months: say how many there are, and where the rest are. */}
          {slots.length > PHONE_MONTHS ? (
            <p className="mt-1 text-[11px] text-slate-600 sm:hidden" data-testid="volume-chart-span">
              {slots.length} months, {monthLabel(slots[0])} to {monthLabel(slots[slots.length - 1])}, the newest first: swipe the chart for the earlier ones.
            </p>
          ) : null}
          {/* sr-only on a wrapper: a table is as tall as its rows whatever its height, and an
              absolutely positioned one made ~1,000 px of blank scroll under the page. */}
          <div className="sr-only">
            <table>
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
                    <td>{monthLabel(row.month)}</td>
                    <td>{structureLabel(row.structure)}</td>
                    <td>{formatUsd(row.total_volume)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
