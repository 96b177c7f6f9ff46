"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { DataTable } from "@/components/data-table/data-table";
import { VerifiedBadge } from "@/components/data-table/badges";
import type { FilterDef, Option, PageInfo } from "@/components/data-table/types";
import { Timestamp } from "@/components/timestamp";
import { STOCK_CLASS_TYPES, STOCK_TYPES, STRUCTURES } from "@/lib/domain/enums";
import {
  formatDate,
  formatPercent,
  labelOf,
  STOCK_CLASS_TYPE_LABELS,
  STOCK_TYPE_LABELS,
  structureLabel,
} from "@/lib/format";
import type { FacetCounts } from "@/lib/db/facets";
import type { Trade } from "@/lib/trades/schema";
import { IntentLink } from "@/components/intent-link";
import { IssuerCell, MoneyCell, StockClassCell, StructureCell, TextCell } from "./cells";
import { LogoColorsProvider } from "./inline-logos";
import type { IssuerFilter } from "./indications-table";

const col = createColumnHelper<Trade>();

/** The trade's own columns (the verification queue adds its team, selection and actions around them). */
export const TRADE_COLUMNS = [
  col.accessor("issuer", {
    id: "issuer",
    header: "Company",
    meta: { hideable: false, pinned: true, card: true },
    cell: (info) => <IssuerCell issuer={info.getValue()} />,
  }),
  col.accessor("sign_date", {
    id: "sign_date",
    header: "Signed",
    meta: { sortField: "sign_date", label: "Sign date", card: true },
    cell: (info) => <span className="tabular-nums">{formatDate(info.getValue())}</span>,
  }),
  col.accessor("won_date", {
    id: "won_date",
    header: "Won",
    meta: { sortField: "won_date", label: "Won date" },
    cell: (info) => <span className="tabular-nums">{formatDate(info.getValue())}</span>,
  }),
  col.accessor("price_per_share", {
    id: "price_per_share",
    header: "Price / share",
    meta: { sortField: "price_per_share", align: "right", card: true },
    cell: (info) => <MoneyCell value={info.getValue()} />,
  }),
  col.accessor("volume", {
    id: "volume",
    header: "Volume",
    meta: { sortField: "volume", align: "right", card: true },
    cell: (info) => <MoneyCell value={info.getValue()} />,
  }),
  col.accessor("structure", { id: "structure", header: "Structure", cell: (info) => <StructureCell value={info.getValue()} /> }),
  col.accessor("stock_type", { id: "stock_type", header: "Stock type", cell: (info) => labelOf(STOCK_TYPE_LABELS, info.getValue()) }),
  col.display({
    id: "stock_class",
    header: "Class",
    cell: ({ row }) => <StockClassCell type={row.original.stock_class_type} name={row.original.stock_class} />,
  }),
  col.accessor("is_verified", {
    id: "is_verified",
    header: "Status",
    meta: { label: "Verification", card: true },
    cell: (info) => <VerifiedBadge verified={info.getValue()} />,
  }),
  col.accessor("verification_officer_name", {
    id: "verification_officer_name",
    header: "Verification officer",
    cell: ({ row }) => (
      <span title={row.original.verification_officer_email}>{row.original.verification_officer_name}</span>
    ),
  }),
  col.accessor("verification_officer_email", {
    id: "verification_officer_email",
    header: "Officer e-mail",
    cell: (info) => <TextCell value={info.getValue()} />,
  }),
  col.accessor("attributed_to_owner", {
    id: "attributed_to_owner",
    header: "Attributed",
    meta: { label: "Attributed to owner" },
    cell: (info) => (info.getValue() ? "Yes" : "No"),
  }),
  col.accessor("management_fee_percent", {
    id: "management_fee_percent",
    header: "Mgmt fee",
    meta: { align: "right", label: "Management fee" },
    cell: (info) => formatPercent(info.getValue()),
  }),
  col.accessor("carried_interest_fee_percent", {
    id: "carried_interest_fee_percent",
    header: "Carry",
    meta: { align: "right", label: "Carried interest fee" },
    cell: (info) => formatPercent(info.getValue()),
  }),
  col.accessor("client_id", { id: "client_id", header: "Client ID", cell: (info) => <TextCell value={info.getValue()} mono /> }),
  col.accessor("third_party_id", {
    id: "third_party_id",
    header: "Third-party ID",
    cell: (info) => <TextCell value={info.getValue()} mono />,
  }),
  col.accessor("permalink_id", { id: "permalink_id", header: "Permalink", cell: (info) => <TextCell value={info.getValue()} mono /> }),
  col.accessor("details", { id: "details", header: "Details", cell: (info) => <TextCell value={info.getValue()} /> }),
  col.accessor("created_at", {
    id: "created_at",
    header: "Created",
    meta: { sortField: "created_at" },
    cell: (info) => <Timestamp iso={info.getValue()} />,
  }),
  col.accessor("updated_at", {
    id: "updated_at",
    header: "Updated",
    meta: { sortField: "updated_at" },
    cell: (info) => <Timestamp iso={info.getValue()} />,
  }),
];

/** A link to the trade's detail page (its fields, history and, while unverified, its edit). */
const detailsColumn = col.display({
  id: "actions",
  header: "Actions",
  meta: { hideable: false },
  cell: ({ row }) => (
    <IntentLink href={`/trades/${row.original.id}`} className="text-xs font-medium text-indigo-700 hover:underline" data-testid="open-trade">
      Details<span className="sr-only"> of {row.original.permalink_id}</span>
    </IntentLink>
  ),
});
const columns = [...TRADE_COLUMNS, detailsColumn];

