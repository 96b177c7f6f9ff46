import { formatDate, formatDecimal } from "@/lib/format";
import { indexFigure } from "@/lib/marks/words";
import type { DeskIndex } from "@/lib/marks/schema";
import { monthLabel, ticks } from "../../_lib/chart-scale";

/**
 * The Desk 50's values over time as plain SVG drawn on the server, like the company's price chart
 * (docs/ui.md, "Charts"): one line, a value axis, the months. Drawn twice, wide and phone-sized,
 * so its labels stay 11 px and more at 390 px.
 */

const SIZES = {
  wide: { width: 1200, height: 300, left: 56, right: 24, bottom: 30, font: 11, labels: 12 },
  narrow: { width: 320, height: 240, left: 44, right: 16, bottom: 44, font: 13, labels: 4 },
} as const;
const TOP = 12;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);

export function IndexChart({ index }: { index: DeskIndex }) {
  const values = index.values;
  if (values.length === 0) return <p className="py-8 text-center text-xs text-slate-600">No values yet: the index is computed by the marks&apos; rebuild.</p>;
  const numbers = values.map((v) => Number(v.value));
  const low = Math.min(...numbers);
  const high = Math.max(...numbers);
  const margin = (high - low) * 0.08 || 1;
  const [yMin, yMax] = [low - margin, high + margin];
  const start = dayOf(values[0].date);
  const end = Math.max(dayOf(values[values.length - 1].date), start + 1);
  // The first day of each month after the first value.
  const months: number[] = [];
  const from = new Date(start);
  for (let m = 1; Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + m, 1) <= end; m++) months.push(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + m, 1));
  const first = values[0];
  const last = values[values.length - 1];
  const plot = (size: keyof typeof SIZES) => {
    const { width, height, left, right, bottom, font, labels } = SIZES[size];
    // At most `labels` month labels, so that they never touch (a year of months fits the wide drawing).
    const monthEvery = Math.ceil(months.length / labels);
    const x = (day: number) => left + ((day - start) / (end - start)) * (width - left - right);
    const y = (v: number) => height - bottom - ((v - yMin) / (yMax - yMin)) * (height - TOP - bottom);
    const line = `M${values.map((v) => `${x(dayOf(v.date)).toFixed(1)},${y(Number(v.value)).toFixed(1)}`).join(" L")}`;
    return (
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className={size === "wide" ? "hidden h-auto w-full sm:block" : "h-auto w-full sm:hidden"}
        role="img"
        aria-label={`The Desk 50 from ${indexFigure(first.value)} on ${formatDate(first.date)} to ${indexFigure(last.value)} on ${formatDate(last.date)}`}
        data-testid={size === "wide" ? "index-chart-plot" : "index-chart-plot-narrow"}
      >
        {ticks(yMin, yMax, 4).map((v) => (
          <g key={`y${v}`}>
            <line x1={left} x2={width - right} y1={y(v)} y2={y(v)} stroke="#e2e8f0" strokeDasharray="3 3" />
            <text x={left - 6} y={y(v) + font / 3} textAnchor="end" fontSize={font} fill="#64748b">
              {formatDecimal(String(v))}
            </text>
          </g>
        ))}
        {months
          .filter((_, i) => i % monthEvery === 0)
          .map((t) => {
            const [name, year] = monthLabel(new Date(t).toISOString().slice(0, 7)).split(" ");
            const at = x(t);
            return (
              <text key={t} x={at} y={height - bottom + font + 6} textAnchor="middle" fontSize={font} fill="#64748b">
                {size === "narrow" ? (
                  <>
                    <tspan x={at}>{name}</tspan>
                    <tspan x={at} dy={font + 1}>
                      {year}
                    </tspan>
                  </>
                ) : (
                  `${name} ${year}`
                )}
              </text>
            );
          })}
        <path d={line} fill="none" stroke="#4338ca" strokeWidth={size === "wide" ? 1.75 : 1.5} data-testid={size === "wide" ? "index-line" : undefined} />
      </svg>
    );
  };
  return (
    <figure className="space-y-2">
      {plot("wide")}
      {plot("narrow")}
      <figcaption className="text-[11px] text-slate-600">
        Daily value, <span className="whitespace-nowrap">{formatDecimal(index.index.base_value)}</span> on{" "}
        <span className="whitespace-nowrap">{formatDate(index.index.base_date)}</span>
      </figcaption>
    </figure>
  );
}
