import type { z } from "zod";
import { CURRENT_STRUCTURES, DEAL_KILL_REASONS } from "@/lib/domain/enums";
import { DEAL_DEAD_REASON_LABELS } from "@/lib/deals/labels";
import type { DealStep } from "@/lib/deals/machine";
import { closeSchema, declineSchema, killSchema, termsSchema, withdrawSchema, type Deal } from "@/lib/deals/schema";
import { structureLabel } from "@/lib/format";
import type { FieldDef, FormValues } from "../record-form/fields";

/**
 * How the deal page offers each step of the stage machine (lib/deals/machine.ts): its button, and
 * for a step that takes a body or ends the deal, the dialog that asks for it (the API's body
 * schema checks it in the browser first, and the server again). Which steps a viewer sees is the
 * machine's (stepsFor), never decided here.
 */
export interface StepUi {
  label: string;
  /** A step that ends the deal: its button and submit are red, and it always asks first. */
  ends?: boolean;
  /** Absent: the button takes the step at once (nothing to ask, nothing lost). */
  form?: { title: string; submit: string; fields: FieldDef[]; schema: z.ZodType; note?: string };
  done: string;
}

const reason = (label: string, required: boolean): FieldDef => ({ name: "reason", label, kind: "textarea", nullable: !required });

export const STEP_UI: Record<DealStep, StepUi> = {
  accept: { label: "Accept", done: "Accepted: the marketplace team introduces the two teams next." },
  decline: {
    label: "Decline",
    ends: true,
    form: { title: "Decline this deal?", submit: "Decline deal", fields: [reason("Reason (the requester and the marketplace team read it)", true)], schema: declineSchema },
    done: "Declined.",
  },
  withdraw: {
    label: "Withdraw",
    ends: true,
    form: { title: "Withdraw from this deal?", submit: "Withdraw", fields: [reason("Reason (optional)", false)], schema: withdrawSchema, note: "The deal ends for both teams." },
    done: "Withdrawn.",
  },
  introduce: { label: "Introduce", done: "Introduced: both teams now see each other." },
  terms: {
    label: "Record terms",
    form: {
      title: "Record the agreed terms",
      submit: "Record terms",
      fields: [
        { name: "price_per_share", label: "Price per share (USD)", kind: "decimal" },
        { name: "volume", label: "Volume (USD)", kind: "decimal" },
        { name: "structure", label: "Structure", kind: "select", options: CURRENT_STRUCTURES.map((value) => ({ value, label: structureLabel(value) })) },
        { name: "sign_date", label: "Sign date", kind: "date" },
      ],
      schema: termsSchema,
    },
    done: "Terms recorded.",
  },
  close: {
    label: "Close",
    form: { title: "Close the deal", submit: "Close and record trades", fields: [{ name: "won_date", label: "Won date", kind: "date" }], schema: closeSchema, note: "Closing records one unverified trade for each team, on the terms." },
    done: "Closed: both teams' trades are recorded.",
  },
  kill: {
    label: "Kill",
    ends: true,
    form: {
      title: "Kill this deal?",
      submit: "Kill deal",
      fields: [
        { name: "reason", label: "Reason", kind: "select", options: DEAL_KILL_REASONS.map((value) => ({ value, label: DEAL_DEAD_REASON_LABELS[value] })) },
        { name: "note", label: "Note (optional)", kind: "textarea", nullable: true },
      ],
      schema: killSchema,
    },
    done: "Killed.",
  },
};

/** The API's body of a step's form: what was typed (bodyOf), an optional field left empty left out (the schemas take no null). */
export function withoutEmpty(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
}

/**
 * What a step's form starts with, from what the deal already says: the terms as recorded, else
 * as asked (the request's price, else the order's, and the request's volume), for the marketplace
 * team to correct rather than type again. A close's won date is the viewer's today (StepDialog).
 */
export function stepDefaults(deal: Deal): Partial<Record<DealStep, FormValues>> {
  const terms = deal.terms;
  return {
    terms: terms
      ? { price_per_share: terms.price_per_share, volume: terms.volume, structure: terms.structure, sign_date: terms.sign_date }
      : { price_per_share: deal.requested.price_per_share ?? deal.indication.price_per_share, volume: deal.requested.volume },
  };
}
