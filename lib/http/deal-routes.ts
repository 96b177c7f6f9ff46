import { takeDealStep, type StepInput } from "../deals/commands";
import { otherMethods } from "./handler";
import { operationRoute, type InputOf } from "./operation-route";
import type { OPERATIONS } from "./operations";
import { resourceResponse } from "./resource-response";

type StepOperation = (typeof OPERATIONS)[
  "acceptDeal" | "declineDeal" | "withdrawDeal" | "introduceDeal" | "recordDealTerms" | "closeDeal" | "killDeal"
];

/**
 * POST /my/deals/{id}/<step> (a party's) and /ops/deals/{id}/<step> (the marketplace team's): the
 * step its body makes (lib/deals/commands.ts takeDealStep), If-Match honoured; other methods 405.
 */
export function dealStepRoute<const O extends StepOperation>(operation: O, as: "party" | "marketplace", step: (input: InputOf<O>) => StepInput) {
  const POST = operationRoute(operation, async ({ request, caller, params, input }) =>
    resourceResponse(await takeDealStep(caller, (params as { id: string }).id, as, step(input as InputOf<O>), request.headers.get("if-match"))),
  );
  return { ...otherMethods("POST"), POST };
}
