import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db/client";
import { createFixtureDatabase } from "@/lib/testing/database";
import { FIXTURE_PASSWORD_HASH, SECRETS, TEAMS } from "@/lib/testing/fixtures/accounts";
import { COMPANIES, SPECIAL_COMPANIES } from "@/lib/testing/fixtures/companies";
import { fixtureSecret, fixtureUuid, sha256Hex } from "@/lib/testing/fixtures/ids";
import { teamIndications } from "@/lib/testing/fixtures/indications";
import { teamTrades } from "@/lib/testing/fixtures/trades";
import { callRoute, type CallOptions } from "@/lib/testing/http";
import { GET as companies } from "./companies/route";
import { GET as company } from "./companies/[company_id]/route";
import { GET as orderBook } from "./companies/[company_id]/order_book/route";
import { GET as tape } from "./companies/[company_id]/trades/route";
import { GET as indications } from "./my/indications/route";
import { GET as indication, PATCH as patchIndication } from "./my/indications/[id]/route";
import { GET as indicationHistory } from "./my/indications/[id]/history/route";
import { GET as indicationsCsv } from "./my/indications.csv/route";
import { GET as trades } from "./my/trades/route";
import { GET as trade } from "./my/trades/[id]/route";
import { GET as tradeHistory } from "./my/trades/[id]/history/route";
import { GET as tradesCsv } from "./my/trades.csv/route";
import { GET as events } from "./my/events/route";
import { GET as opsTrades } from "./ops/trades/route";

/**
 * The API answers the same bytes on SQLite and on PostgreSQL: the same fixture in a SQLite file
 * and in a PostgreSQL database, every list (with filters, sorts and later pages) and every single
 * resource read through the real route handlers on each, bodies and ETags compared as bytes. The
 * databases write the JSON (lib/db/json-sql.ts), so this is where their dialects must agree.
 * Needs both databases: it runs in the suite's PostgreSQL run (TEST_DATABASE_URL).
 */

// The answered-pages cache is one per process, keyed by the page and its counters, which two fresh
// fixtures share: a page kept from one database would be answered for the other, hiding the very
// difference this test looks for. Read before the route modules create their caches.
vi.hoisted(() => {
  process.env.DESK_CACHE_OFF = "answeredPages";
});

const holder = globalThis as unknown as { __deskDb?: unknown };
let saved: unknown;
type Fixture = Awaited<ReturnType<typeof createFixtureDatabase>>;
const databases: Fixture[] = [];

// A verifier (trades_verify) for /ops/trades, the same rows in both databases.
const OPS_TEAM = { id: fixtureUuid("team:same-bytes-ops"), name: "Ops", createdAt: new Date("2025-01-04T00:00:00.000Z") };
const OPS_USER = fixtureUuid("user:same-bytes-ops");
const OPS_KEY = fixtureSecret("same-bytes-ops");

async function addVerifier(db: Db): Promise<void> {
  await db.team.create({ data: OPS_TEAM });
  await db.user.create({
    data: {
      id: OPS_USER,
      email: "ops@same-bytes.test",
      name: "Olga Ops",
      passwordHash: FIXTURE_PASSWORD_HASH,
      role: "marketplace_ops",
      permissions: JSON.stringify(["companies", "trades_verify"]),
      teamId: OPS_TEAM.id,
      createdAt: new Date("2025-02-01T00:00:00.000Z"),
    },
  });
  await db.apiKey.create({
    data: {
      id: fixtureUuid("key:same-bytes-ops"),
      userId: OPS_USER,
      name: "ops",
      prefix: OPS_KEY.slice(0, 12),
      secretHash: sha256Hex(OPS_KEY),
      scopes: JSON.stringify(["companies", "trades_verify"]),
      createdAt: new Date("2025-06-01T12:00:00.000Z"),
    },
  });
}

beforeAll(async () => {
  delete process.env.DESK_CACHE_OFF;
  saved = holder.__deskDb;
  if (!process.env.TEST_DATABASE_URL) return;
  // "" is no server: a SQLite file.
  for (const url of ["", process.env.TEST_DATABASE_URL]) {
    const database = await createFixtureDatabase(url);
    databases.push(database);
    await addVerifier(database.db);
  }
});

afterAll(async () => {
  holder.__deskDb = saved;
  for (const database of databases) {
    await database.db.$disconnect();
    await database.drop();
  }
});

interface Answer {
  status: number;
  etag: string | null;
  contentType: string | null;
  text: string;
}

/** The same request on each database, in turn. */
async function onBoth(handler: unknown, path: string, options: CallOptions = {}): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const database of databases) {
    holder.__deskDb = database.db;
    const result = await callRoute(handler, path, { key: SECRETS.alphaBroker, ...options });
    answers.push({ status: result.status, etag: result.headers.get("etag"), contentType: result.headers.get("content-type"), text: result.text });
  }
  return answers;
}

async function expectSameBytes(handler: unknown, path: string, options: CallOptions = {}): Promise<string> {
  const [sqlite, postgres] = await onBoth(handler, path, options);
  expect(sqlite.status, `${path}: ${sqlite.text.slice(0, 200)}`).toBe(200);
  expect(postgres, path).toEqual(sqlite);
  return sqlite.text;
}

const ALPHA_INDICATIONS = teamIndications("alpha");
const ALPHA_TRADES = teamTrades("alpha");
const SHOWN_COMPANIES = [COMPANIES[5], COMPANIES[17], ...Object.values(SPECIAL_COMPANIES)];

