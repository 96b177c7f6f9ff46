/**
 * Query plans of the hot list statements (docs/performance.md), on the large dataset:
 *
 *   npx tsx bench/explain.ts                                   # SQLite: EXPLAIN QUERY PLAN + timing
 *   DATABASE_URL=postgresql://…/desk_large npx tsx bench/explain.ts   # PostgreSQL: EXPLAIN ANALYZE
 *
 * The statements are built by lib/db/list-sql.ts from parsed queries, exactly as the app runs
 * them (page statement with and without the count, and the count statement), as broker@alpha.example.
 */
import { parseCompanyListParams } from "../lib/companies/schema";
import { companySearchTerm } from "../lib/companies/search";
import { companyPageInput, countSql, indicationPageInput, pageSql, tradePageInput, type PageSqlInput, type Sql } from "../lib/db/list-sql";
import { databaseKind, sqliteFilePath } from "../lib/db/url";
import { parseIndicationListParams } from "../lib/indications/schema";
import { parseTradeListParams } from "../lib/trades/schema";
import { DEFAULT_LARGE_URL } from "../prisma/seed/large";

async function main() {
  const url = process.env.DATABASE_URL?.trim() || DEFAULT_LARGE_URL;
  const dialect = databaseKind(url);
  let query: (sql: Sql) => Promise<Record<string, unknown>[]>;
  let close = async () => {};
  if (dialect === "sqlite") {
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
  const [team] = await query({
    text: `SELECT team_id AS "teamId" FROM users WHERE email = ${dialect === "sqlite" ? "?" : "$1"}`,
    values: ["broker@alpha.example"],
  });
  const teamId = team.teamId as string;
  const [issuer] = await query({
    text: `SELECT issuer_id AS "issuerId" FROM indications WHERE team_id = ${dialect === "sqlite" ? "?" : "$1"} ORDER BY updated_at DESC LIMIT 1`,
    values: [teamId],
  });

  const cases: [string, Omit<PageSqlInput<unknown>, "withCount">][] = [];
  const ind = (label: string, qs: string) => {
    const q = parseIndicationListParams(new URLSearchParams(qs));
    if (!q.ok) throw q.error;
    cases.push([`indications ${label}`, indicationPageInput(dialect, teamId, q.value)]);
  };
  const tr = (label: string, qs: string) => {
    const q = parseTradeListParams(new URLSearchParams(qs));
    if (!q.ok) throw q.error;
    cases.push([`trades ${label}`, tradePageInput(dialect, teamId, q.value)]);
  };
  const co = (label: string, qs: string) => {
    const q = parseCompanyListParams(new URLSearchParams(qs));
    if (!q.ok) throw q.error;
    cases.push([`companies ${label}`, companyPageInput(dialect, q.value, q.value.q ? companySearchTerm(q.value.q) : undefined)]);
  };
  ind("first page (default -updated_at)", "");
  ind("side=bid", "side=bid");
  ind("structure=spv", "structure=spv");
  ind(`issuer_id`, `issuer_id=${issuer.issuerId}`);
  ind("sort=-price_per_share", "sort=-price_per_share");
  ind("page=1000", "page=1000");
  tr("first page (default -sign_date)", "");
  tr("is_verified=false", "is_verified=false");
  tr("sort=volume", "sort=volume");
  tr("page=1000", "page=1000");
  co("first page", "");
  co("q=north", "q=north");
  co("page=200", "page=200");

  for (const [label, input] of cases) {
    console.log(`\n### ${label}`);
    const statements: [string, Sql][] = [
      ["page statement (cached count)", pageSql({ ...input, withCount: false })],
      ["count statement", countSql(input)],
    ];
    if (input.offset > 0) {
      // A repeated deep page starts at its first row, as the list cache (runPage) remembers it.
      const [page] = await query(pageSql({ ...input, withCount: false }));
      const [first] = JSON.parse(String(page.__items)) as Record<string, unknown>[];
      const start = { value: String(first[input.order.column]), id: String(first.id), inclusive: true };
      statements.push(["page statement from its cached start", pageSql({ ...input, withCount: false, start })]);
    }
    for (const [kind, sql] of statements) {
      const started = performance.now();
      await query(sql);
      const ms = performance.now() - started;
      const plan =
        dialect === "sqlite"
          ? (await query({ text: `EXPLAIN QUERY PLAN ${sql.text}`, values: sql.values })).map((r) => `${"  ".repeat(depth(r))}${r.detail}`)
          : (await query({ text: `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${sql.text}`, values: sql.values })).map((r) => String(r["QUERY PLAN"]));
      console.log(`${kind}: ${ms.toFixed(1)} ms (first run)\n\`\`\`\n${plan.join("\n")}\n\`\`\``);
    }
  }
  await close();
}

const parents = new Map<number, number>();
function depth(row: Record<string, unknown>): number {
  const id = Number(row.id);
  const parent = Number(row.parent);
  const d = parent === 0 ? 0 : (parents.get(parent) ?? 0) + 1;
  parents.set(id, d);
  return d;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
