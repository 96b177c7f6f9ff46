"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { DataTable } from "@/components/data-table/data-table";
import { VerifiedBadge } from "@/components/data-table/badges";
import type { FilterDef, Option, PageInfo } from "@/components/data-table/types";
import { STRUCTURES } from "@/lib/domain/enums";
import { formatDate, structureLabel } from "@/lib/format";
import type { FacetCounts } from "@/lib/db/facets";
import type { Trade } from "@/lib/trades/schema";
import { IntentLink } from "@/components/intent-link";
import { StructureCell, TextCell } from "./cells";
import { SHARED_FIELD_LABELS } from "./field-labels";
import { recordColumns, recordFilters, options, pickFilters, type IssuerFilter } from "./record-table";
import { LogoColorsProvider } from "./inline-logos";
import { DealLink } from "./deal-link";
import type { SavedView } from "@/lib/views/view";
import { SavedViews } from "./saved-views";
import type { SortOrder } from "@/lib/schema/params";
import { SMALL_LINK } from "./link-styles";

const col = createColumnHelper<Trade>();

const record = recordColumns<Trade>();

/** The trade's own columns (the verification queue adds its team, selection and actions around them). */
export const TRADE_COLUMNS = [
  record.issuer,
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
  record.price_per_share,
  record.volume,
  col.accessor("structure", { id: "structure", header: "Structure", cell: (info) => <StructureCell value={info.getValue()} /> }),
  record.stock_type,
  record.stock_class,
  col.accessor("is_verified", {
    id: "is_verified",
    header: "Status",
    meta: { label: "Verification", card: true },
    cell: (info) => <VerifiedBadge verified={info.getValue()} />,
  }),
  col.accessor("verification_officer_name", {
    id: "verification_officer_name",
    header: SHARED_FIELD_LABELS.verification_officer_name,
    cell: ({ row }) => (
      <span title={row.original.verification_officer_email}>{row.original.verification_officer_name}</span>
    ),
  }),
  col.accessor("verification_officer_email", {
    id: "verification_officer_email",
    header: "Officer e-mail",
    meta: { label: SHARED_FIELD_LABELS.verification_officer_email },
    cell: (info) => <TextCell value={info.getValue()} />,
  }),
  col.accessor("attributed_to_owner", {
    id: "attributed_to_owner",
    header: "Attributed",
    meta: { label: SHARED_FIELD_LABELS.attributed_to_owner },
    cell: (info) => (info.getValue() ? "Yes" : "No"),
  }),
  record.management_fee_percent,
  record.carried_interest_fee_percent,
  record.client_id,
  record.third_party_id,
  record.permalink_id,
  record.details,
  record.created_at,
  record.updated_at,
];

/** A link to the trade's detail page (its fields, history and, while unverified, its edit). */
const detailsColumn = col.display({
  id: "actions",
  header: "Actions",
  meta: { hideable: false, cardFooter: true },
  cell: ({ row }) => (
    <IntentLink href={`/trades/${row.original.id}`} className={SMALL_LINK} data-testid="open-trade">
      Details<span className="sr-only"> of {row.original.permalink_id}</span>
    </IntentLink>
  ),
});
/** The deal whose close recorded the trade (docs/ui.md, "Deals"); the queue shows its own, with the twin. */
const dealColumn = col.accessor("deal_id", {
  id: "deal_id",
  header: "Deal",
  meta: { label: "From deal", card: true },
  cell: (info) => {
    const id = info.getValue();
    return id ? <DealLink id={id} /> : <span className="text-slate-500">—</span>;
  },
});
const columns = [...TRADE_COLUMNS, dealColumn, detailsColumn];

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

export type TradeFilterName = "verification" | "team" | "broker" | "structure" | "stock_type" | "stock_class_type" | "issuer" | "signed" | "won" | "price" | "volume" | "origin" | "deal";

// Where a trade stands, whose it is, which company and when it was signed: what every trade list
// (the desk, the queue, the review) is read by; the rest are a "+ Filter" away.
const PRIMARY_FILTERS: TradeFilterName[] = ["verification", "team", "broker", "issuer", "signed"];

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
  const shared = recordFilters(issuer, facets);
  return pickFilters<TradeFilterName>(
    [
      ["verification", verificationFilter(verification, facets)],
      ["team", everyOrOne("team_id", "Team", "Every team", teams)],
      ["broker", everyOrOne("user_id", "Broker", "Every broker", brokers)],
      ["structure", shared.facet("structure", "Structure", options(STRUCTURES, structureLabel))],
      ["stock_type", shared.stock_type],
      ["stock_class_type", shared.stock_class_type],
      ["issuer", shared.issuer],
      ["signed", { kind: "dateRange", label: "Signed", fromParam: "sign_date_from", toParam: "sign_date_to" }],
      ["won", { kind: "dateRange", label: "Won", fromParam: "won_date_from", toParam: "won_date_to" }],
      ["price", shared.price],
      ["volume", shared.volume],
      // The verification queue's (GET /ops/trades's): trades a deal's close recorded, or one deal's two.
      ["origin", { kind: "boolean", param: "from_deal", label: "Origin", trueLabel: "From a deal", falseLabel: "Recorded by hand" }],
      ["deal", { kind: "text", param: "deal_id", label: "Deal", placeholder: "Deal ID" }],
    ],
    PRIMARY_FILTERS,
    only,
  );
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
  savedViews,
  invalidLink,
}: {
  rows: Trade[];
  page: PageInfo;
  sort: SortOrder<string>;
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
  /** The user's saved views of this table (lib/views/); absent: no Views menu. */
  savedViews?: SavedView[];
  /** The URL's parameters were refused (InvalidQueryAlert): the empty state says nothing was applied. */
  invalidLink?: boolean;
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
      // The Deal column only when a row of the page is from a deal, as in the queue.
      defaultHidden={rows.some((row) => row.deal_id !== null) ? DEFAULT_HIDDEN : [...DEFAULT_HIDDEN, "deal_id"]}
      prefix={prefix}
      omit={omitIssuer ? ["issuer"] : undefined}
      noun="trade"
      invalidLink={invalidLink}
      testId={testId}
      exportHref={exportHref}
      views={savedViews ? <SavedViews table="trades" saved={savedViews} /> : undefined}
      rowHref={(row) => `/trades/${row.id}`}
      rowName={(row) => `${row.permalink_id} (${row.issuer.name})`}
    />
    </LogoColorsProvider>
  );
}
