/** Small status badges shared by the tables and pages. */

const base = "inline-flex items-center gap-1 rounded px-1.5 py-px text-[11px] font-semibold leading-4 ring-1 ring-inset";

export function VerifiedBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <span className={`${base} bg-emerald-50 text-emerald-800 ring-emerald-200`} data-testid="verified-badge">
      <svg aria-hidden="true" viewBox="0 0 12 12" className="h-3 w-3">
        <path d="M2.5 6.5 5 9l4.5-5.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
      </svg>
      Verified
    </span>
  ) : (
    <span className={`${base} bg-slate-50 text-slate-600 ring-slate-200`} data-testid="unverified-badge">
      Unverified
    </span>
  );
}

export function SideBadge({ side }: { side: string }) {
  return side === "bid" ? (
    <span className={`${base} bg-sky-50 text-sky-800 ring-sky-200`}>Bid</span>
  ) : side === "offer" ? (
    <span className={`${base} bg-amber-50 text-amber-800 ring-amber-200`}>Offer</span>
  ) : (
    <span className={`${base} bg-slate-50 text-slate-700 ring-slate-200`}>{side}</span>
  );
}

export function StageBadge({ stage }: { stage: string }) {
  return stage === "open" ? (
    <span className={`${base} bg-emerald-50 text-emerald-800 ring-emerald-200`}>Open</span>
  ) : (
    <span className={`${base} bg-slate-100 text-slate-600 ring-slate-200`}>{stage === "closed_lost" ? "Closed (lost)" : stage}</span>
  );
}

export function LegacyStructure({ label }: { label: string }) {
  return <span className={`${base} bg-orange-50 text-orange-800 ring-orange-200`}>{label}</span>;
}
