"use client";

import { createColumnHelper, type ColumnDef } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { DataTable } from "@/components/data-table/data-table";
import { IntentLink } from "@/components/intent-link";
import { SelectionFoot, SelectionProvider, selectionColumn, useSelection } from "@/components/data-table/selection";
import type { Option, PageInfo } from "@/components/data-table/types";
import type { TradeWithTeam } from "@/lib/trades/schema";
import type { IssuerFilter } from "./record-table";
import { DEFAULT_HIDDEN, TRADE_COLUMNS, tradeFilters } from "./trades-table";
import { VerifyControls } from "./verify-controls";
import { DealCell, TwinOffers, TwinsContext, useWithTwins, type QueueOutcome } from "./queue-deal";
import type { Twin } from "../_lib/verification";
import type { SortOrder } from "@/lib/schema/params";
import type { SavedView } from "@/lib/views/view";
import { SavedViews } from "./saved-views";
import { SMALL_LINK } from "./link-styles";

const col = createColumnHelper<TradeWithTeam>();

const rowName = (row: TradeWithTeam) => `${row.permalink_id} (${row.team.name}, ${row.issuer.name})`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a column list mixes value types
type Column = ColumnDef<TradeWithTeam, any>;

function columnsWith(onDone: (outcomes: QueueOutcome[]) => void): Column[] {
  return [
    selectionColumn<TradeWithTeam>((row) => row.id, (row) => `Select ${rowName(row)}`),
    // A phone's card names the team and the permalink too: the queue tells trades apart by them.
    col.accessor((row) => row.team.name, { id: "team", header: "Team", meta: { hideable: false, card: true } }),
    // GET /ops/trades sorts by every column the team's trades sort by.
    ...(TRADE_COLUMNS as unknown as Column[]).map((column) => (column.id === "permalink_id" ? { ...column, meta: { ...column.meta, card: true } } : column)),
    // A trade from a deal: its deal and its twin, the other party's trade (GET /ops/trades?deal_id=).
    col.accessor("deal_id", { id: "deal_id", header: "Deal", meta: { card: true }, cell: ({ row }) => <DealCell trade={row.original} /> }),
    col.display({
      id: "actions",
      header: "Actions",
      meta: { hideable: false, cardFooter: true },
      cell: ({ row }) => (
        <div className="flex flex-wrap items-center gap-2">
          {/* The ticket, who recorded it and its history, before verifying it. */}
          <IntentLink href={`/trades/${row.original.id}`} className={SMALL_LINK} data-testid="open-trade">
            Details<span className="sr-only"> of {row.original.permalink_id}</span>
          </IntentLink>
          <RowVerify row={row.original} onDone={onDone} />
        </div>
      ),
    }),
  ];
}

/** A row's Verify / Unverify; an outcome keeps the twin it leaves waiting (the refresh after it may take both rows off the page). */
function RowVerify({ row, onDone }: { row: TradeWithTeam; onDone: (outcomes: QueueOutcome[]) => void }) {
  const withTwins = useWithTwins();
  return <VerifyControls ids={[row.id]} verified={row.is_verified ? "all-verified" : "all-unverified"} onDone={(outcomes) => onDone(withTwins(outcomes))} names={{ [row.id]: rowName(row) }} />;
}

/** The marketplace team's queue: every team's trades, with verify / unverify, one or many. */
export function VerificationTable({
  rows,
  page,
  sort,
  issuer,
  teams,
  savedViews,
  twins,
  invalidLink,
}: {
  rows: TradeWithTeam[];
  page: PageInfo;
  sort: SortOrder<string>;
  issuer: IssuerFilter;
  teams: Option[];
  savedViews: SavedView[];
  /** Each row's twin by the row's id (twinsOf). */
  twins: Record<string, Twin>;
  /** The URL's parameters were refused (InvalidQueryAlert): the empty state says nothing was applied. */
  invalidLink?: boolean;
}) {
  const [outcomes, setOutcomes] = useState<QueueOutcome[] | null>(null);
  // Built once: a cell renderer made anew each render is a new component to React, which would
  // remount every row's controls (an open unverify dialog closed) whenever a live refresh redraws.
  const columns = useMemo(() => columnsWith(setOutcomes), []);
  const filters = tradeFilters({ issuer, verification: "queue", teams, only: ["verification", "team", "issuer", "signed", "volume", "origin", "deal"] });
  const names = Object.fromEntries(rows.map((row) => [row.id, rowName(row)]));
  return (
    <TwinsContext value={twins}>
    <SelectionProvider ids={rows.map((row) => row.id)}>
      <DataTable
        label="Trades to verify"
        data={rows}
        columns={columns}
        getRowId={(row) => row.id}
        page={page}
        sort={sort}
        filters={filters}
        // The queue names each trade by its permalink, as the verify results and dialogs do.
        // The Deal column only when a row of the page is from a deal: the queue's every column
        // fits 1,440 px without it, and most trades were recorded by hand.
        defaultHidden={[...DEFAULT_HIDDEN.filter((column) => column !== "permalink_id"), ...(rows.some((row) => row.deal_id !== null) ? [] : ["deal_id"])]}
        noun="trade"
        emptyMessage="No trade waits for verification with these filters."
        invalidLink={invalidLink}
        testId="verification-table"
        views={<SavedViews table="verification" saved={savedViews} />}
        rowHref={(row) => `/trades/${row.id}`}
        rowName={rowName}
      />
      <SelectionFoot>
        <QueueBulkBar rows={rows} names={names} onDone={setOutcomes} />
        {outcomes ? (
          <div role="status" className="rounded-md border border-slate-200 bg-white px-3 py-2 text-xs" data-testid="verify-results">
            <ul>
              {outcomes.map((o, i) => (
                <li key={i} className={o.ok ? "text-emerald-900" : "text-red-800"} data-ok={o.ok}>
                  {o.text}
                </li>
              ))}
            </ul>
            <TwinOffers outcomes={outcomes} onDone={setOutcomes} />
            <button type="button" className="mt-1 text-indigo-800 underline" onClick={() => setOutcomes(null)}>
              Dismiss
            </button>
          </div>
        ) : null}
      </SelectionFoot>
    </SelectionProvider>
    </TwinsContext>
  );
}

function QueueBulkBar({ rows, names, onDone }: { rows: TradeWithTeam[]; names: Record<string, string>; onDone: (outcomes: QueueOutcome[]) => void }) {
  const { selected, clear } = useSelection();
  const withTwins = useWithTwins();
  if (selected.size === 0) return null;
  const chosen = rows.filter((row) => selected.has(row.id));
  const verified = chosen.every((row) => row.is_verified) ? "all-verified" : chosen.every((row) => !row.is_verified) ? "all-unverified" : "mixed";
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2" data-testid="bulk-bar">
      <p className="text-xs font-semibold text-indigo-950" data-testid="bulk-count">
        {selected.size} selected
      </p>
      <VerifyControls
        bulk
        ids={[...selected]}
        verified={verified}
        names={names}
        onDone={(outcomes) => {
          clear();
          onDone(withTwins(outcomes));
        }}
      />
    </div>
  );
}
