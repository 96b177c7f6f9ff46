/**
 * The benchmark's floor: a minimal node:http server that answers the API v1 GET endpoints the benchmark reads (companies, the team's indications, trades and deals, a company's market and marks, a day's marks)
 * with the same SQL statements as the app's data functions (the lists and the company row of
 * lib/<resource>/queries.ts run by the page engine, lib/db/page.ts, and the API-key lookup on every request) through the same drivers (better-sqlite3 / pg), the same count cache,
 * the same parsers and JSON (the items as the database writes them), without Next.js and without Prisma. What the machine
 * allows for this work; `npm run bench` starts it next to the app.
 *
 *   DATABASE_URL=… PORT=3901 npx tsx --conditions=react-server bench/floor.ts
 */
import { createHash, randomUUID } from "node:crypto";
import http from "node:http";
import { ApiError } from "../lib/schema/errors";
import { jsonBodyText } from "../lib/schema/json-text";
import { buildJsonPage, toListBody } from "../lib/schema/pagination";
import { nextCursor } from "../lib/http/cursor";
import { COMPANY_ITEM, companyKey, companyList } from "../lib/companies/queries";
import { companyListParamsSchema } from "../lib/companies/schema";
import { dialectOf } from "../lib/db/dialect";
import { readItem } from "../lib/db/item";
import { ListCache, type Engine, type RunSql } from "../lib/db/engine";
import { runPage } from "../lib/db/page";
import { postgresConnection, sqliteConnection } from "../lib/db/connection";
import { compiled } from "../lib/db/sql";
import { databaseKind, databaseUrl, sqliteFilePath } from "../lib/db/url";
import { dealList } from "../lib/deals/queries";
import { dealListParamsSchema } from "../lib/deals/schema";
import { indicationList } from "../lib/indications/queries";
import { indicationListParamsSchema } from "../lib/indications/schema";
import { tradeList } from "../lib/trades/queries";
import { tradeListParamsSchema } from "../lib/trades/schema";
import type { Caller } from "../lib/auth/caller";
import type { Permission } from "../lib/domain/enums";
import { companyTradeList, orderBookJson, tapeSummary } from "../lib/market/queries";
import { companyTradeListParamsSchema, orderBookParamsSchema } from "../lib/market/schema";
import { utcToday } from "../lib/market/summary";
import { parseQuery } from "../lib/schema/params";
import { pageWindow } from "../lib/schema/pagination";
import { companyMarks } from "../lib/marks/queries";
import { DAY_MARKS_ORDER, dayMarks } from "../lib/marks/day-list";
import { dayMarksParamsSchema, markSeriesParamsSchema } from "../lib/marks/schema";

/** The app's own engine connection (lib/db/connection.ts), without the app. */
async function connect(url: string): Promise<RunSql> {
  if (databaseKind(url) === "sqlite") return sqliteConnection(sqliteFilePath(url)).run;
  const { default: pg } = await import("pg");
  return postgresConnection(new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) })).run;
}

