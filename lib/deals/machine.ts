import { ApiError } from "../schema/errors";
import type { AuditAction, DealRole, DealStage } from "../domain/enums";

/**
 * A deal's stages and who may take each step (docs/api/deals.md, "Stages"), the one place that
 * says so: the commands (lib/deals/commands.ts) and the step × role test table
 * (app/api/v1/deals.test.ts) read it. Pure: no database.
 */

/** Who takes a step: one of the parties, or the marketplace team (deals_manage, /ops routes). */
export type DealActor = DealRole | "marketplace";

export const OPEN_STAGES = ["requested", "accepted", "introduced", "in_closing"] as const satisfies readonly DealStage[];

/** Whether a deal at `stage` is still open (not closed, not dead). */
export function isOpenStage(stage: string): boolean {
  return (OPEN_STAGES as readonly string[]).includes(stage);
}

interface Step {
  from: readonly DealStage[];
  to: DealStage;
  by: readonly DealActor[];
  action: AuditAction;
}

export const DEAL_STEPS = {
  accept: { from: ["requested"], to: "accepted", by: ["owner"], action: "deal.accepted" },
  decline: { from: ["requested"], to: "dead", by: ["owner"], action: "deal.dead" },
  withdraw: { from: OPEN_STAGES, to: "dead", by: ["requester", "owner"], action: "deal.dead" },
  introduce: { from: ["accepted"], to: "introduced", by: ["marketplace"], action: "deal.introduced" },
  terms: { from: ["introduced", "in_closing"], to: "in_closing", by: ["marketplace"], action: "deal.terms" },
  close: { from: ["in_closing"], to: "closed", by: ["marketplace"], action: "deal.closed" },
  kill: { from: OPEN_STAGES, to: "dead", by: ["marketplace"], action: "deal.dead" },
} as const satisfies Record<string, Step>;
export type DealStep = keyof typeof DEAL_STEPS;

const WHO: Record<DealActor, string> = { requester: "the team that asked for the introduction", owner: "the order's owner", marketplace: "the marketplace team" };

/**
 * The stage `step` leads to, or the refusal: 403 for a party the step is not theirs to take,
 * 409 invalid_transition naming the current stage for a step the stage does not allow.
 */
export function transition(step: DealStep, actor: DealActor, stage: DealStage): DealStage {
  const { by, from, to } = DEAL_STEPS[step] as Step;
  if (!by.includes(actor)) throw new ApiError("forbidden", `Only ${by.map((who) => WHO[who]).join(" or ")} may ${step} a deal.`);
  if (!from.includes(stage)) {
    throw new ApiError("invalid_transition", `A deal in stage ${stage} cannot be ${PAST[step]}: ${step} takes a deal in stage ${from.join(" or ")}.`);
  }
  return to;
}

const PAST: Record<DealStep, string> = { accept: "accepted", decline: "declined", withdraw: "withdrawn", introduce: "introduced", terms: "given terms", close: "closed", kill: "killed" };
