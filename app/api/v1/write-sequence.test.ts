import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/keys";
import { getDb } from "@/lib/db/client";
import { toStoredDecimal } from "@/lib/domain/decimal";
import { Rng } from "@/lib/random";
import { FIXTURE_PASSWORD_HASH } from "@/lib/testing/fixtures/accounts";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { callRoute, expectList } from "@/lib/testing/http";
import { POST as closeOne } from "./my/indications/[id]/close/route";
import { PATCH as patchOne } from "./my/indications/[id]/route";
import { POST as refreshOne } from "./my/indications/[id]/refresh/route";
import { GET as listAll, POST as create } from "./my/indications/route";
import { GET as listTrades, POST as record } from "./my/trades/route";

/**
 * A random sequence of creates, changes, refreshes and closes (issue 12): after every few steps,
 * every list view (filters, sorts, pages) must hold exactly the rows a model of the sequence says,
 * count included, although the page engine caches counts and page starts between the writes.
 * The model is the API's own answers to the writes, filtered and sorted in JavaScript.
 */

const TEAM = { id: randomUUID(), name: `Sequence ${Date.now()}` };
let key: string;

beforeAll(async () => {
  await getDb().team.create({ data: { ...TEAM, createdAt: new Date() } });
  const id = randomUUID();
  await getDb().user.create({
    data: { id, email: `${id}@sequence.test`, name: "Sequencer", passwordHash: FIXTURE_PASSWORD_HASH, role: "broker", permissions: JSON.stringify(["companies", "indications_manage", "trades_manage"]), teamId: TEAM.id, createdAt: new Date() },
  });
  key = (await createApiKey(getDb(), { userId: id, name: "sequence" })).secret;
});

type Row = { id: string; side: string; stage: string; price_per_share: string; volume: string; updated_at: string; created_at: string; issuer: { id: string } };

/** The views checked after each round: filters with the JavaScript predicate they mean, and sorts. */
const VIEWS: { query: string; keep: (row: Row) => boolean }[] = [
  { query: "", keep: () => true },
  { query: "stage=open", keep: (r) => r.stage === "open" },
  { query: "stage=closed_lost&side=bid", keep: (r) => r.stage === "closed_lost" && r.side === "bid" },
  { query: "side=offer", keep: (r) => r.side === "offer" },
  { query: `issuer_id=${COMPANIES[0].id}`, keep: (r) => r.issuer.id === COMPANIES[0].id },
  { query: "price_min=20", keep: (r) => toStoredDecimal(r.price_per_share) >= toStoredDecimal("20") },
];
const SORTS: { sort: string; key: (row: Row) => string; desc: boolean }[] = [
  { sort: "-updated_at", key: (r) => r.updated_at, desc: true },
  { sort: "price_per_share", key: (r) => toStoredDecimal(r.price_per_share), desc: false },
  { sort: "-volume", key: (r) => toStoredDecimal(r.volume), desc: true },
];

function expected(rows: Iterable<Row>, keep: (row: Row) => boolean, order: (typeof SORTS)[number]): string[] {
  return [...rows]
    .filter(keep)
    .sort((a, b) => {
      const [x, y] = [order.key(a), order.key(b)];
      if (x !== y) return (x < y ? -1 : 1) * (order.desc ? -1 : 1);
      return a.id < b.id ? -1 : 1; // the id tie-break is always ascending
    })
    .map((r) => r.id);
}

async function listed(query: string, sort: string, perPage: number): Promise<{ ids: string[]; total: number }> {
  const ids: string[] = [];
  let total = -1;
  for (let page = 1; ; page++) {
    const body = expectList<Row>(await callRoute(listAll, `/api/v1/my/indications?${query}&sort=${sort}&per_page=${perPage}&page=${page}`, { key }), "indications");
    if (total === -1) total = body.total_count;
    expect(body.total_count).toBe(total);
    ids.push(...body.items.map((r) => r.id));
    if (!body.has_more) return { ids, total };
  }
}

describe("a random sequence of writes keeps every list exact", () => {
  it("creates, changes, refreshes and closes; lists, counts and pages follow each step", async () => {
    const rng = new Rng(20261127);
    const model = new Map<string, Row>();
    const apply = (row: Row) => model.set(row.id, row);
    const price = () => `${rng.int(1, 40)}.${rng.int(0, 99)}`;
    for (let round = 0; round < 8; round++) {
      for (let step = 0; step < 6; step++) {
        const open = [...model.values()].filter((r) => r.stage === "open");
        const roll = rng.float();
        if (roll < 0.4 || open.length === 0) {
          const side = rng.float() < 0.5 ? "bid" : "offer";
          const result = await callRoute(create, "/api/v1/my/indications", {
            key,
            body: {
              issuer_id: COMPANIES[rng.int(0, 2)].id,
              side,
              price_per_share: price(),
              volume: String(rng.int(1, 50) * 10_000),
              ...(side === "bid" ? { acceptable_structures: ["direct"] } : { structure: "direct" }),
              visibility: "order_book_public",
              stock_type: "secondary",
              stock_class_type: "common",
            },
          });
          expect(result.status, result.text).toBe(201);
          apply(result.body as Row);
        } else {
          const target = open[rng.int(0, open.length - 1)];
          const path = `/api/v1/my/indications/${target.id}`;
          const result =
            roll < 0.65
              ? await callRoute(patchOne, path, { key, method: "PATCH", body: { price_per_share: price(), volume: String(rng.int(1, 50) * 10_000) } })
              : roll < 0.8
                ? await callRoute(refreshOne, `${path}/refresh`, { key, method: "POST" })
                : await callRoute(closeOne, `${path}/close`, { key, method: "POST" });
          expect(result.status, result.text).toBe(200);
          apply(result.body as Row);
        }
      }
      for (const view of VIEWS) {
        for (const order of SORTS) {
          const want = expected(model.values(), view.keep, order);
          const got = await listed(view.query, order.sort, 1 + (round % 4));
          expect(got.total, `${view.query} ${order.sort}`).toBe(want.length);
          expect(got.ids, `${view.query} ${order.sort}`).toEqual(want);
        }
      }
    }
    // A trade recorded in the team leaves the indications' counts alone and shows in its own list.
    const trades = await callRoute(listTrades, "/api/v1/my/trades", { key });
    expect(expectList(trades, "trades").total_count).toBe(0);
    const recorded = await callRoute(record, "/api/v1/my/trades", {
      key,
      body: {
        issuer_id: COMPANIES[0].id,
        price_per_share: "10",
        volume: "100000",
        structure: "direct",
        stock_type: "secondary",
        stock_class_type: "common",
        sign_date: "2026-01-05",
        won_date: "2026-01-06",
        verification_officer_name: "O",
        verification_officer_email: "o@x.example",
      },
    });
    expect(recorded.status, recorded.text).toBe(201);
    expect(expectList(await callRoute(listTrades, "/api/v1/my/trades", { key }), "trades").total_count).toBe(1);
    expect((await listed("", "-updated_at", 100)).total).toBe(model.size);
  });
});
