import type { DealStage } from "@/lib/domain/enums";
import { DEAL_STAGE_LABELS } from "@/lib/deals/labels";
import { OPEN_STAGES } from "@/lib/deals/machine";

/** The way a deal goes when nothing ends it (docs/api/deals.md "Stages"). */
const PATH: readonly DealStage[] = [...OPEN_STAGES, "closed"];

/**
 * Where the deal stands on its way: the stages passed, the current one, those ahead. A dead deal
 * shows the stages it passed and, in place of the rest, that it ended at `diedAt` (the stage its
 * last step left, from its history; unknown for a deal with no history, then none is marked passed).
 */
export function DealStepper({ stage, diedAt }: { stage: DealStage; diedAt: DealStage | null }) {
  const reached = stage === "dead" ? (diedAt ? PATH.indexOf(diedAt) : -1) : PATH.indexOf(stage);
  const steps = stage === "dead" ? [...PATH.slice(0, reached + 1), "dead" as const] : PATH;
  return (
    <ol className="flex flex-wrap items-center gap-x-1 gap-y-2 text-xs" aria-label="Stages" data-testid="deal-stepper">
      {steps.map((step, i) => {
        const current = step === stage;
        const passed = !current && i <= reached;
        const tone = current
          ? step === "dead"
            ? "bg-slate-700 text-white ring-slate-700"
            : "bg-indigo-600 text-white ring-indigo-600"
          : passed
            ? "bg-indigo-50 text-indigo-800 ring-indigo-200"
            : "bg-white text-slate-600 ring-slate-300";
        return (
          <li key={step} className="flex items-center gap-1" aria-current={current ? "step" : undefined} data-step={step}>
            {i > 0 ? (
              <span aria-hidden="true" className="text-slate-400">
                →
              </span>
            ) : null}
            <span className={`whitespace-nowrap rounded-full px-2.5 py-1 font-semibold ring-1 ring-inset ${tone}`}>
              {passed ? <span aria-hidden="true">✓ </span> : null}
              {DEAL_STAGE_LABELS[step]}
              <span className="sr-only">{current ? " (current stage)" : passed ? " (done)" : " (ahead)"}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
