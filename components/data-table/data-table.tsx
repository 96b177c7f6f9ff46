"use client";

import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
  type Updater,
  type VisibilityState,
} from "@tanstack/react-table";
import { useMemo, useRef } from "react";
import { ColumnToggle } from "./column-toggle";
import { ExportLink } from "./export-link";
import { PaginationBar } from "./pagination";
import { DensityToggle } from "./density-toggle";
import type { SortOrder } from "@/lib/schema/params";
import { INVALID_LINK_EMPTY } from "./empty-state";
import { DENSITY_PARAM, HIDE_PARAM, parseHidden, shownSort } from "./search-params";
import { paramsOfFilter, type FilterDef, type Option, type PageInfo } from "./types";
import { headerText, RowCards } from "./row-cards";
import { useTableShortcuts } from "./shortcuts";
import { usePhone } from "./use-phone";
import { ariaSort, PhoneSort, SortButton } from "./sort-controls";
import { FilterBar } from "./toolbar";
import { TableUrlProvider, useHasTableUrl, useTableUrl } from "./url-state";

export interface DataTableProps<T> {
  /** Accessible name of the table (its caption). */
  label: string;
  data: T[];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a column list mixes value types
  columns: ColumnDef<T, any>[];
  getRowId: (row: T) => string;
  page: PageInfo;
  /** The effective sort as the list's schema parsed it (the URL's, or the API default); under a refused link the controls show the URL's (shownSort). */
  sort: SortOrder<string>;
  filters?: FilterDef[];
  /** Columns left out entirely (e.g. the company column on a company's own page). */
  omit?: string[];
  /** Columns hidden while the URL has no `hide` parameter. */
  defaultHidden?: string[];
  /** URL parameter prefix when a page shows several tables. */
  prefix?: string;
  /** Singular noun for the count ("indication" -> "12 matching indications"). */
  noun?: string;
  emptyMessage?: string;
  /** The URL's parameters were refused (the page's alert says why): the empty state says so, not "no match". */
  invalidLink?: boolean;
  testId?: string;
  /** The CSV export of the table's whole filtered set (exportHref); absent: no export button. */
  exportHref?: string;
  /** The table's saved-views menu, when the page offers one (first in the toolbar's right side). */
  views?: React.ReactNode;
  /** A row's own page: a tap on its phone card opens it. */
  rowHref?: (row: T) => string;
  /** How a row is named to a screen reader ("IND-123 (Acme)"). */
  rowName?: (row: T) => string;
}

