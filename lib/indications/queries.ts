import "server-only";
import { pageWindow, type JsonPage } from "../schema/pagination";
import { readPage } from "../schema/read-page";
import type { Caller } from "../auth/caller";
import type { ListQuery } from "../db/list-query";
import { recordFilters } from "../records/common";
import { ISSUER_JOIN } from "../records/joins";
import { findRecord, versioned, type RecordSource, type Versioned } from "../records/read";
import { INDICATION_CREATED, type Indication, type IndicationListQuery } from "./schema";
import { INDICATION_FIELDS } from "./serializer";

/** Where an indication is read from, in a list and alone: the one way its JSON is written. */
export const INDICATION_SOURCE: RecordSource<Indication, "indications"> = { noun: "indication", table: "indications", fields: INDICATION_FIELDS, joins: [ISSUER_JOIN], columns: { team: "team_id" } };

/**
 * The list behind GET /my/indications and the /indications page: the team's indications with
 * every filter, in the sort's order then by id. Pure (no database), so the benchmark's floor runs
 * the very same statement (bench/floor.ts).
 */
export function indicationList(teamId: string, query: IndicationListQuery): ListQuery<Indication, "indications"> {
  return {
    table: INDICATION_SOURCE.table,
    fields: INDICATION_SOURCE.fields,
    joins: INDICATION_SOURCE.joins,
    dependsOn: ["companies"],
    // The caller's team scope is the engine's first condition; no filter can widen it.
    team: teamId,
    genericPlan: true,
    where: (w) => {
      w.oneOf("side", query.side);
      w.oneOf("stage", query.stage);
      w.oneOf("structure", query.structure);
      w.oneOf("visibility", query.visibility);
      INDICATION_CREATED.where(w, query);
      recordFilters(w, query);
    },
    // Each sort field is its column, with a (team_id, column, id) index.
    order: { column: query.sort.field, direction: query.sort.direction },
    ...pageWindow(query),
  };
}

/** GET /my/indications: one statement per page, with a cached count while the table is unchanged. */
export async function listIndications(caller: Caller, query: IndicationListQuery): Promise<JsonPage<Indication>> {
  return readPage(indicationList(caller.teamId, query), query);
}

/** GET /my/indications/{id}: any member of the team; another team's id is a 404. */
export async function getIndication(caller: Caller, id: string): Promise<Versioned<Indication>> {
  return versioned((await findRecord(INDICATION_SOURCE, id, caller.teamId)).item);
}
