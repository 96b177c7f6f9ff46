"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { DataTable } from "@/components/data-table/data-table";
import { SideBadge, StageBadge } from "@/components/data-table/badges";
import type { FilterDef, PageInfo } from "@/components/data-table/types";
import { Timestamp } from "@/components/timestamp";
import { SIDES, STAGES, STRUCTURES, VISIBILITIES } from "@/lib/domain/enums";
import { labelOf, SIDE_LABELS, STAGE_LABELS, structureLabel, VISIBILITY_LABELS } from "@/lib/format";
import type { FacetCounts } from "@/lib/db/facets";
import type { Indication } from "@/lib/indications/schema";
import { IntentLink } from "@/components/intent-link";
import { SelectionFoot, SelectionProvider, selectionColumn } from "@/components/data-table/selection";
import { MoneyCell, StructureCell, TextCell } from "./cells";
import { recordColumns, recordFilters, options, pickFilters, type IssuerFilter } from "./record-table";
import { IndicationRowMenu } from "./record-form/indication-actions";
import { IndicationBulkBar } from "./indication-bulk-bar";
import { LogoColorsProvider } from "./inline-logos";
import { SavedViews } from "./saved-views";
import type { SavedView } from "@/lib/views/view";
import type { SortOrder } from "@/lib/schema/params";
import { SMALL_LINK } from "./link-styles";

const col = createColumnHelper<Indication>();

const record = recordColumns<Indication>();

const columns = [
  record.issuer,
  col.accessor("side", { id: "side", header: "Side", meta: { card: true }, cell: (info) => <SideBadge side={info.getValue()} /> }),
  col.accessor("stage", { id: "stage", header: "Stage", meta: { card: true }, cell: (info) => <StageBadge stage={info.getValue()} /> }),
  record.price_per_share,
  record.volume,
  col.accessor("minimum_volume", {
    id: "minimum_volume",
    header: "Min. volume",
    meta: { align: "right" },
    cell: (info) => <MoneyCell value={info.getValue()} />,
  }),
  col.display({
    id: "structure",
    header: "Structure",
    // One line per row: a bid's list is cut short, whole in its tooltip.
    cell: ({ row }) => {
      if (row.original.side === "offer") return <StructureCell value={row.original.structure} />;
      const accepts = row.original.acceptable_structures.map(structureLabel).join(", ") || "—";
      return (
        <span className="inline-block max-w-48 truncate align-bottom text-slate-600" title={`Accepts ${accepts}`}>
          <span className="text-[11px]">Accepts </span>
          {accepts}
        </span>
      );
    },
  }),
  col.accessor("visibility", { id: "visibility", header: "Visibility", cell: (info) => labelOf(VISIBILITY_LABELS, info.getValue()) }),
  record.stock_type,
  record.stock_class,
  record.management_fee_percent,
  record.carried_interest_fee_percent,
  col.accessor("private_recipients", {
    id: "private_recipients",
    header: "Recipients",
    cell: (info) => <TextCell value={info.getValue().join(", ") || null} />,
  }),
  record.client_id,
  record.third_party_id,
  record.permalink_id,
  record.details,
  col.accessor("opened_at", { id: "opened_at", header: "Opened", meta: { sortField: "opened_at" }, cell: (info) => <Timestamp iso={info.getValue()} /> }),
  col.accessor("last_refreshed_at", {
    id: "last_refreshed_at",
    header: "Refreshed",
    meta: { label: "Last refreshed", sortField: "last_refreshed_at" },
    cell: (info) => <Timestamp iso={info.getValue()} />,
  }),
  record.created_at,
  record.updated_at,
];

/**
 * The detail page of every row; with the permission, one menu (⋯) of the details, edit, refresh
 * and close, so an open row is one button wide, not four.
 */
function actionsColumn(manage: boolean) {
  return col.display({
    id: "actions",
    header: "Actions",
    meta: { hideable: false, cardFooter: true },
    cell: ({ row }) =>
      manage ? (
        <IndicationRowMenu indication={row.original} />
      ) : (
        <IntentLink href={`/indications/${row.original.id}`} className={SMALL_LINK} data-testid="open-indication">
          Details<span className="sr-only"> of {row.original.permalink_id}</span>
        </IntentLink>
      ),
  });
}

const rowName = (row: Indication) => `${row.permalink_id} (${row.issuer.name})`;
const readColumns = [...columns, actionsColumn(false)];
const manageColumns = [selectionColumn<Indication>((row) => row.id, (row) => `Select ${rowName(row)}`), ...columns, actionsColumn(true)];

