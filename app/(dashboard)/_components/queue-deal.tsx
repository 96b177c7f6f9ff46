"use client";

import { useRouter } from "next/navigation";
import { createContext, useContext, useTransition } from "react";
import { IntentLink } from "@/components/intent-link";
import type { TradeWithTeam } from "@/lib/trades/schema";
import type { Twin } from "../_lib/verification";
import { DealLink } from "./deal-link";
import { setVerified, type VerifyOutcome } from "./verify-controls";

/**
 * The verification queue's deal provenance: a trade from a deal shows its deal and its twin (the
 * other party's trade of the same close), and verifying one offers to verify the twin.
 */

/** Each row's twin by the row's id (twinsOf, _lib/verification.ts), for the cells, which are built once. */
export const TwinsContext = createContext<Record<string, Twin>>({});

/** A verify outcome with the twin it leaves waiting, if any. */
export type QueueOutcome = VerifyOutcome & { twin?: Twin };

/** Outcomes with each verified trade's twin, as the page's rows knew it when the verify was asked. */
export function useWithTwins(): (outcomes: VerifyOutcome[]) => QueueOutcome[] {
  const twins = useContext(TwinsContext);
  return (outcomes) => outcomes.map((outcome) => ({ ...outcome, twin: twins[outcome.id] }));
}

const twinName = (twin: Twin) => `${twin.permalink_id} (${twin.team}, ${twin.issuer})`;

/** The Deal column: the deal's link and the twin, with its team and whether it is verified, a line each (the column stays narrow). */
export function DealCell({ trade }: { trade: TradeWithTeam }) {
  const twin = useContext(TwinsContext)[trade.id];
  if (trade.deal_id === null) return <span className="text-slate-500">—</span>;
  return (
    // Positioned: on a phone card it sits above the link stretched over the card.
    <span className="relative flex flex-col gap-0.5" data-testid="queue-deal">
      <span>
        Deal <DealLink id={trade.deal_id} />
      </span>
      {twin ? (
        <span className="flex flex-col text-slate-600" data-testid="queue-twin">
          <span>
            Twin{" "}
            <IntentLink href={`/trades/${twin.id}`} className="whitespace-nowrap text-indigo-700 underline">
              {twin.permalink_id}
            </IntentLink>
          </span>
          <span className="text-xs">
            {twin.team} · {twin.is_verified ? "verified" : "waiting"}
          </span>
        </span>
      ) : null}
    </span>
  );
}

/**
 * After a verify: for each trade verified whose twin was waiting and was not verified with it,
 * "Also verify its twin?" and a one-click verify, through the same action as every Verify.
 */
export function TwinOffers({ outcomes, onDone }: { outcomes: QueueOutcome[]; onDone: (outcomes: QueueOutcome[]) => void }) {
  const done = new Set(outcomes.filter((o) => o.ok && o.verified).map((o) => o.id));
  const waiting = outcomes.flatMap((o) => (o.ok && o.verified && o.twin && !o.twin.is_verified && !done.has(o.twin.id) ? [o.twin] : []));
  return waiting.map((twin) => <TwinOffer key={twin.id} twin={twin} outcomes={outcomes} onDone={onDone} />);
}

function TwinOffer({ twin, outcomes, onDone }: { twin: Twin; outcomes: QueueOutcome[]; onDone: (outcomes: QueueOutcome[]) => void }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  function verifyTwin() {
    startTransition(async () => {
      const verified = await setVerified([twin.id], true, {}, { [twin.id]: twinName(twin) });
      // The twin's outcome joins the others; the offer goes with the outcome it answered.
      onDone([...outcomes.map((o) => (o.twin?.id === twin.id ? { ...o, twin: undefined } : o)), ...verified]);
      router.refresh();
    });
  }
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-800" data-testid="twin-offer">
      <span>
        Also verify its twin ({twin.team}&rsquo;s trade <span className="whitespace-nowrap">{twin.permalink_id}</span>)?
      </span>
      <button
        type="button"
        disabled={pending}
        onClick={verifyTwin}
        className="h-7 rounded border border-indigo-300 bg-white px-2.5 text-xs font-semibold text-indigo-800 hover:bg-indigo-50 disabled:opacity-50"
        data-testid="verify-twin"
      >
        Verify {twin.permalink_id}
      </button>
    </p>
  );
}
