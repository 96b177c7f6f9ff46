import type { Permission } from "../domain/enums";

/** What a guarded operation needs, and how a refusal names the operation. */
export interface Requirement {
  permission: Permission;
  action: string;
}

/**
 * Every guarded operation's permission, named once. API operations declare theirs
 * (`requires: REQUIRES.recordTrade` in lib/http/operations.ts, checked by their route once the
 * input is read, and listed by the OpenAPI document); the data functions check the same entry, so
 * the dashboard's pages and actions, which call them directly, are held to it too. Any signed-in
 * member of a team may read the team's own rows and the company list: those need no entry.
 */
export const REQUIRES = {
  viewCompany: { permission: "companies", action: "Viewing company details" },
  viewMarket: { permission: "companies", action: "Viewing the market of a company" },
  createIndication: { permission: "indications_manage", action: "Creating indications" },
  changeIndication: { permission: "indications_manage", action: "Changing indications" },
  refreshIndication: { permission: "indications_manage", action: "Refreshing indications" },
  closeIndication: { permission: "indications_manage", action: "Closing indications" },
  recordTrade: { permission: "trades_manage", action: "Recording trades" },
  changeTrade: { permission: "trades_manage", action: "Changing trades" },
  listEveryTeamsTrades: { permission: "trades_verify", action: "Listing every team's trades" },
  viewEveryTeamsTrade: { permission: "trades_verify", action: "Viewing every team's trades" },
  verifyTrade: { permission: "trades_verify", action: "Verifying trades" },
  unverifyTrade: { permission: "trades_verify", action: "Unverifying trades" },
  askIntroduction: { permission: "indications_manage", action: "Asking for introductions" },
  takeDealStep: { permission: "indications_manage", action: "Accepting, declining and withdrawing deals" },
  manageDeals: { permission: "deals_manage", action: "Running every team's deals" },
  // Webhooks send the team's indications and trades out: whoever may change indications manages them (docs/api/live.md, "Webhooks").
  manageWebhooks: { permission: "indications_manage", action: "Managing webhooks" },
} as const satisfies Record<string, Requirement>;
