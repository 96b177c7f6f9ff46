import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { createApiKey } from "@/lib/api-keys/keys";
import { getDb } from "@/lib/db/client";
import { BROKER_PERMISSIONS } from "@/lib/domain/enums";
import type { DealStep } from "@/lib/deals/machine";
import { FIXTURE_PASSWORD_HASH } from "@/lib/testing/fixtures/accounts";
import { NEW_BID } from "@/lib/testing/fixtures/bodies";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { callRoute, type CallResult } from "@/lib/testing/http";
import { POST as interests } from "../market/indications/[permalink_id]/interests/route";
import { POST as createIndication } from "../my/indications/route";
import { GET as getMine } from "../my/deals/[id]/route";
import { GET as getAny } from "../ops/deals/[id]/route";
import { POST as accept } from "../my/deals/[id]/accept/route";
import { POST as decline } from "../my/deals/[id]/decline/route";
import { POST as withdraw } from "../my/deals/[id]/withdraw/route";
import { POST as introduce } from "../ops/deals/[id]/introduce/route";
import { POST as terms } from "../ops/deals/[id]/terms/route";
import { POST as close } from "../ops/deals/[id]/close/route";
import { POST as kill } from "../ops/deals/[id]/kill/route";

/**
 * What the deal tests share (app/api/v1/deals*.test.ts): four teams of the file's own database
 * (an order's owner, a requester, a third team, the marketplace team), each with one named member
 * and an API key; orders made and deals walked to a stage through the real routes.
 */

export interface Member {
  teamId: string;
  teamName: string;
  name: string;
  email: string;
  key: string;
}

/** A member of a new team, or, given `team`, another member of that member's team. */
export async function member(label: string, permissions: readonly string[], team?: Member): Promise<Member & { userId: string }> {
  const teamId = team?.teamId ?? randomUUID();
  const userId = randomUUID();
  const teamName = team?.teamName ?? `${label} ${teamId.slice(0, 8)}`;
  const name = `${label} Broker`;
  const email = `${label.toLowerCase()}-${userId.slice(0, 8)}@deals.test`;
  if (!team) await getDb().team.create({ data: { id: teamId, name: teamName, createdAt: new Date() } });
  await getDb().user.create({ data: { id: userId, email, name, passwordHash: FIXTURE_PASSWORD_HASH, role: "broker", permissions: JSON.stringify(permissions), teamId, createdAt: new Date() } });
  return { teamId, teamName, userId, name, email, key: (await createApiKey(getDb(), { userId, name: `${label} test` })).secret };
}

export type Party = "owner" | "requester" | "third" | "ops";

export async function parties(): Promise<Record<Party, Member>> {
  return {
    owner: await member("Owner", BROKER_PERMISSIONS),
    requester: await member("Requester", BROKER_PERMISSIONS),
    third: await member("Third", BROKER_PERMISSIONS),
    ops: await member("Ops", [...BROKER_PERMISSIONS, "trades_verify", "deals_manage"]),
  };
}

const COMPANY = COMPANIES[5];

/** An open offer of `owner`'s team: anonymous unless said otherwise. */
export async function newOffer(owner: Member, fields: Record<string, unknown> = {}) {
  const body = { ...NEW_BID, issuer_id: COMPANY.id, side: "offer", acceptable_structures: [], structure: "direct", price_per_share: "20", volume: "1000", minimum_volume: "100", ...fields };
  const result = await callRoute(createIndication, "/api/v1/my/indications", { key: owner.key, body });
  expect(result.status, result.text).toBe(201);
  return result.body as { id: string; permalink_id: string };
}

export type DealBody = Record<string, unknown> & { id: string; stage: string };

export function ask(requester: Member, permalinkId: string, body: unknown = { volume: "500" }, headers: Record<string, string> = {}) {
  return callRoute(interests, `/api/v1/market/indications/${permalinkId}/interests`, { key: requester.key, body, headers, params: { permalink_id: permalinkId } });
}

const ROUTES = { accept, decline, withdraw, introduce, terms, close, kill } satisfies Record<DealStep, unknown>;
const OPS_STEPS = new Set<DealStep>(["introduce", "terms", "close", "kill"]);

/** What each step is sent when it is taken. */
const STEP_BODY: Record<DealStep, unknown> = {
  accept: undefined,
  decline: { reason: "Not at that size" },
  withdraw: { reason: "Client changed their mind" },
  introduce: undefined,
  terms: { price_per_share: "19.5", volume: "400", structure: "direct", sign_date: "2026-11-20" },
  close: { won_date: "2026-11-25" },
  kill: { reason: "rofr_exercised", note: "The issuer exercised its right of first refusal" },
};

/** POST the step's route as `caller` (/ops/deals/… for the marketplace's steps, /my/deals/… for the parties'). */
export function step(name: DealStep, caller: Member, dealId: string, options: { body?: unknown; ifMatch?: string } = {}): Promise<CallResult> {
  const path = `/api/v1/${OPS_STEPS.has(name) ? "ops" : "my"}/deals/${dealId}/${name}`;
  const body = options.body ?? STEP_BODY[name];
  return callRoute(ROUTES[name], path, { key: caller.key, method: "POST", body, headers: options.ifMatch ? { "if-match": options.ifMatch } : {}, params: { id: dealId } });
}

export function read(caller: Member, dealId: string, as: "party" | "ops" = "party"): Promise<CallResult> {
  return as === "ops"
    ? callRoute(getAny, `/api/v1/ops/deals/${dealId}`, { key: caller.key, params: { id: dealId } })
    : callRoute(getMine, `/api/v1/my/deals/${dealId}`, { key: caller.key, params: { id: dealId } });
}

/** The steps that lead a new deal to `stage`, and who takes each. */
const PATH_TO: Record<string, [DealStep, Party][]> = {
  requested: [],
  accepted: [["accept", "owner"]],
  introduced: [["accept", "owner"], ["introduce", "ops"]],
  in_closing: [["accept", "owner"], ["introduce", "ops"], ["terms", "ops"]],
  closed: [["accept", "owner"], ["introduce", "ops"], ["terms", "ops"], ["close", "ops"]],
  dead: [["withdraw", "requester"]],
};

/** A new deal on a new offer of the owner's, walked to `stage`. */
export async function dealAt(who: Record<Party, Member>, stage: string, offer: Record<string, unknown> = {}): Promise<DealBody> {
  const order = await newOffer(who.owner, offer);
  const asked = await ask(who.requester, order.permalink_id);
  expect(asked.status, asked.text).toBe(201);
  let deal = asked.body as DealBody;
  for (const [name, by] of PATH_TO[stage]) {
    const result = await step(name, who[by], deal.id);
    expect(result.status, `${name} by ${by}: ${result.text}`).toBe(200);
    deal = result.body as DealBody;
  }
  expect(deal.stage).toBe(stage);
  return deal;
}
