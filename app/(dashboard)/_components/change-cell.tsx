import { formatChange } from "@/lib/marks/movers";

/** A mark's change, signed and coloured (green up, red down), never wrapped. */
export function ChangeCell({ change }: { change: number | null }) {
  const text = formatChange(change);
  const tone = text.startsWith("+") ? "text-emerald-700" : text.startsWith("−") ? "text-rose-700" : "text-slate-600";
  return <span className={`whitespace-nowrap tabular-nums ${tone}`}>{text}</span>;
}
