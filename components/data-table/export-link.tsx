"use client";

import { useTableUrl } from "./url-state";

/**
 * Downloads the whole filtered set as CSV from the API's export route (GET /my/<resource>.csv),
 * which streams it. `href` is built by the server page from the parsed query (exportHref), so it
 * follows the filters and sort of the rows shown; a plain link, so the browser streams the
 * download and nothing is prefetched.
 */
export function ExportLink({ href }: { href: string }) {
  const { isPending } = useTableUrl();
  return (
    <a
      href={href}
      download
      aria-disabled={isPending}
      className={`inline-flex h-8 shrink-0 items-center gap-1 whitespace-nowrap rounded border border-slate-300 bg-white px-2 text-xs font-medium text-slate-700 shadow-sm hover:bg-slate-50 ${
        isPending ? "pointer-events-none opacity-50" : ""
      }`}
      data-testid="export-csv"
    >
      <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="1.5">
        <path d="M8 2v8m0 0 3-3m-3 3L5 7M3 13h10" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      Export CSV
    </a>
  );
}
