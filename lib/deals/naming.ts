import { sql } from "kysely";
import type { Dialect } from "../db/dialect";
import { columnJson, type Computed } from "../db/json-sql";
import type { Fragment } from "../db/sql";
import type { Caller } from "../auth/caller";
import { REQUIRES } from "../auth/requirements";

/**
 * Who is named in a deal, and when (issue 45, docs/api/deals.md "Who is named when"): the one
 * rule, written as the SQL every reading of a deal is written with (its answer, a list page, the
 * CSV, the audit events each party's stream and webhooks carry, the pages). Over a deal's row `t`
 * with its order joined as `ind`, its parties' teams as `rq_team` / `ow_team` and brokers as
 * `rq_user` / `ow_user`:
 * - the requester sees the owner's team when the order is `order_book_public`, or once introduced;
 * - the owner sees the requester's team once introduced;
 * - each sees the other's broker (name, e-mail) once introduced; its own side always;
 * - the marketplace team (deals_manage) sees both sides always.
 * Another team reads no row of the deal at all (lib/deals/queries.ts scopes every read).
 */

/** The values a deal's computed fields read: who is looking. */
export interface DealViewer {
  viewer_team: string;
  /** "1" for the marketplace team. */
  viewer_ops: "0" | "1";
}

export function dealViewerOf(caller: Caller): DealViewer {
  return { viewer_team: caller.teamId, viewer_ops: caller.permissions.includes(REQUIRES.manageDeals.permission) ? "1" : "0" };
}

/** A viewer as the marketplace team, whatever their own team (an audit event of the marketplace team's). */
export const MARKETPLACE_VIEWER = (teamId: string): DealViewer => ({ viewer_team: teamId, viewer_ops: "1" });

/** A viewer as a party's team sees its deals (/my/deals), whatever its members' permissions. */
export const PARTY_VIEWER = (teamId: string): DealViewer => ({ viewer_team: teamId, viewer_ops: "0" });

const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`);

function party(dialect: Dialect, team: string, user: string, teamShown: Fragment, brokerShown: Fragment): Fragment {
  const teamJson = dialect.jsonObject([
    ["id", ref(team, "id")],
    ["name", ref(team, "name")],
  ]);
  const brokerJson = dialect.jsonObject([
    ["name", ref(user, "name")],
    ["email", ref(user, "email")],
  ]);
  return dialect.jsonObject([
    ["team", sql`CASE WHEN ${teamShown} THEN ${teamJson} END`],
    ["broker", sql`CASE WHEN ${brokerShown} THEN ${brokerJson} END`],
  ]);
}

export const DEAL_COMPUTED: Computed = (dialect, value) => {
  const ops = sql`${value("viewer_ops")} = '1'`;
  const isRequester = sql`t.requester_team_id = ${value("viewer_team")}`;
  const isOwner = sql`t.owner_team_id = ${value("viewer_team")}`;
  const introduced = sql`t.introduced_at IS NOT NULL`;
  const decimal = (column: Fragment) => columnJson(dialect, column, "decimal");
  return {
    role: sql`CASE WHEN ${ops} THEN NULL WHEN ${isRequester} THEN 'requester' WHEN ${isOwner} THEN 'owner' END`,
    indication: dialect.jsonObject([
      ["permalink_id", ref("ind", "permalink_id")],
      ["side", ref("ind", "side")],
      ["price_per_share", decimal(ref("ind", "price_per_share"))],
      ["volume", decimal(ref("ind", "volume"))],
      ["minimum_volume", decimal(ref("ind", "minimum_volume"))],
    ]),
    requested: dialect.jsonObject([
      ["volume", decimal(sql.ref("t.requested_volume"))],
      ["price_per_share", decimal(sql.ref("t.requested_price_per_share"))],
      ["note", sql.ref("t.requested_note")],
    ]),
    requester: party(dialect, "rq_team", "rq_user", sql`(${ops} OR ${isRequester} OR ${introduced})`, sql`(${ops} OR ${isRequester} OR ${introduced})`),
    owner: party(
      dialect,
      "ow_team",
      "ow_user",
      sql`(${ops} OR ${isOwner} OR ${introduced} OR ind.visibility = 'order_book_public')`,
      sql`(${ops} OR ${isOwner} OR ${introduced})`,
    ),
    terms: sql`CASE WHEN t.terms_volume IS NOT NULL THEN ${dialect.jsonObject([
      ["price_per_share", decimal(sql.ref("t.terms_price_per_share"))],
      ["volume", decimal(sql.ref("t.terms_volume"))],
      ["structure", sql.ref("t.terms_structure")],
      ["sign_date", sql.ref("t.terms_sign_date")],
    ])} END`,
    trade_ids: sql`CASE
      WHEN t.requester_trade_id IS NULL THEN ${dialect.jsonArray([])}
      WHEN ${ops} THEN ${dialect.jsonArray([sql.ref("t.requester_trade_id"), sql.ref("t.owner_trade_id")])}
      WHEN ${isRequester} THEN ${dialect.jsonArray([sql.ref("t.requester_trade_id")])}
      ELSE ${dialect.jsonArray([sql.ref("t.owner_trade_id")])} END`,
  };
};
