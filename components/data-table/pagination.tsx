"use client";

import { useId } from "react";
import { formatCount } from "@/lib/format";
import { PAGE_SIZES } from "./search-params";
import type { PageInfo } from "./types";
import { useTableUrl } from "./url-state";

const buttonClass =
  "inline-flex h-8 min-w-8 items-center justify-center rounded border border-slate-300 bg-white px-2 text-xs font-medium text-slate-700 shadow-sm hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40";

/** "N matching rows", announced politely when it changes. */
export function RowCount({ total, noun = "row", plural }: { total: number; noun?: string; plural?: string }) {
  return (
    <p className="whitespace-nowrap text-xs text-slate-600" aria-live="polite" data-testid="row-count">
      <span className="font-semibold tabular-nums text-slate-900" data-testid="row-count-value">
        {formatCount(total)}
      </span>{" "}
      matching {total === 1 ? noun : (plural ?? `${noun}s`)}
    </p>
  );
}

function PageSizeSelect({ perPage }: { perPage: number }) {
  const { update } = useTableUrl();
  const id = useId();
  const sizes: number[] = [...PAGE_SIZES];
  if (!sizes.includes(perPage)) sizes.push(perPage);
  sizes.sort((a, b) => a - b);
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-xs text-slate-600">
        Rows per page
      </label>
      <select
        id={id}
        value={perPage}
        data-testid="page-size"
        onChange={(event) => update({ per_page: event.target.value })}
        className="h-8 rounded border border-slate-300 bg-white px-2 pr-7 text-xs shadow-sm"
      >
        {sizes.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}

/** First / previous / next / last, with "Page X of Y". */
function Pagination({ page, label = "Pagination", onPageChange }: { page: PageInfo; label?: string; onPageChange?: () => void }) {
  const { update } = useTableUrl();
  const last = Math.max(page.total_pages, 1);
  const go = (n: number) => {
    update({ page: n === 1 ? null : String(n) }, { keepPage: true });
    onPageChange?.();
  };
  return (
    <nav aria-label={label} className="flex items-center gap-1">
      <button type="button" className={buttonClass} disabled={page.page <= 1} onClick={() => go(1)} aria-label="First page">
        «
      </button>
      <button
        type="button"
        className={buttonClass}
        disabled={page.page <= 1}
        onClick={() => go(Math.min(page.page - 1, last))}
        aria-label="Previous page"
        data-testid="page-prev"
      >
        ‹ Previous
      </button>
      <span className="px-2 text-xs text-slate-600 tabular-nums" data-testid="page-status">
        Page {formatCount(page.page)} of {formatCount(last)}
      </span>
      <button
        type="button"
        className={buttonClass}
        disabled={page.page >= page.total_pages}
        onClick={() => go(page.page + 1)}
        aria-label="Next page"
        data-testid="page-next"
      >
        Next ›
      </button>
      <button
        type="button"
        className={buttonClass}
        disabled={page.page >= page.total_pages}
        onClick={() => go(last)}
        aria-label="Last page"
      >
        »
      </button>
    </nav>
  );
}

/** `label` names the pagination landmark: one per table, so two tables on a page are told apart. */
export function PaginationBar({ page, onPageChange, label }: { page: PageInfo; onPageChange?: () => void; label?: string }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 py-2">
      <PageSizeSelect perPage={page.per_page} />
      <Pagination page={page} onPageChange={onPageChange} label={label} />
    </div>
  );
}
