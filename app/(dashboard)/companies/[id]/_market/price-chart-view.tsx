"use client";

import { CartesianGrid, ComposedChart, Legend, Line, ReferenceArea, ReferenceLine, Scatter, Tooltip, XAxis, YAxis, ZAxis } from "recharts";
import { STRUCTURES, type Structure } from "@/lib/domain/enums";
import { formatDecimal, formatUsd, structureLabel } from "@/lib/format";
import type { PriceHistory } from "@/lib/market/chart";

/** One colour per structure (the legacy `spv` included). */
const STRUCTURE_COLOURS: Record<Structure, string> = {
  direct: "#4f46e5",
  spv_1_layer: "#0891b2",
  spv_2_layer: "#16a34a",
  forward_contract: "#d97706",
  spv: "#9f1239",
};

const DAY_MS = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`);
const dateOf = (day: number) => new Date(day).toISOString().slice(0, 10);

// Coordinates are floats for drawing only; every value shown in text is the exact decimal string.
type Point = { day: number; price: number; volume: number; text: string };

/**
 * Drawn by Recharts as SVG, server-rendered at a fixed size and scaled by CSS (no measuring
 * container, so the first paint already has the chart).
 */
export function PriceChartView({ history, bestBid, bestOffer }: { history: PriceHistory; bestBid: string | null; bestOffer: string | null }) {
  if (history.trades.length === 0 && bestBid === null && bestOffer === null) {
    return <p className="py-8 text-center text-xs text-slate-400">No verified trades in this period and no open bids or offers visible to you.</p>;
  }
  const byStructure = STRUCTURES.map((structure) => ({
    structure,
    points: history.trades
      .filter((t) => t.structure === structure)
      .map(
        (t): Point => ({
          day: dayOf(t.sign_date),
          price: Number(t.price_per_share),
          volume: Number(t.volume),
          text: `${t.sign_date}: ${formatUsd(t.price_per_share)} × ${formatDecimal(t.volume)} USD (${structureLabel(structure)})`,
        }),
      ),
  })).filter((s) => s.points.length > 0);
  const line = (series: PriceHistory["vwap_30d"]) => series.map((p) => ({ day: dayOf(p.sign_date), price: Number(p.vwap), text: `${p.sign_date}: ${formatUsd(p.vwap)}` }));
  const days = history.trades.map((t) => dayOf(t.sign_date));
  const today = Date.now() - (Date.now() % DAY_MS);
  const domain: [number, number] = [days.length ? Math.min(...days) - DAY_MS : today - 30 * DAY_MS, today + DAY_MS];
  return (
    <div data-testid="price-chart-svg">
      <ComposedChart width={960} height={320} margin={{ top: 10, right: 20, bottom: 10, left: 10 }} className="h-auto max-w-full" style={{ width: "100%", height: "auto" }}>
        <CartesianGrid stroke="#e2e8f0" strokeDasharray="3 3" />
        <XAxis dataKey="day" type="number" domain={domain} scale="time" tickFormatter={(d: number) => dateOf(d)} fontSize={11} allowDuplicatedCategory={false} />
        <YAxis dataKey="price" type="number" domain={["auto", "auto"]} tickFormatter={(v: number) => `$${v}`} fontSize={11} width={70} />
        <ZAxis dataKey="volume" type="number" range={[16, 400]} />
        {bestBid !== null && bestOffer !== null ? (
          <ReferenceArea y1={Number(bestBid)} y2={Number(bestOffer)} fill="#94a3b8" fillOpacity={0.15} ifOverflow="extendDomain" />
        ) : null}
        {bestBid !== null ? <ReferenceLine y={Number(bestBid)} stroke="#059669" strokeDasharray="4 2" label={{ value: `best bid ${formatUsd(bestBid)}`, fontSize: 10, position: "insideBottomLeft" }} ifOverflow="extendDomain" /> : null}
        {bestOffer !== null ? <ReferenceLine y={Number(bestOffer)} stroke="#e11d48" strokeDasharray="4 2" label={{ value: `best offer ${formatUsd(bestOffer)}`, fontSize: 10, position: "insideTopLeft" }} ifOverflow="extendDomain" /> : null}
        {byStructure.map(({ structure, points }) => (
          <Scatter key={structure} name={structureLabel(structure)} data={points} fill={STRUCTURE_COLOURS[structure]} fillOpacity={0.6} isAnimationActive={false} />
        ))}
        <Line name="VWAP 30 days" data={line(history.vwap_30d)} dataKey="price" stroke="#0f172a" dot={false} strokeWidth={1.5} isAnimationActive={false} />
        <Line name="VWAP 90 days" data={line(history.vwap_90d)} dataKey="price" stroke="#64748b" strokeDasharray="6 3" dot={false} strokeWidth={1.5} isAnimationActive={false} />
        <Tooltip content={({ payload }) => <ChartTooltip text={(payload?.[0]?.payload as { text?: string } | undefined)?.text} />} />
        <Legend wrapperStyle={{ fontSize: 11 }} />
      </ComposedChart>
    </div>
  );
}

function ChartTooltip({ text }: { text: string | undefined }) {
  return text ? <div className="rounded border border-slate-200 bg-white px-2 py-1 text-xs shadow">{text}</div> : null;
}
