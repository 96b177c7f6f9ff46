import type { Caller } from "../auth/caller";
import type { Dialect } from "../db/dialect";
import type { SqlWriter } from "../db/sql";

/**
 * Who may see what of another team's rows (spec 2.4 and 2.6, issue 14), as SQL over a row `t`
 * and the owner's team joined as `team`. Every market statement takes its rules from here.
 *
 * - Order book: open indications only. `order_book_public`: every caller, with the team.
 *   `order_book_anonymous`: every caller, team hidden. `private`: the owning team and the callers
 *   whose e-mail is among `private_recipients` (case-insensitive), with the team; nobody else learns
 *   it exists (rows, counts and best prices all take this condition).
 * - Trade tape: verified trades only; the team shown when `attributed_to_owner`.
 * - The caller's own team's rows: always, with the team, `own: true` and their id; no other row
 *   carries an id (the market's fields hold nothing else that could identify a row).
 */

/** The caller as the market's rules need them. */
export interface Viewer {
  teamId: string;
  /** Lower-cased, as private recipients are compared. */
  email: string;
}

export function viewerOf(caller: Caller): Viewer {
  return { teamId: caller.teamId, email: caller.email.toLowerCase() };
}

/** An order-book row the viewer may know exists (its stage and side are the caller's conditions). */
export function bookRowVisible(sql: SqlWriter, viewer: Viewer): string {
  // Parameters in text order (SQLite's "?" are positional): the team, then the e-mail.
  const ownTeam = `t.team_id = ${sql.param(viewer.teamId)}`;
  const addressed = sql.dialect.listHasLower(sql.param, "t.private_recipients", viewer.email);
  return `(t.visibility <> 'private' OR ${ownTeam} OR ${addressed})`;
}

function teamObject(dialect: Dialect): string {
  return dialect.jsonObject(["'id', team.id", "'name', team.name"]);
}

/**
 * The JSON of the market's computed fields, in the order the schemas declare them (`team`, `own`,
 * then the row's id under `idField`). Only the viewer's team id is a parameter, so the order of
 * the parameters cannot go wrong on SQLite's positional "?".
 */
function computedFields(sql: SqlWriter, viewer: Viewer, teamShown: string, idField: string): Record<string, string> {
  const own = () => `t.team_id = ${sql.param(viewer.teamId)}`;
  return {
    team: `CASE WHEN ${teamShown} OR ${own()} THEN ${teamObject(sql.dialect)} END`,
    own: sql.dialect.booleanJson(`(${own()})`),
    [idField]: `CASE WHEN ${own()} THEN t.id END`,
  };
}

/** Book entries: the team unless the entry is anonymous (visible private entries show it). */
export function bookComputedFields(sql: SqlWriter, viewer: Viewer): Record<string, string> {
  return computedFields(sql, viewer, "t.visibility <> 'order_book_anonymous'", "indication_id");
}

/** Tape trades: the team when the trade is attributed to its owner. */
export function tapeComputedFields(sql: SqlWriter, viewer: Viewer): Record<string, string> {
  return computedFields(sql, viewer, "t.attributed_to_owner = TRUE", "trade_id");
}

/** The join that gives `team` to the computed fields. */
export const OWNER_TEAM_JOIN = "JOIN teams team ON team.id = t.team_id";
