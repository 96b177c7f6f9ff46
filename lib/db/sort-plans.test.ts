import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { Caller } from "@/lib/auth/caller";
import { companyList } from "@/lib/companies/queries";
import { companyListParamsSchema } from "@/lib/companies/schema";
import { getEngine } from "@/lib/db/client";
import { transaction } from "@/lib/db/transaction";
import type { ListQuery } from "@/lib/db/list-query";
import { pageSql } from "@/lib/db/page-sql";
import { compiled, type Sql } from "@/lib/db/sql";
import { indicationList } from "@/lib/indications/queries";
import { INDICATION_SORT_FIELDS, indicationListParamsSchema } from "@/lib/indications/schema";
import { companyTradeList } from "@/lib/market/queries";
import { companyTradeListParamsSchema } from "@/lib/market/schema";
import { parseQuery, type ParseResult } from "@/lib/schema/params";
import { TEAMS } from "@/lib/testing/fixtures/accounts";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { opsTradeList, tradeList } from "@/lib/trades/queries";
import { OPS_TRADE_SORT_FIELDS, TRADE_SORT_FIELDS, opsTradeListParamsSchema, tradeListParamsSchema } from "@/lib/trades/schema";

/**
 * Every order every list takes is read from an index, on both databases: each list's page
 * statement, as the engine writes it, in each sort's both directions, through the dialect's
 * EXPLAIN. The fixture is small, so PostgreSQL would rather scan and sort; with scans and sorts
 * priced out (enable_seqscan, enable_sort off) it still sorts when no index gives the order, so
 * a plan without a Sort node proves one does. A descending order reads its index backwards and
 * sorts only runs of equal values to put their ids in ascending order (an Incremental Sort; SQLite:
 * a temp B-tree for the last term of the ORDER BY).
 */

const OPS: Caller = { userId: "", email: "ops@plans.test", name: "", teamId: TEAMS.alpha.id, teamName: "", role: "broker", permissions: ["companies", "trades_verify"], via: "api_key" };

function parsed<Q>(result: ParseResult<Q>): Q {
  if (!result.ok) throw result.error;
  return result.value;
}

const qs = (sort: string, more = "") => new URLSearchParams(`sort=${sort}${more}`);
const both = (fields: readonly string[]) => fields.flatMap((field) => [field, `-${field}`]);

interface Case {
  label: string;
  index: string;
  statement: Sql;
}

const kind = getEngine().dialect.kind;
const page = (list: ListQuery<unknown>) => pageSql(getEngine().dialect, list, { withCount: false });

