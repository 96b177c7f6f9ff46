"use client";

// The columns and filters the indications and trades tables share, defined once for both.

import { createColumnHelper } from "@tanstack/react-table";
import type { CompanyOption, FilterDef, Option } from "@/components/data-table/types";
import { Timestamp } from "@/components/timestamp";
import type { FacetCounts } from "@/lib/db/facets";
import { STOCK_CLASS_TYPES, STOCK_TYPES } from "@/lib/domain/enums";
import { formatPercent, labelOf, STOCK_CLASS_TYPE_LABELS, STOCK_TYPE_LABELS } from "@/lib/format";
import type { Indication } from "@/lib/indications/schema";
import type { Trade } from "@/lib/trades/schema";
import { IssuerCell, MoneyCell, StockClassCell, TextCell } from "./cells";

type SharedField =
  | "issuer"
  | "price_per_share"
  | "volume"
  | "stock_type"
  | "stock_class_type"
  | "stock_class"
  | "management_fee_percent"
  | "carried_interest_fee_percent"
  | "client_id"
  | "third_party_id"
  | "permalink_id"
  | "details"
  | "created_at"
  | "updated_at";

/** What indications and trades have in common: the fields their tables show the same way. */
export type RecordRow = Pick<Indication, SharedField> & Pick<Trade, SharedField>;

/**
 * The columns of the fields indications and trades share, one definition for both tables (each
 * puts them in its own order among its own columns).
 */
export function recordColumns<T extends RecordRow>() {
  const col = createColumnHelper<T>();
  const text = (id: "client_id" | "third_party_id" | "permalink_id" | "details", header: string, mono: boolean) =>
    col.accessor((row) => row[id], { id, header, cell: (info) => <TextCell value={info.getValue()} mono={mono} /> });
  const money = (id: "price_per_share" | "volume", header: string) =>
    col.accessor((row) => row[id], {
      id,
      header,
      meta: { sortField: id, align: "right", card: true },
      cell: (info) => (
        <MoneyCell
          value={info.getValue()}
          column={id === "price_per_share" ? info.table.getRowModel().rows.map((row) => row.original.price_per_share) : undefined}
        />
      ),
    });
  const fee = (id: "management_fee_percent" | "carried_interest_fee_percent", header: string, label: string) =>
    col.accessor((row) => row[id], { id, header, meta: { align: "right", label }, cell: (info) => formatPercent(info.getValue()) });
  const time = (id: "created_at" | "updated_at", header: string) =>
    col.accessor((row) => row[id], { id, header, meta: { sortField: id }, cell: (info) => <Timestamp iso={info.getValue()} /> });
  return {
    issuer: col.accessor((row) => row.issuer, {
      id: "issuer",
      header: "Company",
      meta: { hideable: false, pinned: true, card: true },
      cell: (info) => <IssuerCell issuer={info.getValue()} />,
    }),
    price_per_share: money("price_per_share", "Price / share"),
    volume: money("volume", "Volume"),
    stock_type: col.accessor((row) => row.stock_type, { id: "stock_type", header: "Stock type", cell: (info) => labelOf(STOCK_TYPE_LABELS, info.getValue()) }),
    stock_class: col.display({
      id: "stock_class",
      header: "Class",
      cell: ({ row }) => <StockClassCell type={row.original.stock_class_type} name={row.original.stock_class} />,
    }),
    management_fee_percent: fee("management_fee_percent", "Mgmt fee", "Management fee"),
    carried_interest_fee_percent: fee("carried_interest_fee_percent", "Carry", "Carried interest fee"),
    client_id: text("client_id", "Client ID", true),
    third_party_id: text("third_party_id", "Third-party ID", true),
    permalink_id: text("permalink_id", "Permalink", true),
    details: text("details", "Details", false),
    created_at: time("created_at", "Created"),
    updated_at: time("updated_at", "Updated"),
  };
}

export const options = <T extends string>(values: readonly T[], label: (v: T) => string): Option[] => values.map((value) => ({ value, label: label(value) }));

/** The company filter (current company + where to search); null hides it (a company's own page). */
export type IssuerFilter = { selected: CompanyOption | null; searchUrl: string } | null;

/** The filters of the fields indications and trades share, and `facet` for their own enums. */
export function recordFilters(issuer: IssuerFilter, facets?: FacetCounts) {
  const facet = (param: string, label: string, choices: Option[], nullable = false): FilterDef => ({
    kind: "facet",
    param,
    label,
    options: choices,
    counts: facets?.[param],
    nullable,
  });
  return {
    facet,
    stock_type: facet("stock_type", "Stock type", options(STOCK_TYPES, (v) => STOCK_TYPE_LABELS[v])),
    stock_class_type: facet("stock_class_type", "Class", options(STOCK_CLASS_TYPES, (v) => STOCK_CLASS_TYPE_LABELS[v])),
    issuer: issuer ? ({ kind: "company", param: "issuer_id", label: "Company", ...issuer } satisfies FilterDef) : null,
    price: { kind: "decimalRange", label: "Price / share (USD)", minParam: "price_min", maxParam: "price_max", unit: "price" } satisfies FilterDef,
    volume: { kind: "decimalRange", label: "Volume (USD)", minParam: "volume_min", maxParam: "volume_max", unit: "amount" } satisfies FilterDef,
  };
}

/**
 * The filters of `all` (in its order) that apply and that `only` names (every one without it);
 * those `primary` names are always chips of the bar, the rest behind its "+ Filter".
 */
export function pickFilters<N extends string>(all: [N, FilterDef | null][], primary: readonly N[], only?: readonly N[]): FilterDef[] {
  return all
    .filter(([name, def]) => def !== null && (!only || only.includes(name)))
    .map(([name, def]) => (primary.includes(name) ? { ...def!, primary: true } : def!));
}