describe.skipIf(!process.env.TEST_DATABASE_URL)("the same bytes on SQLite and PostgreSQL", () => {
  it("answers every list alike: filters, sorts, later pages", async () => {
    const lists: [unknown, string, CallOptions?][] = [
      [companies, "/api/v1/companies"],
      [companies, "/api/v1/companies?per_page=7&page=3"],
      [companies, "/api/v1/companies?q=nimbus"],
      [companies, "/api/v1/companies?q=%C3%A9mile"],
      [companies, `/api/v1/companies?country=${encodeURIComponent(COMPANIES[5].country ?? "")}`],
      [indications, "/api/v1/my/indications"],
      [indications, "/api/v1/my/indications?per_page=100"],
      [indications, "/api/v1/my/indications?sort=price_per_share&per_page=10&page=2"],
      [indications, "/api/v1/my/indications?sort=-volume&side=offer"],
      [indications, "/api/v1/my/indications?stage=closed_lost&sort=created_at"],
      [indications, "/api/v1/my/indications?structure=direct&visibility=private,order_book_anonymous"],
      [indications, `/api/v1/my/indications?issuer_id=${ALPHA_INDICATIONS[0].issuerId}&updated_since=2025-01-01T00:00:00Z`],
      [indications, "/api/v1/my/indications?created_after=2024-01-01T00:00:00Z&created_before=2030-01-01T00:00:00Z&sort=-last_refreshed_at"],
      [trades, "/api/v1/my/trades"],
      [trades, "/api/v1/my/trades?per_page=100"],
      [trades, "/api/v1/my/trades?sort=-sign_date&per_page=5&page=2"],
      [trades, "/api/v1/my/trades?sort=price_per_share&is_verified=true"],
      [trades, "/api/v1/my/trades?sign_date_from=2025-01-01&sign_date_to=2026-12-31&structure=direct,spv_1_layer"],
      [trades, "/api/v1/my/trades?sort=won_date&stock_type=secondary"],
      [opsTrades, "/api/v1/ops/trades", { key: OPS_KEY }],
      [opsTrades, "/api/v1/ops/trades?per_page=100&page=2", { key: OPS_KEY }],
      [opsTrades, `/api/v1/ops/trades?team_id=${TEAMS.beta.id}&is_verified=false`, { key: OPS_KEY }],
      [indicationsCsv, "/api/v1/my/indications.csv"],
      [indicationsCsv, "/api/v1/my/indications.csv?side=bid&sort=-price_per_share"],
      [tradesCsv, "/api/v1/my/trades.csv"],
      [tradesCsv, "/api/v1/my/trades.csv?is_verified=true&sort=sign_date"],
      [events, "/api/v1/my/events"],
    ];
    for (const company of SHOWN_COMPANIES) {
      lists.push([orderBook, `/api/v1/companies/${company.id}/order_book`]);
      lists.push([orderBook, `/api/v1/companies/${company.id}/order_book?depth=2`, { key: SECRETS.betaBroker }]);
      lists.push([tape, `/api/v1/companies/${company.id}/trades`]);
      lists.push([tape, `/api/v1/companies/${company.id}/trades?per_page=2&page=2&sign_date_from=2025-01-01`, { key: SECRETS.gammaBroker }]);
    }
    let items = 0;
    for (const [handler, path, options] of lists) items += (await expectSameBytes(handler, path, options)).length;
    // Not a comparison of empty pages.
    expect(items).toBeGreaterThan(100_000);
  });

  it("answers every single resource alike", async () => {
    for (const { id } of SHOWN_COMPANIES) await expectSameBytes(company, `/api/v1/companies/${id}`);
    for (const { id } of ALPHA_INDICATIONS) {
      await expectSameBytes(indication, `/api/v1/my/indications/${id}`);
      await expectSameBytes(indicationHistory, `/api/v1/my/indications/${id}/history`);
    }
    for (const { id } of ALPHA_TRADES) {
      await expectSameBytes(trade, `/api/v1/my/trades/${id}`);
      await expectSameBytes(tradeHistory, `/api/v1/my/trades/${id}/history`);
    }
  });

  it("answers a resource's history and the team's events alike once written, but for the event's id and time", async () => {
    const { id } = ALPHA_INDICATIONS.find((r) => r.stage === "open" && r.minimumVolume === null)!;
    const patched = await onBoth(patchIndication, `/api/v1/my/indications/${id}`, { method: "PATCH", body: { stock_class: "Same bytes" } });
    expect(patched.map((answer) => answer.status), patched[0].text).toEqual([200, 200]);
    // What the two writes cannot share: the event's id, the times it set, and the ETag of a body holding them.
    const masked = (answers: Answer[]) =>
      answers.map((answer) => ({
        ...answer,
        etag: undefined,
        text: answer.text
          .replace(/"id":"[0-9a-f-]{36}","occurred_at":"[^"]+"/g, '"id":"…","occurred_at":"…"')
          .replace(/"(updated_at|last_refreshed_at)":\{"from":("[^"]*"|null),"to":"[^"]+"\}/g, '"$1":{"from":$2,"to":"…"}')
          .replace(/"next_cursor":"[^"]+"/, '"next_cursor":"…"'),
      }));
    for (const [handler, path] of [
      [indicationHistory, `/api/v1/my/indications/${id}/history`],
      [events, "/api/v1/my/events"],
    ] as const) {
      const [sqlite, postgres] = masked(await onBoth(handler, path));
      expect(sqlite.text).toContain("Same bytes");
      expect(postgres).toEqual(sqlite);
    }
  });
});
