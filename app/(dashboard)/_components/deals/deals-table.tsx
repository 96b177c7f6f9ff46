"use client";

import { createColumnHelper } from "@tanstack/react-table";
import { DataTable } from "@/components/data-table/data-table";
import { FilterBar } from "@/components/data-table/toolbar";
import { SideBadge } from "@/components/data-table/badges";
import type { FilterDef, Option, PageInfo } from "@/components/data-table/types";
import { IntentLink } from "@/components/intent-link";
import { Timestamp } from "@/components/timestamp";
import { DEAL_ROLES, DEAL_STAGES } from "@/lib/domain/enums";
import { DEAL_ROLE_LABELS, DEAL_STAGE_LABELS } from "@/lib/deals/labels";
import type { Deal } from "@/lib/deals/schema";
import { pricePlaces } from "@/lib/format";
import type { SortOrder } from "@/lib/schema/params";
import { MoneyCell, IssuerCell } from "../cells";
import { LogoColorsProvider } from "../inline-logos";
import { options, pickFilters, type IssuerFilter } from "../record-table";
import { DealStageBadge, otherParty, PartyName, TermsText } from "./deal-cells";
import type { DealDesk } from "../../_lib/deals";
import { SMALL_LINK } from "../link-styles";

const col = createColumnHelper<Deal>();

const dealName = (deal: Deal) => `${deal.indication.permalink_id} (${deal.company.name})`;

/**
 * Every column of a deal list, defined once for both desks: the team's (/deals) shows its role and
 * the counterparty as far as it is named; the marketplace team's (/ops/deals) both parties.
 */
const DEAL_COLUMNS = [
  col.accessor("company", { id: "company", header: "Company", meta: { hideable: false, pinned: true, card: true }, cell: (info) => <IssuerCell issuer={info.getValue()} /> }),
  col.accessor((deal) => deal.indication.side, { id: "side", header: "Order side", meta: { card: true }, cell: (info) => <SideBadge side={info.getValue()} /> }),
  col.accessor("stage", { id: "stage", header: "Stage", meta: { card: true }, cell: (info) => <DealStageBadge stage={info.getValue()} /> }),
  col.accessor("role", { id: "role", header: "Your side", meta: { card: true }, cell: (info) => (info.getValue() ? DEAL_ROLE_LABELS[info.getValue()!] : "—") }),
  col.display({ id: "counterparty", header: "Counterparty", meta: { card: true }, cell: ({ row }) => <PartyName party={otherParty(row.original)} /> }),
  col.display({ id: "requester", header: "Requester", meta: { card: true }, cell: ({ row }) => <PartyName party={row.original.requester} /> }),
  col.display({ id: "owner", header: "Owner", meta: { card: true }, cell: ({ row }) => <PartyName party={row.original.owner} /> }),
  col.accessor((deal) => deal.requested.volume, {
    id: "requested_volume",
    header: "Asked volume",
    meta: { align: "right", card: true },
    cell: (info) => <MoneyCell value={info.getValue()} />,
  }),
  col.accessor((deal) => deal.requested.price_per_share, {
    id: "requested_price",
    header: "Asked price",
    meta: { align: "right", card: true },
    // No price asked: the requester deals at the order's.
    cell: (info) =>
      info.getValue() === null ? (
        <span className="text-slate-600">The order&apos;s</span>
      ) : (
        <MoneyCell value={info.getValue()} column={info.table.getRowModel().rows.map((row) => row.original.requested.price_per_share)} />
      ),
  }),
  col.accessor("terms", {
    id: "terms",
    header: "Terms",
    meta: { card: true },
    // One count of decimals for the column's prices, as every price column (pricePlaces).
    cell: (info) => <TermsText terms={info.getValue()} places={pricePlaces(info.table.getRowModel().rows.map((row) => row.original.terms?.price_per_share))} />,
  }),
  col.accessor("updated_at", { id: "updated_at", header: "Updated", meta: { sortField: "updated_at", card: true }, cell: (info) => <Timestamp iso={info.getValue()} /> }),
  col.accessor("created_at", { id: "created_at", header: "Created", meta: { sortField: "created_at" }, cell: (info) => <Timestamp iso={info.getValue()} /> }),
  col.display({
    id: "open",
    header: "Deal",
    meta: { hideable: false, cardFooter: true },
    cell: ({ row }) => (
      <IntentLink href={`/deals/${row.original.id}`} className={SMALL_LINK} data-testid="open-deal">
        Open<span className="sr-only"> deal {dealName(row.original)}</span>
      </IntentLink>
    ),
  }),
];

/** The columns each desk leaves out: the team sees its side and the other; the marketplace both sides. */
const OMIT: Record<DealDesk, string[]> = { team: ["requester", "owner"], marketplace: ["role", "counterparty"] };

type DealFilterName = "stage" | "role" | "team" | "issuer";

/** The filters of a deal list (the table's and the board's): the stage, the team's role or the marketplace's team, the company. */
function dealFilters(desk: DealDesk, issuer: IssuerFilter, teams?: Option[]): FilterDef[] {
  return pickFilters<DealFilterName>(
    [
      ["stage", { kind: "facet", param: "stage", label: "Stage", options: options(DEAL_STAGES, (stage) => DEAL_STAGE_LABELS[stage]) }],
      ["role", desk === "team" ? { kind: "facet", param: "role", label: "Your side", options: options(DEAL_ROLES, (role) => DEAL_ROLE_LABELS[role]) } : null],
      ["team", teams ? { kind: "select", param: "team_id", label: "Team", defaultValue: "", options: [{ value: "", label: "Every team" }, ...teams] } : null],
      ["issuer", issuer ? { kind: "company", param: "issuer_id", label: "Company", ...issuer } : null],
    ],
    ["stage", "role", "team", "issuer"],
  );
}

export function DealsTable({
  desk,
  rows,
  page,
  sort,
  issuer,
  teams,
  logoColors,
  invalidLink,
}: {
  desk: DealDesk;
  rows: Deal[];
  page: PageInfo;
  sort: SortOrder<string>;
  issuer: IssuerFilter;
  /** The marketplace desk's team filter. */
  teams?: Option[];
  logoColors?: Record<string, string>;
  /** The URL's parameters were refused (InvalidQueryAlert): the empty state says nothing was applied. */
  invalidLink?: boolean;
}) {
  return (
    <LogoColorsProvider colors={logoColors}>
      <DataTable
        label={desk === "team" ? "Deals" : "Every deal"}
        data={rows}
        columns={DEAL_COLUMNS}
        getRowId={(deal) => deal.id}
        page={page}
        sort={sort}
        filters={dealFilters(desk, issuer, teams)}
        omit={OMIT[desk]}
        defaultHidden={["created_at"]}
        noun="deal"
        invalidLink={invalidLink}
        testId="deals-table"
        rowHref={(deal) => `/deals/${deal.id}`}
        rowName={dealName}
      />
    </LogoColorsProvider>
  );
}

/** The board's filter bar: the table's filters, over every stage's deals (`total`). */
export function DealFilterBar({ desk, issuer, teams, total }: { desk: DealDesk; issuer: IssuerFilter; teams?: Option[]; total: number }) {
  return (
    <div role="search" aria-label="Deals">
      <FilterBar filters={dealFilters(desk, issuer, teams)} total={total} noun="deal" />
    </div>
  );
}
