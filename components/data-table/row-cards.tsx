"use client";

import { flexRender, type Table } from "@tanstack/react-table";

function headerText(column: { id: string; columnDef: { header?: unknown; meta?: { label?: string } } }): string {
  if (column.columnDef.meta?.label) return column.columnDef.meta.label;
  return typeof column.columnDef.header === "string" ? column.columnDef.header : column.id;
}

/**
 * Phones (< 640 px): each row as a card of the columns marked `meta.card` (company, side, price,
 * volume, stage), rendered by the same cell definitions as the table, so nothing scrolls sideways.
 */
export function RowCards<T>({ table, label, isPending }: { table: Table<T>; label: string; isPending: boolean }) {
  const rows = table.getRowModel().rows;
  if (rows.length === 0) return null;
  return (
    <ul className={`space-y-2 ${isPending ? "opacity-50" : ""}`} aria-label={label} aria-busy={isPending} data-testid="row-cards">
      {rows.map((row) => {
        const cells = row.getAllCells().filter((cell) => cell.column.columnDef.meta?.card);
        const [title, ...rest] = cells;
        return (
          <li key={row.id} className="rounded-md border border-slate-200 bg-white p-3 text-xs shadow-sm" data-testid="row-card">
            {title ? <div className="mb-2 text-sm">{flexRender(title.column.columnDef.cell, title.getContext())}</div> : null}
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1.5">
              {rest.map((cell) => (
                <div key={cell.id} className="min-w-0" data-column={cell.column.id}>
                  <dt className="text-[11px] font-medium uppercase tracking-wide text-slate-600">{headerText(cell.column)}</dt>
                  {/* The longest amounts (18 integer digits) break rather than widen the card. */}
                  <dd className={`wrap-anywhere ${cell.column.columnDef.meta?.align === "right" ? "tabular-nums" : ""}`}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
