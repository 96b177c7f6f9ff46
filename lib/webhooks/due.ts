import "server-only";
import { sql } from "kysely";
import { AUDIT_ACTIONS } from "../audit/events";
import { getEngine } from "../db/client";
import type { Dialect } from "../db/dialect";
import type { WebhookEndpointRecord } from "../db/models";
import { template, type Fragment } from "../db/sql";

/**
 * Which endpoints the worker goes to next (lib/webhooks/worker.ts): only those with something to
 * send at `now` (an event of their team after their cursor that their types select, or a
 * redelivery due), enabled, not waiting out a back-off and held by no worker; fairly across teams.
 * Each team's endpoints take turns (least recently held first), and the teams' first turns come
 * before anyone's second: a team with many endpoints, idle or busy, cannot keep another's waiting.
 */

export type DueEndpoint = Pick<WebhookEndpointRecord, "id" | "teamId">;

/** `w.events` (a JSON array of types) names `type`: the quotes keep `trade.*` from matching `"trade.*x"`. */
const names = (dialect: Dialect, type: string) => dialect.contains(sql.ref("w.events"), sql.lit(dialect.containsParam(JSON.stringify(type))));

/**
 * Each audit action, or NULL when the endpoint's types do not select it: the IN list of the event
 * lookup, so that it seeks audit_events (team_id, action, seq) once per selected action rather
 * than reading every event after the cursor (an endpoint of rare types in a busy team).
 */
function selectedActions(dialect: Dialect): Fragment {
  const cases = AUDIT_ACTIONS.map((action) => {
    const types = ["*", `${action.split(".")[0]}.*`, action].map((type) => names(dialect, type));
    return sql`CASE WHEN ${sql.join(types, sql` OR `)} THEN ${sql.lit(action)} END`;
  });
  return sql.join(cases);
}

const dueStatement = template<"now" | "take">((dialect, slot) => {
  const now = dialect.timestampSql(slot("now"));
  return sql`SELECT d.id, d.team_id FROM (
    SELECT w.id, w.team_id, w.lease_until,
      ROW_NUMBER() OVER (PARTITION BY w.team_id ORDER BY (w.lease_until IS NOT NULL), w.lease_until, w.id) AS turn
    FROM webhook_endpoints w
    WHERE w.disabled_at IS NULL
      AND (w.next_attempt_at IS NULL OR w.next_attempt_at <= ${now})
      AND (w.lease_owner IS NULL OR w.lease_until < ${now})
      AND (
        (w.replay_through_seq IS NOT NULL AND (w.replay_next_attempt_at IS NULL OR w.replay_next_attempt_at <= ${now}))
        OR EXISTS (SELECT 1 FROM audit_events e WHERE e.team_id = w.team_id AND e.action IN (${selectedActions(dialect)}) AND e.seq > w.delivered_seq)
      )
  ) d
  ORDER BY d.turn, (d.lease_until IS NOT NULL), d.lease_until, d.id
  LIMIT ${sql`${slot("take")}`}`;
});

/** Up to `take` endpoints with work due at `now`, in the order they should be served. */
export async function dueEndpoints(now: Date, take: number): Promise<DueEndpoint[]> {
  const engine = getEngine();
  const rows = await engine.run<{ id: string; team_id: string }>(dueStatement(engine.dialect, { now: engine.dialect.timestampParam(now), take }));
  return rows.map((row) => ({ id: row.id, teamId: row.team_id }));
}