export const DEFAULT_HIDDEN = [
  "verification_officer_name",
  "verification_officer_email",
  "attributed_to_owner",
  "management_fee_percent",
  "carried_interest_fee_percent",
  "client_id",
  "third_party_id",
  "permalink_id",
  "details",
  "created_at",
  "updated_at",
];

const options = <T extends string>(values: readonly T[], label: (v: T) => string) => values.map((value) => ({ value, label: label(value) }));

/**
 * How a trade table filters on verification: /trades a verified/unverified facet; /review and the
 * verification queue a select whose absent value is the page's default (verified, and waiting),
 * with `all` for every trade.
 */
export type VerificationFilter = "facet" | "review" | "queue" | "none";

const VERIFICATION_SELECTS = {
  review: { label: "Verification", defaultValue: "true", unverified: "Unverified" },
  queue: { label: "Status", defaultValue: "false", unverified: "Waiting" },
} as const;

function verificationFilter(verification: VerificationFilter, facets?: FacetCounts): FilterDef | null {
  if (verification === "none") return null;
  if (verification === "facet") {
    return { kind: "boolean", param: "is_verified", label: "Verified", trueLabel: "Verified", falseLabel: "Unverified", counts: facets?.is_verified };
  }
  const { label, defaultValue, unverified } = VERIFICATION_SELECTS[verification];
  const other = defaultValue === "true" ? "false" : "true";
  return {
    kind: "select",
    param: "is_verified",
    label,
    defaultValue,
    options: [
      ...[defaultValue, other].map((value) => ({ value, label: value === "true" ? "Verified" : unverified })),
      { value: "all", label: "All trades" },
    ],
  };
}

/** A single choice among `choices`, "every one" (no filter) by default. */
function everyOrOne(param: string, label: string, every: string, choices: Option[] | undefined): FilterDef | null {
  return choices ? { kind: "select", param, label, defaultValue: "", options: [{ value: "", label: every }, ...choices] } : null;
}

export type TradeFilterName = "verification" | "team" | "broker" | "structure" | "stock_type" | "stock_class_type" | "issuer" | "signed" | "won" | "price" | "volume";

/**
 * The filters of every trade list (/trades, a company's trades, /review, the verification queue),
 * in one order; `only` picks some. `teams` (the queue) and `brokers` (the review) add a select each.
 */
export function tradeFilters({
  issuer,
  verification,
  facets,
  teams,
  brokers,
  only,
}: {
  issuer: IssuerFilter;
  verification: VerificationFilter;
  facets?: FacetCounts;
  teams?: Option[];
  brokers?: Option[];
  only?: readonly TradeFilterName[];
}): FilterDef[] {
  const all: [TradeFilterName, FilterDef | null][] = [
    ["verification", verificationFilter(verification, facets)],
    ["team", everyOrOne("team_id", "Team", "Every team", teams)],
    ["broker", everyOrOne("user_id", "Broker", "Every broker", brokers)],
    ["structure", { kind: "facet", param: "structure", label: "Structure", options: options(STRUCTURES, structureLabel), counts: facets?.structure }],
    ["stock_type", { kind: "facet", param: "stock_type", label: "Stock type", options: options(STOCK_TYPES, (v) => STOCK_TYPE_LABELS[v]), counts: facets?.stock_type }],
    [
      "stock_class_type",
      {
        kind: "facet",
        param: "stock_class_type",
        label: "Class",
        options: options(STOCK_CLASS_TYPES, (v) => STOCK_CLASS_TYPE_LABELS[v]),
        counts: facets?.stock_class_type,
      },
    ],
    ["issuer", issuer ? { kind: "company", param: "issuer_id", label: "Company", ...issuer } : null],
    ["signed", { kind: "dateRange", label: "Signed", fromParam: "sign_date_from", toParam: "sign_date_to", mode: "date" }],
    ["won", { kind: "dateRange", label: "Won", fromParam: "won_date_from", toParam: "won_date_to", mode: "date" }],
    ["price", { kind: "decimalRange", label: "Price / share (USD)", minParam: "price_min", maxParam: "price_max" }],
    ["volume", { kind: "decimalRange", label: "Volume (USD)", minParam: "volume_min", maxParam: "volume_max" }],
  ];
  return all.filter(([name, def]) => def !== null && (!only || only.includes(name))).map(([, def]) => def!);
}

export function TradesTable({
  rows,
  page,
  sort,
  issuer,
  prefix,
  verification = "facet",
  filters,
  omitIssuer = false,
  label = "Trades",
  testId = "trades-table",
  exportHref,
  facets,
  logoColors,
}: {
  rows: Trade[];
  page: PageInfo;
  sort: string;
  /** The company filter; null hides it (a company's own page). */
  issuer: IssuerFilter;
  prefix?: string;
  verification?: VerificationFilter;
  /** Which filters to offer (default: all); a company's page offers the verification only. */
  filters?: readonly TradeFilterName[];
  /** Leave out the company column (a company's own page). */
  omitIssuer?: boolean;
  label?: string;
  testId?: string;
  /** The CSV export of the filtered set (exportHref); absent: none. */
  exportHref?: string;
  /** The rows' companies' logo colours (getLogoColors), so their logos are drawn inline. */
  logoColors?: Record<string, string>;
  /** Rows per value of each enumerated filter under the others (lib/trades/facets.ts). */
  facets?: FacetCounts;
}) {
  return (
    <LogoColorsProvider colors={logoColors}>
    <DataTable
      label={label}
      data={rows}
      columns={columns}
      getRowId={(row) => row.id}
      page={page}
      sort={sort}
      filters={tradeFilters({ issuer, verification, facets, only: filters })}
      defaultHidden={DEFAULT_HIDDEN}
      prefix={prefix}
      omit={omitIssuer ? ["issuer"] : undefined}
      noun="trade"
      testId={testId}
      exportHref={exportHref}
    />
    </LogoColorsProvider>
  );
}
