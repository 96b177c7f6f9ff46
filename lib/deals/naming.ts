import { sql } from "kysely";
import type { Dialect } from "../db/dialect";
import { columnJson, type Computed } from "../db/json-sql";
import type { Fragment } from "../db/sql";
import type { Caller } from "../auth/caller";
import { REQUIRES } from "../auth/requirements";
import { DEAL_FLATTENED } from "./schema";

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

/**
 * A nested field of a deal: its fields, each a value or a nested field again, and `when`, the
 * condition under which it is shown at all (null otherwise). The JSON nests it (DEAL_COMPUTED);
 * the CSV, which has no nested objects, flattens it to one column per value (DEAL_EXPORT_COMPUTED):
 * one tree, so the two cannot name a party differently.
 */
interface Branch {
  readonly when?: Fragment;
  readonly fields: readonly (readonly [string, Fragment | Branch])[];
}

const isBranch = (node: Fragment | Branch): node is Branch => "fields" in node;

/** The deal's fields that depend on who looks, as the rule above says: JSON-ready values and branches. */
function dealTree(dialect: Dialect, value: Parameters<Computed>[1]) {
  const ops = sql`${value("viewer_ops")} = '1'`;
  const isRequester = sql`t.requester_team_id = ${value("viewer_team")}`;
  const isOwner = sql`t.owner_team_id = ${value("viewer_team")}`;
  const introduced = sql`t.introduced_at IS NOT NULL`;
  const decimal = (column: Fragment) => columnJson(dialect, column, "decimal");
  const party = (team: string, user: string, teamShown: Fragment, brokerShown: Fragment): Branch => ({
    fields: [
      ["team", { when: teamShown, fields: [["id", ref(team, "id")], ["name", ref(team, "name")]] }],
      ["broker", { when: brokerShown, fields: [["name", ref(user, "name")], ["email", ref(user, "email")]] }],
    ],
  });
  const branches: Record<string, Branch> = {
    indication: {
      fields: [
        ["permalink_id", ref("ind", "permalink_id")],
        ["side", ref("ind", "side")],
        ["price_per_share", decimal(ref("ind", "price_per_share"))],
        ["volume", decimal(ref("ind", "volume"))],
        ["minimum_volume", decimal(ref("ind", "minimum_volume"))],
      ],
    },
    requested: {
      fields: [
        ["volume", decimal(sql.ref("t.requested_volume"))],
        ["price_per_share", decimal(sql.ref("t.requested_price_per_share"))],
        ["note", sql.ref("t.requested_note")],
      ],
    },
    requester: party("rq_team", "rq_user", sql`(${ops} OR ${isRequester} OR ${introduced})`, sql`(${ops} OR ${isRequester} OR ${introduced})`),
    owner: party("ow_team", "ow_user", sql`(${ops} OR ${isOwner} OR ${introduced} OR ind.visibility = 'order_book_public')`, sql`(${ops} OR ${isOwner} OR ${introduced})`),
    terms: {
      when: sql`t.terms_volume IS NOT NULL`,
      fields: [
        ["price_per_share", decimal(sql.ref("t.terms_price_per_share"))],
        ["volume", decimal(sql.ref("t.terms_volume"))],
        ["structure", sql.ref("t.terms_structure")],
        ["sign_date", sql.ref("t.terms_sign_date")],
      ],
    },
  };
  return {
    ops,
    role: sql`CASE WHEN ${ops} THEN NULL WHEN ${isRequester} THEN 'requester' WHEN ${isOwner} THEN 'owner' END`,
    /** The close's trade of the viewer's party (a party's `trade_ids` holds at most this one). */
    ownTrade: sql`CASE WHEN ${isRequester} THEN t.requester_trade_id ELSE t.owner_trade_id END`,
    branches,
  };
}

function json(dialect: Dialect, node: Fragment | Branch): Fragment {
  if (!isBranch(node)) return node;
  const object = dialect.jsonObject(node.fields.map(([name, child]) => [name, json(dialect, child)] as const));
  return node.when ? sql`CASE WHEN ${node.when} THEN ${object} END` : object;
}

/** A branch's values as flat columns: `requester` -> `requester_team_id`, …; null unless every `when` above a value holds. */
function flat(name: string, node: Fragment | Branch, whens: readonly Fragment[] = []): [string, Fragment][] {
  if (isBranch(node)) return node.fields.flatMap(([field, child]) => flat(`${name}_${field}`, child, node.when ? [...whens, node.when] : whens));
  return [[name, whens.length === 0 ? node : sql`CASE WHEN ${sql.join(whens, sql` AND `)} THEN ${node} END`]];
}

export const DEAL_COMPUTED: Computed = (dialect, value) => {
  const { ops, role, ownTrade, branches } = dealTree(dialect, value);
  return {
    role,
    ...Object.fromEntries(Object.entries(branches).map(([name, branch]) => [name, json(dialect, branch)])),
    trade_ids: sql`CASE
      WHEN t.requester_trade_id IS NULL THEN ${dialect.jsonArray([])}
      WHEN ${ops} THEN ${dialect.jsonArray([sql.ref("t.requester_trade_id"), sql.ref("t.owner_trade_id")])}
      ELSE ${dialect.jsonArray([ownTrade])} END`,
  };
};

/**
 * GET /my/deals.csv's computed columns (lib/deals/schema.ts dealExportSchema): DEAL_COMPUTED's
 * values, flattened. Every flattened column must be here: a name left out would be read as the
 * deal's column of that name (`requester_team_id` is one), past the rule.
 */
export const DEAL_EXPORT_COMPUTED: Computed = (dialect, value) => {
  const { role, ownTrade, branches } = dealTree(dialect, value);
  const columns: Record<string, Fragment> = { role, trade_id: ownTrade, ...Object.fromEntries(Object.entries(branches).flatMap(([name, branch]) => flat(name, branch))) };
  const missing = DEAL_FLATTENED.filter((name) => columns[name] === undefined);
  if (missing.length > 0) throw new Error(`the deal's export has no rule for ${missing.join(", ")}`);
  return columns;
};
