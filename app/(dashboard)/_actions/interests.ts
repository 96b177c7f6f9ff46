"use server";

import { parseBody } from "@/lib/schema/body";
import { ApiError } from "@/lib/schema/errors";
import { requestIntroduction } from "@/lib/deals/commands";
import { dealsOnOrder } from "@/lib/deals/on-order";
import { interestSchema } from "@/lib/deals/schema";
import { checkId } from "./inputs";
import { runAction, type ActionResult } from "./result";

/**
 * "Ask for an introduction" on an order's page (/market/{permalink_id}): the API's body schema and
 * the one write-side function of POST /market/indications/{permalink_id}/interests.
 */
type AskResult = ActionResult<{ id: string }> & { existing?: string };

export async function askIntroductionAction(permalinkId: unknown, input: unknown): Promise<AskResult> {
  let existing: string | undefined;
  const result = await runAction(async (caller) => {
    const permalink = checkId(permalinkId, "an order");
    try {
      return { id: (await requestIntroduction(caller, permalink, parseBody(interestSchema, input))).resource.id };
    } catch (error) {
      // The form links the deal the team already has on this order.
      if (error instanceof ApiError && error.code === "deal_exists") existing = (await dealsOnOrder(caller, permalink)).find((deal) => deal.open && deal.role === "requester")?.id;
      throw error;
    }
  });
  return existing === undefined ? result : { ...result, existing };
}
