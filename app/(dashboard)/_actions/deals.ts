"use server";

import { takeDealStep, type StepInput } from "@/lib/deals/commands";
import { DEAL_STEPS, type DealStep } from "@/lib/deals/machine";
import { closeSchema, declineSchema, killSchema, termsSchema, withdrawSchema } from "@/lib/deals/schema";
import type { DealStage } from "@/lib/domain/enums";
import { parseBody } from "@/lib/schema/body";
import { ApiError } from "@/lib/schema/errors";
import { checkEtag, checkId } from "./inputs";
import { runAction, type ActionResult } from "./result";

/**
 * The dashboard's steps of a deal: the same write (lib/deals/commands.ts takeDealStep) and body
 * schemas as POST /my/deals/{id}/<step> and /ops/deals/{id}/<step>, so the audit, the stream, the
 * notifications and the webhooks are the API's. The stage machine says whose step it is.
 */

function stepInput(step: DealStep, body: unknown): StepInput {
  switch (step) {
    case "accept":
    case "introduce":
      return { step };
    case "decline":
      return { step, ...parseBody(declineSchema, body) };
    case "withdraw":
      return { step, ...parseBody(withdrawSchema, body) };
    case "terms":
      return { step, terms: parseBody(termsSchema, body) };
    case "close":
      return { step, ...parseBody(closeSchema, body) };
    case "kill":
      return { step, ...parseBody(killSchema, body) };
  }
}

/** One step with its body and the ETag the page was loaded with (If-Match); answers the deal's stage after it. */
export async function takeDealStepAction(id: unknown, step: unknown, body: unknown, etag: unknown): Promise<ActionResult<DealStage>> {
  return runAction(async (caller) => {
    if (typeof step !== "string" || !Object.hasOwn(DEAL_STEPS, step)) throw ApiError.invalid("step", `step must be one of ${Object.keys(DEAL_STEPS).join(", ")}.`);
    const known = step as DealStep;
    const as = (DEAL_STEPS[known].by as readonly string[]).includes("marketplace") ? "marketplace" : "party";
    const deal = await takeDealStep(caller, checkId(id, "a deal"), as, stepInput(known, body ?? {}), checkEtag(etag));
    return deal.resource.stage;
  });
}