/**
 * The one table of the dashboard: TanStack Table in manual mode (the server pages, sorts and
 * filters through the lib/ data functions), every piece of state in the URL.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const shared = useHasTableUrl();
  if (shared) return <DataTableView {...props} />;
  return (
    <TableUrlProvider prefix={props.prefix}>
      <DataTableView {...props} />
    </TableUrlProvider>
  );
}

function DataTableView<T>({
  label,
  data,
  columns,
  getRowId,
  page,
  sort,
  filters = [],
  defaultHidden = [],
  omit,
  noun = "row",
  emptyMessage,
  invalidLink = false,
  testId,
  exportHref,
  views,
  rowHref,
  rowName,
}: DataTableProps<T>) {
  const { get, update, isPending } = useTableUrl();
  const sectionRef = useRef<HTMLElement>(null);
  useTableShortcuts(sectionRef);
  const hidden = parseHidden(get(HIDE_PARAM), defaultHidden);
  const compact = get(DENSITY_PARAM) === "compact";
  const phone = usePhone();
  const columnVisibility: VisibilityState = Object.fromEntries(hidden.map((id) => [id, false]));

  const omitted = omit?.join(",") ?? "";
  const sortable = useMemo(
    () =>
      columns
        .filter((c) => !c.id || !omitted.split(",").includes(c.id))
        .map((c) => ({ ...c, enableSorting: Boolean(c.meta?.sortField), enableHiding: c.meta?.hideable !== false })),
    [columns, omitted],
  );
  const shown = shownSort(sort, invalidLink, get("sort"));
  const sortedColumn = sortable.find((c) => c.meta?.sortField === shown.field);
  const sorting: SortingState = sortedColumn?.id ? [{ id: sortedColumn.id, desc: shown.direction === "desc" }] : [];

  function onSortingChange(updater: Updater<SortingState>) {
    const next = typeof updater === "function" ? updater(sorting) : updater;
    const first = next[0];
    const field = first ? sortable.find((c) => c.id === first.id)?.meta?.sortField : undefined;
    if (field) update({ sort: `${first.desc ? "-" : ""}${field}` });
  }

  // TanStack Table returns functions that change identity each render by design; nothing here is
  // memoised across renders, so the React Compiler lint about it does not apply.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns: sortable,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableSortingRemoval: false,
    sortDescFirst: false,
    rowCount: page.total_count,
    state: {
      sorting,
      columnVisibility,
      pagination: { pageIndex: page.page - 1, pageSize: page.per_page },
    },
    onSortingChange,
  });

  const toggleable: Option[] = table
    .getAllLeafColumns()
    .filter((c) => c.getCanHide())
    .map((c) => ({ value: c.id, label: headerText(c) }));

  const activeFilterParams = filters.flatMap(paramsOfFilter).filter((p) => get(p) !== null);
  const visibleColumnCount = table.getVisibleLeafColumns().length;
  const pastTheEnd = data.length === 0 && page.total_count > 0 && page.page > page.total_pages;

  return (
    <section ref={sectionRef} className="scroll-mt-2 space-y-2" data-testid={testId} aria-label={label} data-table-shortcuts="">
      {/* No count under a refused link: nothing was counted (the empty state says so). */}
      <FilterBar filters={filters} total={invalidLink ? undefined : page.total_count} noun={noun}>
        {views}
        <DensityToggle />
        {toggleable.length > 0 ? <ColumnToggle columns={toggleable} hidden={hidden} /> : null}
        {exportHref ? <ExportLink href={exportHref} /> : null}
      </FilterBar>

      {phone ? (
        <>
          <PhoneSort
            label={label}
            options={sortable.flatMap((c) => (c.meta?.sortField && c.id ? [{ field: c.meta.sortField, label: headerText({ id: c.id, columnDef: c }) }] : []))}
            sort={shown}
            onChange={(value) => update({ sort: value })}
          />
          <RowCards table={table} label={label} isPending={isPending} rowHref={rowHref} rowName={rowName} />
        </>
      ) : null}

      {/* The table scrolls inside its box, so the header sticks and the pinned column stays while it does.
          A phone with rows shows only the cards; the table still says when there are none. */}
      {phone && data.length > 0 ? null : (
        <div
          className="relative max-h-[calc(100vh-13rem)] min-h-48 overflow-auto rounded-md border border-slate-200 bg-white shadow-sm"
          data-testid="table-scroll"
          tabIndex={0}
          role="region"
          aria-label={`${label}, scrollable`}
        >
          <table className={`min-w-full text-xs transition-opacity ${isPending ? "opacity-50" : ""}`} aria-busy={isPending} data-density={compact ? "compact" : "comfortable"}>
            <caption className="sr-only">{label}</caption>
            <thead className="sticky top-0 z-20 border-b border-slate-200 bg-slate-50">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const meta = header.column.columnDef.meta;
                    const sorted = header.column.getIsSorted();
                    const canSort = header.column.getCanSort();
                    const align = meta?.align === "right" ? "text-right" : "text-left";
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={canSort ? ariaSort(sorted) : undefined}
                        className={`whitespace-nowrap px-2 py-2 align-middle text-[11px] font-semibold uppercase tracking-wide text-slate-700 ${align} ${
                          meta?.pinned ? "sticky left-0 z-10 bg-slate-50" : ""
                        }`}
                        data-testid={`col-${header.column.id}`}
                      >
                        {header.isPlaceholder ? null : canSort ? (
                          <SortButton sorted={sorted} align={meta?.align} onClick={(event) => header.column.getToggleSortingHandler()?.(event)} testId={`sort-${header.column.id}`}>
                            {flexRender(header.column.columnDef.header, header.getContext())}
                          </SortButton>
                        ) : (
                          flexRender(header.column.columnDef.header, header.getContext())
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody className="divide-y divide-slate-100">
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id} className="group hover:bg-slate-50 focus:bg-indigo-50 focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-500" data-testid="table-row" data-href={rowHref?.(row.original)} tabIndex={-1}>
                  {row.getVisibleCells().map((cell) => {
                    const meta = cell.column.columnDef.meta;
                    return (
                      <td
                        key={cell.id}
                        className={`whitespace-nowrap px-2 align-middle ${compact ? "py-0.5" : "py-2"} ${
                          meta?.align === "right" ? "text-right tabular-nums" : ""
                        } ${meta?.pinned ? "sticky left-0 z-10 bg-white group-hover:bg-slate-50" : ""} ${meta?.className ?? ""}`}
                        data-column={cell.column.id}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    );
                  })}
                </tr>
              ))}
              {data.length === 0 ? (
                <tr>
                  <td colSpan={visibleColumnCount || 1} className="px-3 py-10 text-center" data-testid="empty-state">
                    {/* Held in the frame's view: a wide table scrolls, and its centre may lie past a phone's edge. */}
                    <div className="sticky left-3 w-[calc(100vw-4rem)] max-w-full" data-testid="empty-state-text">
                      {pastTheEnd ? (
                        <>
                          <p className="text-sm font-medium text-slate-700">This page is past the end.</p>
                          <button
                            type="button"
                            onClick={() => update({ page: null })}
                            className="mt-2 text-xs font-medium text-indigo-700 hover:underline"
                          >
                            Go to the first page
                          </button>
                        </>
                      ) : invalidLink ? (
                        <p className="text-sm font-medium text-slate-700">{INVALID_LINK_EMPTY}</p>
                      ) : (
                        <>
                          <p className="text-sm font-medium text-slate-700">
                            {emptyMessage ?? (activeFilterParams.length > 0 ? `No ${noun}s match these filters.` : `No ${noun}s yet.`)}
                          </p>
                          {activeFilterParams.length > 0 ? (
                            <button
                              type="button"
                              onClick={() => update(Object.fromEntries(activeFilterParams.map((p) => [p, null])))}
                              className="mt-2 text-xs font-medium text-indigo-700 hover:underline"
                            >
                              Reset filters
                            </button>
                          ) : null}
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>
      )}

      <PaginationBar
        page={page}
        label={`${label}: pages`}
        onPageChange={() => {
          // The next page starts at the table's top: bring it into view if it has scrolled away.
          const top = sectionRef.current?.getBoundingClientRect().top ?? 0;
          if (top < 0) sectionRef.current?.scrollIntoView({ block: "start" });
          sectionRef.current?.querySelector("[data-testid=table-scroll]")?.scrollTo({ top: 0 });
        }}
      />
    </section>
  );
}
