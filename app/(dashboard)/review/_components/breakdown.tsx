"use client";

import { useTableUrl } from "@/components/data-table/url-state";
import { toStoredDecimal } from "@/lib/domain/decimal";
import { formatCount, formatUsd } from "@/lib/format";
import type { TradeTotals } from "@/lib/trades/summary";
import { AverageUsd } from "../../_components/cells";
import type { BreakdownSortParam } from "../params";

/**
 * One breakdown of the review totals (by company, by broker): sortable by any column, and a click
 * on a name filters the trades on this page by it (the URL parameter `param`) instead of leaving.
 * Its sort is view-only state in the URL (`sortParam`, review/params.ts).
 */

export interface BreakdownRow extends TradeTotals {
  id: string;
  name: string;
}

const SORT_KEYS = ["name", "count", "total_volume", "vwap_price_per_share"] as const;
type SortKey = (typeof SORT_KEYS)[number];
const DEFAULT_SORT = { key: "total_volume", desc: true } as const;

/** `-count` -> count, descending; anything else the default (it is only a view). */
function parseSort(value: string | null): { key: SortKey; desc: boolean } {
  const key = value?.replace(/^-/, "");
  return SORT_KEYS.find((k) => k === key) ? { key: key as SortKey, desc: value!.startsWith("-") } : DEFAULT_SORT;
}

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: "count", label: "Trades" },
  { key: "total_volume", label: "Volume" },
  { key: "vwap_price_per_share", label: "VWAP per share" },
];

function compare(a: BreakdownRow, b: BreakdownRow, key: SortKey): number {
  if (key === "name") return a.name.localeCompare(b.name);
  if (key === "count") return a.count - b.count;
  const x = a[key];
  const y = b[key];
  if (x === null || y === null) return x === y ? 0 : x === null ? -1 : 1;
  // Stored decimals are fixed-width digit strings: their text order is their numeric order.
  const [sx, sy] = [toStoredDecimal(x), toStoredDecimal(y)];
  return sx === sy ? 0 : sx < sy ? -1 : 1;
}

export function Breakdown({
  title,
  noun,
  param,
  sortParam,
  rows,
  testId,
}: {
  title: string;
  noun: string;
  param: string;
  sortParam: BreakdownSortParam;
  rows: BreakdownRow[];
  testId: string;
}) {
  const { get, update, replaceView } = useTableUrl();
  const sort = parseSort(get(sortParam));
  const setSort = (next: { key: SortKey; desc: boolean }) =>
    replaceView({ [sortParam]: next.key === DEFAULT_SORT.key && next.desc === DEFAULT_SORT.desc ? null : `${next.desc ? "-" : ""}${next.key}` });
  const sorted = [...rows].sort((a, b) => (sort.desc ? -1 : 1) * compare(a, b, sort.key) || a.name.localeCompare(b.name));
  const active = get(param);

  function header(key: SortKey, label: string, align: string) {
    const on = sort.key === key;
    return (
      <th key={key} scope="col" className={`${align} font-semibold`} aria-sort={on ? (sort.desc ? "descending" : "ascending") : "none"}>
        <button type="button" onClick={() => setSort({ key, desc: on ? !sort.desc : key !== "name" })} className="uppercase tracking-wide hover:text-slate-900" data-testid={`${testId}-sort-${key}`}>
          {label}
          <span aria-hidden="true">{on ? (sort.desc ? " ↓" : " ↑") : ""}</span>
        </button>
      </th>
    );
  }

  return (
    <details className="rounded-md border border-slate-200 bg-white shadow-sm" open>
      <summary className="cursor-pointer select-none px-4 py-2 text-sm font-semibold text-slate-900">
        {title} <span className="font-normal text-slate-500">({formatCount(rows.length)})</span>
      </summary>
      <div className="relative max-h-96 overflow-auto border-t border-slate-200">
        <table className="min-w-full text-xs [&_td]:px-1.5 [&_td]:py-1.5 [&_td]:text-right [&_td]:tabular-nums [&_td]:whitespace-nowrap [&_th]:px-1.5 [&_th]:py-1.5 sm:[&_td]:px-3 sm:[&_th]:px-3" data-testid={testId}>
          <caption className="sr-only">Totals {title.toLowerCase()}; choose a {noun} to filter the trades below</caption>
          <thead className="sticky top-0 bg-slate-50 text-[11px] text-slate-600">
            <tr>
              {header("name", noun.charAt(0).toUpperCase() + noun.slice(1), "text-left")}
              {COLUMNS.map((c) => header(c.key, c.label, "text-right"))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {sorted.map((row) => (
              <tr key={row.id} data-testid="breakdown-row" className={active === row.id ? "bg-indigo-50" : undefined}>
                <th scope="row" className="text-left font-medium">
                  <button
                    type="button"
                    onClick={() => update({ [param]: active === row.id ? null : row.id })}
                    aria-pressed={active === row.id}
                    className="text-left text-indigo-800 hover:underline"
                    data-testid="breakdown-filter"
                  >
                    {row.name}
                  </button>
                </th>
                <td data-value={String(row.count)}>{formatCount(row.count)}</td>
                <td data-value={row.total_volume}>{formatUsd(row.total_volume)}</td>
                <td title={row.vwap_price_per_share ?? undefined}>
                  <AverageUsd value={row.vwap_price_per_share} />
                </td>
              </tr>
            ))}
            {rows.length === 0 ? (
              <tr>
                <td colSpan={4} className="py-6 text-center! text-slate-500">
                  No trades match these filters.
                </td>
              </tr>
            ) : null}
          </tbody>
        </table>
      </div>
    </details>
  );
}