// Shown by default: what a broker scans a book by, and the row actions; the rest one click away
// (the default columns fit 1,440 px with the selection and actions columns: e2e/table-layout.spec.ts).
const DEFAULT_HIDDEN = [
  "stock_type",
  "stock_class",
  "created_at",
  "minimum_volume",
  "management_fee_percent",
  "carried_interest_fee_percent",
  "private_recipients",
  "client_id",
  "third_party_id",
  "permalink_id",
  "details",
  "opened_at",
  "last_refreshed_at",
];

type FilterName = "side" | "stage" | "structure" | "visibility" | "stock_type" | "stock_class_type" | "issuer" | "created" | "price" | "volume";

// What a broker narrows a book by first; the rest are a "+ Filter" away, so the bar is one line.
const PRIMARY_FILTERS: FilterName[] = ["side", "stage", "issuer"];

function indicationFilters(issuer: IssuerFilter, only?: FilterName[], facets?: FacetCounts): FilterDef[] {
  const shared = recordFilters(issuer, facets);
  const { facet } = shared;
  return pickFilters<FilterName>(
    [
      ["side", facet("side", "Side", options(SIDES, (v) => SIDE_LABELS[v]))],
      ["stage", facet("stage", "Stage", options(STAGES, (v) => STAGE_LABELS[v]))],
      // Bids have no structure: picking every structure still leaves them out.
      ["structure", facet("structure", "Structure", options(STRUCTURES, structureLabel), true)],
      ["visibility", facet("visibility", "Visibility", options(VISIBILITIES, (v) => VISIBILITY_LABELS[v]))],
      ["stock_type", shared.stock_type],
      ["stock_class_type", shared.stock_class_type],
      ["issuer", shared.issuer],
      ["created", { kind: "dateRange", label: "Created", fromParam: "created_from", toParam: "created_to", utc: true }],
      ["price", shared.price],
      ["volume", shared.volume],
    ],
    PRIMARY_FILTERS,
    only,
  );
}

export function IndicationsTable({
  rows,
  page,
  sort,
  issuer,
  prefix,
  filters,
  omitIssuer = false,
  label = "Indications",
  testId = "indications-table",
  manage = false,
  exportHref,
  facets,
  logoColors,
  savedViews,
  invalidLink,
}: {
  rows: Indication[];
  page: PageInfo;
  sort: SortOrder<string>;
  issuer: IssuerFilter;
  prefix?: string;
  /** Which filters to offer (default: all). */
  filters?: FilterName[];
  /** Leave out the company column (a company's own page). */
  omitIssuer?: boolean;
  label?: string;
  testId?: string;
  /** The caller may manage indications: row selection, the bulk bar and the row actions. */
  manage?: boolean;
  /** The CSV export of the filtered set (exportHref); absent: none. */
  exportHref?: string;
  /** The rows' companies' logo colours (getLogoColors), so their logos are drawn inline. */
  logoColors?: Record<string, string>;
  /** Rows per value of each enumerated filter under the others (lib/indications/facets.ts). */
  facets?: FacetCounts;
  /** The user's saved views of this table (lib/views/); absent: no Views menu. */
  savedViews?: SavedView[];
  /** The URL's parameters were refused (InvalidQueryAlert): the empty state says nothing was applied. */
  invalidLink?: boolean;
}) {
  const table = (
    <LogoColorsProvider colors={logoColors}>
    <DataTable
      label={label}
      data={rows}
      columns={manage ? manageColumns : readColumns}
      getRowId={(row) => row.id}
      page={page}
      sort={sort}
      filters={indicationFilters(issuer, filters, facets)}
      defaultHidden={DEFAULT_HIDDEN}
      prefix={prefix}
      omit={omitIssuer ? ["issuer"] : undefined}
      noun="indication"
      invalidLink={invalidLink}
      testId={testId}
      exportHref={exportHref}
      views={savedViews ? <SavedViews table="indications" saved={savedViews} /> : undefined}
      rowHref={(row) => `/indications/${row.id}`}
      rowName={rowName}
    />
    </LogoColorsProvider>
  );
  if (!manage) return table;
  return (
    <SelectionProvider ids={rows.map((row) => row.id)}>
      {table}
      <SelectionFoot>
        <IndicationBulkBar names={Object.fromEntries(rows.map((row) => [row.id, rowName(row)]))} />
      </SelectionFoot>
    </SelectionProvider>
  );
}
