import "server-only";
import { getEngine } from "../db/client";
import type { Tx } from "../db/transaction";
import { selectRows } from "../db/write-sql";

/** Who is told, read in a change's transaction by statements of ours (lib/db/write-sql.ts: no model call). */

/** The active users, as `u`, with what a notification's recipient needs. */
export function activeUsers() {
  return getEngine().dialect.db.selectFrom("users as u").select(["u.id", "u.team_id as teamId", "u.email"]).where("u.disabled_at", "is", null);
}

/** A team's name ("" for no team), read in the transaction. */
export async function teamName(tx: Tx, teamId: string): Promise<string> {
  const [team] = await selectRows<{ name: string }>(tx, getEngine().dialect.db.selectFrom("teams").select("name").where("id", "=", teamId));
  return team?.name ?? "";
}
