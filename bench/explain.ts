/**
 * Query plans of the hot list statements (docs/performance.md, "Query plans"), on the large dataset:
 *
 *   npm run bench:explain                                      # SQLite: EXPLAIN QUERY PLAN + timing
 *   DATABASE_URL=postgresql://…/desk_large npm run bench:explain       # PostgreSQL: EXPLAIN ANALYZE
 *
 * The statements are built by the page engine (lib/db/page-sql.ts, list-sql.ts) from the resources' lists
 * (lib/<resource>/queries.ts) and parsed queries, exactly as the app runs them (page statement with and without the count, and the count statement), as broker@alpha.example.
 * Then the market view of the company with the most trades (issue 14): its tape's page and count,
 * the statement that loads its whole open book into the cache, and the tape summary's statement.
 */
import { companyList } from "../lib/companies/queries";
import { companyListParamsSchema } from "../lib/companies/schema";
import { dialectOf } from "../lib/db/dialect";
import type { ListQuery } from "../lib/db/list-query";
import { countSql } from "../lib/db/list-sql";
import { pageSql } from "../lib/db/page-sql";
import { compiled, type Sql } from "../lib/db/sql";
import { databaseKind, sqliteFilePath } from "../lib/db/url";
import { indicationList } from "../lib/indications/queries";
import { indicationListParamsSchema } from "../lib/indications/schema";
import { companyTradeList, wholeBookSql } from "../lib/market/queries";
import { companyTradeListParamsSchema } from "../lib/market/schema";
import { summarySql, utcToday } from "../lib/market/summary";
import { tradeList } from "../lib/trades/queries";
import { tradeListParamsSchema } from "../lib/trades/schema";
import { DEFAULT_LARGE_URL } from "../prisma/seed/large-scales";
import { parseQuery } from "../lib/schema/params";

async function main() {
  const url = process.env.DATABASE_URL?.trim() || DEFAULT_LARGE_URL;
  const dialect = dialectOf(databaseKind(url));
  let query: (sql: Sql) => Promise<Record<string, unknown>[]>;
  let close = async () => {};
  if (databaseKind(url) === "sqlite") {
    const { default: Database } = await import("better-sqlite3");
    const db = new Database(sqliteFilePath(url), { readonly: true, fileMustExist: true });
    query = async (sql) => db.prepare(sql.text).all(...sql.values) as Record<string, unknown>[];
    close = async () => void db.close();
  } else {
    const { default: pg } = await import("pg");
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    query = async (sql) => (await client.query(sql.text, sql.values)).rows;
    close = () => client.end();
  }
  const [team] = await query(compiled(dialect, dialect.db.selectFrom("users").select("team_id as teamId").where("email", "=", "broker@alpha.example")));
  const teamId = team.teamId as string;
  const [issuer] = await query(
    compiled(dialect, dialect.db.selectFrom("indications").select("issuer_id as issuerId").where("team_id", "=", teamId).orderBy("updated_at", "desc").limit(1)),
  );

  const cases: [string, ListQuery<unknown>][] = [];
  const parsed = <Q>(result: { ok: true; value: Q } | { ok: false; error: Error }): Q => {
    if (!result.ok) throw result.error;
    return result.value;
  };
  const ind = (label: string, qs: string) =>
    cases.push([`indications ${label}`, indicationList(teamId, parsed(parseQuery(indicationListParamsSchema, new URLSearchParams(qs)))) as ListQuery<unknown>]);
  const tr = (label: string, qs: string) =>
    cases.push([`trades ${label}`, tradeList(teamId, parsed(parseQuery(tradeListParamsSchema, new URLSearchParams(qs)))) as ListQuery<unknown>]);
  const co = (label: string, qs: string) =>
    cases.push([`companies ${label}`, companyList(parsed(parseQuery(companyListParamsSchema, new URLSearchParams(qs)))) as ListQuery<unknown>]);
  ind("first page (default -updated_at)", "");
  ind("side=bid", "side=bid");
  ind("structure=spv", "structure=spv");
  ind(`issuer_id`, `issuer_id=${issuer.issuerId}`);
  ind("sort=-price_per_share", "sort=-price_per_share");
  ind("page=1000", "page=1000");
  ind("sort=opened_at&page=1000", "sort=opened_at&page=1000");
  ind("sort=-last_refreshed_at&page=1000", "sort=-last_refreshed_at&page=1000");
  tr("first page (default -sign_date)", "");
  tr("is_verified=false", "is_verified=false");
  tr("sort=volume", "sort=volume");
  tr("page=1000", "page=1000");
  co("first page", "");
  co("q=north", "q=north");
  co("page=200", "page=200");
  // The marks' sorts: one expression index per direction (migration 20261206000000_company_marks).
  co("sort=-mark", "sort=-mark");
  co("sort=mark&page=200", "sort=mark&page=200");
  co("sort=-change_30d&page=200", "sort=-change_30d&page=200");
  co("mark_min=10&mark_max=20", "mark_min=10&mark_max=20");

  const [busiest] = await query({ text: `SELECT issuer_id AS "id" FROM trades GROUP BY issuer_id ORDER BY count(*) DESC, issuer_id LIMIT 1`, values: [] });
  const companyId = String(busiest.id);
  const caller = { userId: "", email: "broker@alpha.example", name: "", teamId, teamName: "", role: "broker", permissions: ["companies"], via: "api_key" } as const;
  cases.push([`company trades busiest`, companyTradeList({ ...caller, permissions: [...caller.permissions] }, companyId, parsed(parseQuery(companyTradeListParamsSchema, new URLSearchParams()))) as ListQuery<unknown>]);

  for (const [label, list] of cases) {
    console.log(`\n### ${label}`);
    const statements: [string, Sql][] = [
      ["page statement (cached count)", pageSql(dialect, list, { withCount: false })],
      ["count statement", countSql(dialect, list)],
    ];
    if (list.offset > 0) {
      // A repeated deep page starts at its first row, as the list cache (runPage) remembers it.
      const [page] = await query(pageSql(dialect, list, { withCount: false }));
      const [first] = JSON.parse(String(page.__items)) as Record<string, unknown>[];
      const start = { value: String(first[list.order.column]), id: String(first.id), inclusive: true };
      statements.push(["page statement from its cached start", pageSql(dialect, list, { withCount: false, start })]);
    }
    for (const [kind, sql] of statements) {
      const started = performance.now();
      await query(sql);
      const ms = performance.now() - started;
      const explain = dialect.explain(sql.text);
      const plan = explain.lines(await query({ text: explain.text, values: sql.values }));
      console.log(`${kind}: ${ms.toFixed(1)} ms (first run)\n\`\`\`\n${plan.join("\n")}\n\`\`\``);
    }
  }
  for (const [label, sql] of [
    ["order_book busiest: the whole open book (once per change of indications)", wholeBookSql(dialect, companyId)],
    ["company trades busiest: the summary (once per change of trades and day)", summarySql(dialect, companyId, utcToday())],
  ] as const) {
    console.log(`\n### ${label}`);
    const started = performance.now();
    await query(sql);
    const ms = performance.now() - started;
    const explain = dialect.explain(sql.text);
    console.log(`${ms.toFixed(1)} ms (first run)\n\`\`\`\n${explain.lines(await query({ text: explain.text, values: sql.values })).join("\n")}\n\`\`\``);
  }
  await close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