const cases: Case[] = [
  ...both(INDICATION_SORT_FIELDS).map((sort) => ({
    label: `GET /my/indications?sort=${sort}`,
    index: `indications_team_id_${sort.replace("-", "")}_id_idx`,
    statement: page(indicationList(TEAMS.alpha.id, parsed(parseQuery(indicationListParamsSchema, qs(sort)))) as ListQuery<unknown>),
  })),
  ...both(TRADE_SORT_FIELDS).map((sort) => ({
    label: `GET /my/trades?sort=${sort}`,
    index: `trades_team_id_${sort.replace("-", "")}_id_idx`,
    statement: page(tradeList(TEAMS.alpha.id, parsed(parseQuery(tradeListParamsSchema, qs(sort)))) as ListQuery<unknown>),
  })),
  ...both(OPS_TRADE_SORT_FIELDS).flatMap((sort) => {
    const field = sort.replace("-", "");
    const ops = (more: string) => page(opsTradeList(OPS, parsed(parseQuery(opsTradeListParamsSchema, qs(sort, more)))) as ListQuery<unknown>);
    return [
      // By team: any index led by team_id gives the order. Descending, each one needs the same
      // Incremental Sort of a team's ids, so PostgreSQL may pick any of them (it did, in CI).
      { label: `GET /ops/trades?sort=${sort}`, index: field === "team_id" ? "trades_team_id_(\\w+_)?id_idx" : `trades_${field}_id_idx`, statement: ops("") },
      // One team's: that team's index of the order, as GET /my/trades reads it.
      { label: `GET /ops/trades?team_id=…&sort=${sort}`, index: field === "team_id" ? "trades_team_id_id_idx" : `trades_team_id_${field}_id_idx`, statement: ops(`&team_id=${TEAMS.beta.id}`) },
    ];
  }),
  ...both(["name"]).map((sort) => ({
    label: `GET /companies?sort=${sort}`,
    index: "companies_name_id_idx",
    statement: page(companyList(parsed(parseQuery(companyListParamsSchema, qs(sort)))) as ListQuery<unknown>),
  })),
  // A mark's order, companies without one last either way: an expression index per direction.
  ...both(["mark", "change_30d"]).map((sort) => ({
    label: `GET /companies?sort=${sort}`,
    index: `companies_${sort.includes("mark") ? "mark_price" : "mark_ratio_30d"}_${sort.startsWith("-") ? "desc" : "asc"}_idx`,
    statement: page(companyList(parsed(parseQuery(companyListParamsSchema, qs(sort)))) as ListQuery<unknown>),
  })),
  ...both(["sign_date"]).map((sort) => ({
    label: `GET /companies/{id}/trades?sort=${sort}`,
    index: "trades_market_tape_idx",
    statement: page(companyTradeList(OPS, COMPANIES[0].id, parsed(parseQuery(companyTradeListParamsSchema, qs(sort)))) as ListQuery<unknown>),
  })),
  // The histories and the feed are read through Prisma (lib/audit/events.ts): their statements' shape.
  ...(["asc", "desc"] as const).map((direction) => ({
    label: `GET /my/…/{id}/history (${direction})`,
    index: "audit_events_resource_id_seq_idx",
    statement: compiled(
      getEngine().dialect,
      getEngine()
        .dialect.db.selectFrom("audit_events")
        .selectAll()
        .where("team_id", "=", TEAMS.alpha.id)
        .where("resource_id", "=", COMPANIES[0].id)
        .orderBy("seq", direction)
        .limit(25)
        .offset(0),
    ),
  })),
  {
    label: "GET /my/events",
    index: "audit_events_team_id_seq_idx",
    statement: compiled(
      getEngine().dialect,
      getEngine().dialect.db.selectFrom("audit_events").selectAll().where("team_id", "=", TEAMS.alpha.id).where("seq", ">", 0).orderBy("seq", "asc").limit(101),
    ),
  },
];

async function plan(statement: Sql): Promise<string[]> {
  const { dialect } = getEngine();
  const explain = dialect.explain(statement.text);
  const query = { text: explain.text, values: statement.values };
  if (kind === "sqlite") return explain.lines(await getEngine().run(query));
  return transaction(async ({ run }) => {
    for (const setting of ["enable_seqscan", "enable_sort", "enable_bitmapscan"]) await run(compiled(dialect, sql`SET LOCAL ${sql.raw(setting)} = off`));
    return explain.lines(await run<Record<string, unknown>>(query));
  });
}

describe(`every list's every order is read from an index (${kind})`, () => {
  it.each(cases.map((c) => [c.label, c] as const))("%s", async (_, { index, statement }) => {
    const lines = await plan(statement);
    const text = lines.join("\n");
    if (kind === "sqlite") {
      expect(text).toMatch(new RegExp(`USING (COVERING )?INDEX ${index}\\b`));
      expect(text).not.toMatch(/USE TEMP B-TREE FOR ORDER BY/);
    } else {
      expect(text).toMatch(new RegExp(`Index (Only )?Scan (Backward )?using ${index}\\b`));
      // A Sort node (not its "Sort Key:" line, nor an Incremental Sort).
      expect(lines.filter((line) => /^\s*(->\s+)?Sort(\s+\(|\s*$)/.test(line))).toEqual([]);
    }
  });
});
