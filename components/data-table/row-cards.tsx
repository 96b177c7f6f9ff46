"use client";

import { flexRender, type Table } from "@tanstack/react-table";
import { IntentLink } from "@/components/intent-link";

/** A column's name as people read it: its label, else its header text, else its id. */
export function headerText(column: { id: string; columnDef: { header?: unknown; meta?: { label?: string } } }): string {
  if (column.columnDef.meta?.label) return column.columnDef.meta.label;
  return typeof column.columnDef.header === "string" ? column.columnDef.header : column.id;
}

/**
 * Phones (< 640 px): each row as a card of the columns marked `meta.card` (company, side, price,
 * volume, stage), rendered by the same cell definitions as the table, so nothing scrolls sideways;
 * at its foot the columns marked `meta.cardFooter` (selection, row actions), so every action of a
 * row works on a phone too. With `rowHref` a tap anywhere else on the card opens the row's page (a
 * link stretched over the card, under its own links and controls).
 */
export function RowCards<T>({
  table,
  label,
  isPending,
  rowHref,
  rowName,
}: {
  table: Table<T>;
  label: string;
  isPending: boolean;
  rowHref?: (row: T) => string;
  rowName?: (row: T) => string;
}) {
  const rows = table.getRowModel().rows;
  if (rows.length === 0) return null;
  return (
    <ul className={`space-y-2 ${isPending ? "opacity-50" : ""}`} aria-label={label} aria-busy={isPending} data-testid="row-cards">
      {rows.map((row) => {
        const cells = row.getAllCells().filter((cell) => cell.column.columnDef.meta?.card);
        // The pinned column (the company) heads the card, wherever it stands among the others.
        const title = cells.find((cell) => cell.column.columnDef.meta?.pinned) ?? cells[0];
        const rest = cells.filter((cell) => cell !== title);
        const footer = row.getAllCells().filter((cell) => cell.column.columnDef.meta?.cardFooter);
        return (
          <li key={row.id} className="relative rounded-md border border-slate-200 bg-white p-3 text-xs shadow-sm" data-testid="row-card">
            {rowHref ? (
              <IntentLink href={rowHref(row.original)} className="absolute inset-0 rounded-md focus-visible:outline-2 focus-visible:outline-indigo-500" data-testid="open-card">
                <span className="sr-only">Open {rowName?.(row.original) ?? "this row"}</span>
              </IntentLink>
            ) : null}
            {/* The card's width is the title's: a company's name, capped for a table's column, takes the card's here. */}
            {title ? <div className="relative mb-2 w-fit max-w-full text-sm *:max-w-full">{flexRender(title.column.columnDef.cell, title.getContext())}</div> : null}
            {/* Two fields a line; a field wider than half the card (the longest amounts: 18 integer
                digits) takes a line of its own, since a number never wraps (docs/ui.md "Numbers"). */}
            <dl className="flex flex-wrap gap-x-3 gap-y-1.5">
              {rest.map((cell) => (
                <div key={cell.id} className="min-w-[calc(50%-0.375rem)] max-w-full" data-column={cell.column.id}>
                  <dt className="text-[11px] font-medium uppercase tracking-wide text-slate-600">{headerText(cell.column)}</dt>
                  <dd className={cell.column.columnDef.meta?.align === "right" ? "whitespace-nowrap tabular-nums" : "wrap-break-word"}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </dd>
                </div>
              ))}
            </dl>
            {footer.length > 0 ? (
              <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-slate-100 pt-2" data-testid="row-card-actions">
                {footer.map((cell) => (
                  <div key={cell.id} className="relative" data-column={cell.column.id}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </div>
                ))}
              </div>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
