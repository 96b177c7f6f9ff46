"use client";

import type { SortOrder } from "@/lib/schema/params";
import { usePhone } from "./use-phone";
import { useTableUrl } from "./url-state";

/**
 * The kit's sort controls: a column header's button and, on phones (no headers), a select. The
 * one table (data-table.tsx) drives them through TanStack; a page that draws its own table (the
 * directory) through the URL with UrlSortHeader and UrlPhoneSort, the same look and the same
 * `sort` parameter.
 */

type Sorted = false | "asc" | "desc";

/** A header's sort button: its label, the arrows, and what a screen reader hears of the order. */
export function SortButton({ sorted, align, onClick, testId, children }: { sorted: Sorted; align?: "left" | "right"; onClick: (event: React.MouseEvent) => void; testId: string; children: React.ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={`inline-flex items-center gap-1 whitespace-nowrap rounded align-middle font-semibold uppercase tracking-wide hover:text-slate-900 ${align === "right" ? "flex-row-reverse" : ""} ${
        sorted ? "text-slate-900" : ""
      }`}
      data-testid={testId}
    >
      {children}
      <SortIcon direction={sorted} />
      <span className="sr-only">{sorted === "asc" ? ", sorted ascending" : sorted === "desc" ? ", sorted descending" : ", sortable"}</span>
    </button>
  );
}

/** aria-sort of a sortable header. */
export function ariaSort(sorted: Sorted): "ascending" | "descending" | "none" {
  return sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : "none";
}

/**
 * A sortable `<th>` of a table the page draws itself: a click sorts by `field` ascending, a click
 * on the sorted column turns it around (as the one table's headers do); the sort lives in the URL.
 */
export function UrlSortHeader({ field, sort, align, className, testId, children }: { field: string; sort: SortOrder<string>; align?: "left" | "right"; className: string; testId: string; children: React.ReactNode }) {
  const { update } = useTableUrl();
  const sorted: Sorted = sort.field === field ? sort.direction : false;
  return (
    <th scope="col" aria-sort={ariaSort(sorted)} className={className}>
      <SortButton sorted={sorted} align={align} onClick={() => update({ sort: sorted === "asc" ? `-${field}` : field })} testId={testId}>
        {children}
      </SortButton>
    </th>
  );
}

/** On a phone only: the sort of a table the page draws itself, as the one table's phone cards have it. */
export function UrlPhoneSort({ label, options, sort }: { label: string; options: { field: string; label: string }[]; sort: SortOrder<string> }) {
  const { update } = useTableUrl();
  const phone = usePhone();
  return phone ? <PhoneSort label={label} options={options} sort={sort} onChange={(value) => update({ sort: value })} /> : null;
}

/** Phones show cards, not column headers: the sort is a choice of its own. */
export function PhoneSort({
  label,
  options,
  sort,
  onChange,
}: {
  label: string;
  options: { field: string; label: string }[];
  sort: SortOrder<string>;
  onChange: (value: string) => void;
}) {
  if (options.length === 0) return null;
  const current = `${sort.direction === "desc" ? "-" : ""}${sort.field}`;
  // A sort no option names (a refused link's) is shown as written, not as the first option.
  const offered = options.some((o) => o.field === sort.field);
  return (
    <label className="flex items-center gap-2 text-xs text-slate-700">
      <span className="font-medium">Sort</span>
      <select
        value={current}
        onChange={(event) => onChange(event.target.value)}
        className="h-8 min-w-0 flex-1 rounded border border-slate-300 bg-white px-2 text-xs"
        aria-label={`Sort ${label}`}
        data-testid="phone-sort"
      >
        {offered ? null : <option value={current}>{current}</option>}
        {options.flatMap((o) => [
          <option key={o.field} value={o.field}>
            {o.label}, ascending
          </option>,
          <option key={`-${o.field}`} value={`-${o.field}`}>
            {o.label}, descending
          </option>,
        ])}
      </select>
    </label>
  );
}

function SortIcon({ direction }: { direction: Sorted }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 10 12" className={`h-3 w-2.5 shrink-0 ${direction ? "text-indigo-600" : "text-slate-300"}`}>
      <path d="M5 1 8.5 5h-7z" fill={direction === "asc" || !direction ? "currentColor" : "#cbd5e1"} opacity={direction === "desc" ? 0.3 : 1} />
      <path d="M5 11 1.5 7h7z" fill={direction === "desc" || !direction ? "currentColor" : "#cbd5e1"} opacity={direction === "asc" ? 0.3 : 1} />
    </svg>
  );
}
