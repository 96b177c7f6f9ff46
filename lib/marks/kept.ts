import "server-only";
import { sql } from "kysely";
import type { Caller } from "../auth/caller";
import { counterSql } from "../cache/counters";
import { getEngine } from "../db/client";
import type { Engine } from "../db/engine";
import { compiled } from "../db/sql";
import type { SqlTx } from "../db/writer";
import { checkAccess } from "../market/queries";
import { noSuchCompany } from "../schema/params";

/**
 * The `marks` counter (docs/performance-decisions.md, "Marks answers"): a company's series and the
 * pages of a day's marks are read alike by every caller with `companies`, so the API keeps their
 * answers under it (lib/http/list-response.ts, keptResponse); every write of marks bumps it
 * (markWritten) in its rows' transaction. Keys name the day an answer ends at, so the UTC day's
 * turn is a new key.
 */

/** The marks counter as it stands now. */
export async function marksVersion(engine: Engine = getEngine()): Promise<string> {
  const [row] = await engine.run<{ v: unknown }>(compiled(engine.dialect, engine.dialect.db.selectNoFrom(counterSql("marks").as("v"))));
  return String(row.v);
}

/**
 * A company's series' checks (the market's: `companies`, then a known company) and the marks
 * counter, in one statement: on PostgreSQL each statement is a round trip, and a kept series
 * costs only these two facts.
 */
export async function companyAndMarksVersion(caller: Caller, companyId: string, engine: Engine = getEngine()): Promise<{ company: { id: string; name: string }; version: string }> {
  checkAccess(caller, companyId);
  const id = companyId.toLowerCase();
  const query = engine.dialect.db.selectNoFrom([sql<string | null>`(SELECT name FROM companies WHERE id = ${id})`.as("name"), counterSql("marks").as("v")]);
  const [row] = await engine.run<{ name: string | null; v: unknown }>(compiled(engine.dialect, query));
  if (row.name === null) throw noSuchCompany(companyId);
  return { company: { id, name: row.name }, version: String(row.v) };
}

/** The statement that follows a write of marks (lib/marks/store.ts, in its transaction; rebuild.ts): the kept answers are read again. */
export function markWritten(tx: SqlTx) {
  return tx.$executeRawUnsafe(`UPDATE "table_versions" SET "version" = "version" + 1 WHERE "name" = 'marks'`);
}