async function main() {
  const url = databaseUrl();
  const dialect = dialectOf(databaseKind(url));
  const engine: Engine = { dialect, run: await connect(url), cache: new ListCache() };
  const apiKeySql = (hash: string) =>
    compiled(
      dialect,
      dialect.db
        .selectFrom("api_keys as k")
        .innerJoin("users as u", "u.id", "k.user_id")
        .select(["u.team_id as teamId", "u.email as email", "u.permissions as permissions", "k.scopes as scopes"])
        .where("k.secret_hash", "=", hash)
        .where("k.revoked_at", "is", null),
    );
  const port = Number(process.env.PORT ?? 3901);

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, {
      "content-type": "application/json; charset=utf-8",
      "cache-control": "no-store",
      "x-request-id": randomUUID(),
    });
    res.end(jsonBodyText(body));
  };

  const handle = async (req: http.IncomingMessage): Promise<unknown> => {
    const target = new URL(req.url ?? "/", "http://floor");
    const match = /^Bearer +(\S+) *$/i.exec(req.headers.authorization ?? "");
    if (!match) throw ApiError.unauthorized();
    const hash = createHash("sha256").update(match[1], "utf8").digest("hex");
    const [found] = await engine.run<{ teamId: string; email: string; permissions: string; scopes: string }>(apiKeySql(hash));
    if (!found) throw ApiError.unauthorized("Invalid or revoked API key.");
    // The key's effective permissions: its owner's that its scopes allow (as lib/auth/caller.ts).
    const scopes = new Set(JSON.parse(found.scopes) as string[]);
    const caller = { teamId: found.teamId, email: found.email, permissions: (JSON.parse(found.permissions) as Permission[]).filter((p) => scopes.has(p)) };

    // The data functions that take a Caller read these fields of it.
    const viewer: Caller = { ...caller, userId: "", name: "", teamName: "", role: "broker", via: "api_key" };
    const path = target.pathname;
    if (path === "/api/v1/my/indications") {
      const query = parseQuery(indicationListParamsSchema, target.searchParams);
      if (!query.ok) throw query.error;
      const list = indicationList(caller.teamId, query.value);
      const page = await runPage(engine, list);
      return toListBody("indications", buildJsonPage(page.itemsJson, query.value, page.total, page), nextCursor(path, list.order, page.next));
    }
    if (path === "/api/v1/my/trades") {
      const query = parseQuery(tradeListParamsSchema, target.searchParams);
      if (!query.ok) throw query.error;
      const list = tradeList(caller.teamId, query.value);
      const page = await runPage(engine, list);
      return toListBody("trades", buildJsonPage(page.itemsJson, query.value, page.total, page), nextCursor(path, list.order, page.next));
    }
    if (path === "/api/v1/my/deals") {
      const query = parseQuery(dealListParamsSchema, target.searchParams);
      if (!query.ok) throw query.error;
      const list = dealList(viewer, query.value);
      const page = await runPage(engine, list);
      return toListBody("deals", buildJsonPage(page.itemsJson, query.value, page.total, page), nextCursor(path, list.order, page.next));
    }
    if (path === "/api/v1/companies") {
      const query = parseQuery(companyListParamsSchema, target.searchParams);
      if (!query.ok) throw query.error;
      const list = companyList(query.value);
      const page = await runPage(engine, list);
      return toListBody("companies", buildJsonPage(page.itemsJson, query.value, page.total, page), nextCursor(path, list.order, page.next));
    }
    const market = /^\/api\/v1\/companies\/([^/]+)\/(order_book|trades)$/.exec(path);
    if (market) {
      if (market[2] === "order_book") {
        const query = parseQuery(orderBookParamsSchema, target.searchParams);
        if (!query.ok) throw query.error;
        return orderBookJson(viewer, market[1], query.value, engine);
      }
      const query = parseQuery(companyTradeListParamsSchema, target.searchParams);
      if (!query.ok) throw query.error;
      const list = companyTradeList(viewer, market[1], query.value);
      const page = await runPage(engine, list);
      const cursor = nextCursor(path, list.order, page.next);
      return toListBody("trades", buildJsonPage(page.itemsJson, query.value, page.total, page), cursor, { summary: await tapeSummary(viewer, market[1], page, utcToday(), engine) });
    }
    const series = /^\/api\/v1\/companies\/([^/]+)\/marks$/.exec(path);
    if (series) {
      const query = parseQuery(markSeriesParamsSchema, target.searchParams);
      if (!query.ok) throw query.error;
      return companyMarks(viewer, series[1], query.value, utcToday(), engine);
    }
    if (path === "/api/v1/marks") {
      const query = parseQuery(dayMarksParamsSchema, target.searchParams);
      if (!query.ok) throw query.error;
      const found = await dayMarks(query.value.date ?? utcToday(), pageWindow(query.value), engine);
      return toListBody("marks", buildJsonPage(JSON.stringify(found.items), query.value, found.total, { next: found.next }), nextCursor(path, DAY_MARKS_ORDER, found.next));
    }
    const company = /^\/api\/v1\/companies\/([^/]+)$/.exec(path);
    if (company) {
      const found = await readItem(engine.run, engine.dialect, COMPANY_ITEM, companyKey(company[1], `http://${req.headers.host}`));
      if (!found) throw ApiError.notFound(`No company with id ${company[1]}.`);
      return found.item;
    }
    throw ApiError.notFound("Not found.");
  };

  http
    .createServer((req, res) => {
      handle(req).then(
        (body) => send(res, 200, body),
        (error) => {
          if (error instanceof ApiError) return send(res, error.status, error.toBody());
          console.error(error);
          send(res, 500, new ApiError("internal_error", "floor failed").toBody());
        },
      );
    })
    .listen(port, "127.0.0.1", () => console.log(`floor (${dialect.kind}) listening on http://127.0.0.1:${port}`));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
