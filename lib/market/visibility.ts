import type { Dialect } from "../db/dialect";
import { sql } from "kysely";
import type { Computed, ComputedFields } from "../db/json-sql";
import type { Fragment } from "../db/sql";

/**
 * Who may see what of another team's rows (spec 2.4 and 2.6, issue 14): the per-row fields as SQL
 * over a row `t` and the owner's team joined as `team`; who may know a book entry exists is
 * lib/domain/book-visibility.ts. Every market statement and the cached book take their rules from here.
 *
 * - Order book: open indications only. `order_book_public`: every caller, with the team.
 *   `order_book_anonymous`: every caller, team hidden. `private`: the owning team and the callers
 *   whose e-mail is among `private_recipients` (case-insensitive), with the team; nobody else learns
 *   it exists (rows, counts and best prices all take this condition).
 * - Trade tape: verified trades only; the team shown when `attributed_to_owner`.
 * - The caller's own team's rows: always, with the team, `own: true` and their id; no other row
 *   carries an id (the market's fields hold nothing else that could identify a row).
 */

/**
 * The JSON of the market's computed fields, in the order the schemas declare them (`team`, `own`,
 * then the row's id under `idField`). `own` is the SQL of "the row is the viewer's team's".
 */
function computedFields(dialect: Dialect, own: Fragment, teamShown: Fragment, idField: string): ComputedFields {
  const team = dialect.jsonObject([
    ["id", sql.ref("team.id")],
    ["name", sql.ref("team.name")],
  ]);
  return {
    team: sql`CASE WHEN ${teamShown} OR ${own} THEN ${team} END`,
    own: dialect.booleanJson(sql`(${own})`),
    [idField]: sql`CASE WHEN ${own} THEN t.id END`,
  };
}

/** A book entry's team is shown unless the entry is anonymous (visible private entries show it). */
const BOOK_TEAM_SHOWN = sql`t.visibility <> 'order_book_anonymous'`;

/**
 * Book entries as their own team sees them (`own`), or as every other viewer allowed to know
 * them does.
 */
export function bookComputedFields(dialect: Dialect, own: boolean): ComputedFields {
  return computedFields(dialect, sql.lit(own), BOOK_TEAM_SHOWN, "indication_id");
}

/** One entry read alone (GET /market/indications/{permalink_id}): own when it is the team's of the value `viewer_team`. */
export const BOOK_ENTRY_COMPUTED: Computed = (dialect, value) => computedFields(dialect, sql`t.team_id = ${value("viewer_team")}`, BOOK_TEAM_SHOWN, "indication_id");

/** Tape trades: the team when the trade is attributed to its owner; the viewer's team is the value `viewer_team`. */
export const TAPE_COMPUTED: Computed = (dialect, value) =>
  computedFields(dialect, sql`t.team_id = ${value("viewer_team")}`, sql`t.attributed_to_owner = TRUE`, "trade_id");
