import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/keys";
import { getDb } from "@/lib/db/client";
import { FIXTURE_PASSWORD_HASH, TEAMS } from "@/lib/testing/fixtures/accounts";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { fixtureUuid } from "@/lib/testing/fixtures/ids";
import { callRoute, expectError, fetchAll, idsOf, sessionCookie, type CallOptions } from "@/lib/testing/http";
import { GET as companiesRoute } from "./companies/route";
import { GET as listRoute } from "./my/watchlist/route";
import { DELETE as unfollowRoute, GET as entryRoute, PUT as followRoute } from "./my/watchlist/[company_id]/route";

/**
 * The watchlist (docs/api/live.md, "Watchlist") through the real routes, for users of this file's own
 * (the fixture's users stay without entries): follow, idempotent PUT and DELETE, one user's
 * entries never another's, the ids that name nothing, any key of the user, and the directory's
 * `following` filter.
 */

type Entry = { id: string; name: string; followed_at: string };

const UNKNOWN = fixtureUuid("watchlist: nothing has this id");
const MALFORMED = ["not-a-uuid", `${UNKNOWN}x`, UNKNOWN.replace(/-/g, "")];
// Three companies of distinct names, in an order that is not the name order.
const [A, B, C] = [COMPANIES[5], COMPANIES[2], COMPANIES[9]];

let alice: { id: string; key: string; noScopes: string };
let bob: { id: string; key: string };

async function member(team: string, permissions: string[]) {
  const id = randomUUID();
  await getDb().user.create({
    data: { id, email: `${id}@watchlist.test`, name: "Watcher", passwordHash: FIXTURE_PASSWORD_HASH, role: "broker", permissions: JSON.stringify(permissions), teamId: team, createdAt: new Date() },
  });
  return { id, key: (await createApiKey(getDb(), { userId: id, name: "watchlist test" })).secret, noScopes: (await createApiKey(getDb(), { userId: id, name: "no scopes", scopes: [] })).secret };
}

beforeAll(async () => {
  alice = await member(TEAMS.alpha.id, ["companies", "indications_manage"]);
  // Alice's teammate: the watchlist is a user's, not the team's.
  bob = await member(TEAMS.alpha.id, []);
});

const path = (id: string) => `/api/v1/my/watchlist/${id}`;
const follow = (id: string, key: string, options: CallOptions = {}) => callRoute(followRoute, path(id), { key, method: "PUT", ...options });
const unfollow = (id: string, key: string, options: CallOptions = {}) => callRoute(unfollowRoute, path(id), { key, method: "DELETE", ...options });
const entry = (id: string, key: string) => callRoute(entryRoute, path(id), { key });

async function listed(key: string): Promise<Entry[]> {
  const result = await callRoute(listRoute, "/api/v1/my/watchlist", { key });
  expect(result.status, result.text).toBe(200);
  expect(Object.keys(result.body as object)).toEqual(["companies"]);
  return (result.body as { companies: Entry[] }).companies;
}

const byName = (companies: readonly (typeof A)[]) => [...companies].sort((x, y) => (x.name === y.name ? (x.id < y.id ? -1 : 1) : x.name < y.name ? -1 : 1)).map((c) => c.id);

describe("follow and unfollow", () => {
  it("follows with 201 and Location, then answers 200 with the same entry (PUT is idempotent)", async () => {
    expect(await listed(alice.key)).toEqual([]);
    const first = await follow(A.id, alice.key);
    expect(first.status, first.text).toBe(201);
    expect(first.headers.get("location")).toBe(path(A.id));
    const body = first.body as Entry;
    expect(Object.keys(body)).toEqual(["id", "name", "followed_at"]);
    expect(body).toMatchObject({ id: A.id, name: A.name });
    expect(new Date(body.followed_at).toISOString()).toBe(body.followed_at);
    const again = await follow(A.id.toUpperCase(), alice.key);
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual(body);
    expect(await entry(A.id, alice.key)).toMatchObject({ status: 200, body });
  });

  it("lists the followed companies by name, as the directory lists them, with followed_at", async () => {
    for (const company of [B, C]) expect((await follow(company.id, alice.key)).status).toBe(201);
    const companies = await listed(alice.key);
    expect(idsOf(companies)).toEqual(byName([A, B, C]));
    const directory = (await fetchAll<{ id: string; name: string }>(companiesRoute, "/api/v1/companies", "companies", alice.key)).items;
    for (const item of companies) {
      const { followed_at, ...summary } = item;
      expect(summary).toEqual(directory.find((c) => c.id === item.id));
      expect(followed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
  });

  it("never shows one user's entries to another, even a teammate", async () => {
    expect(await listed(bob.key)).toEqual([]);
    const refused = await entry(A.id, bob.key);
    expectError(refused, "not_found");
    expect((refused.body as { error: { message: string } }).error.message).toMatch(/not followed/);
    // Bob's unfollow of Alice's company changes nothing of hers.
    expect((await unfollow(A.id, bob.key)).status).toBe(204);
    expect(idsOf(await listed(alice.key))).toContain(A.id);
  });

  it("unfollows with 204, and 204 again for a company not followed (DELETE is idempotent)", async () => {
    const gone = await unfollow(C.id, alice.key);
    expect([gone.status, gone.text]).toEqual([204, ""]);
    expect((await unfollow(C.id, alice.key)).status).toBe(204);
    expect(idsOf(await listed(alice.key))).toEqual(byName([A, B]));
    expectError(await entry(C.id, alice.key), "not_found");
  });

  it("answers 404 for a company id that names nothing, malformed or unknown, on every method", async () => {
    for (const id of [UNKNOWN, ...MALFORMED]) {
      for (const result of [await entry(id, alice.key), await follow(id, alice.key), await unfollow(id, alice.key)]) {
        expectError(result, "not_found");
        expect((result.body as { error: { message: string } }).error.message).toMatch(/^No company with id/);
      }
    }
    expect(idsOf(await listed(alice.key))).toEqual(byName([A, B]));
  });

  it("refuses a body and query parameters on writes, and query parameters on reads", async () => {
    expectError(await follow(C.id, alice.key, { body: { note: "x" } }), "unknown_parameter", "note");
    expectError(await unfollow(A.id, alice.key, { body: "x" }), "unsupported_media_type");
    expectError(await callRoute(followRoute, `${path(C.id)}?notify=true`, { key: alice.key, method: "PUT" }), "unknown_parameter", "notify");
    expectError(await callRoute(unfollowRoute, `${path(A.id)}?x=1`, { key: alice.key, method: "DELETE" }), "unknown_parameter", "x");
    expectError(await callRoute(listRoute, "/api/v1/my/watchlist?limit=10", { key: alice.key }), "unknown_parameter", "limit");
    expectError(await callRoute(entryRoute, `${path(A.id)}?x=1`, { key: alice.key }), "unknown_parameter", "x");
    expect(idsOf(await listed(alice.key))).toEqual(byName([A, B]));
  });

  it("takes every key of the user, one without any permission too, and a session", async () => {
    expect((await follow(C.id, alice.noScopes)).status).toBe(201);
    expect(idsOf(await listed(alice.noScopes))).toEqual(byName([A, B, C]));
    expect((await unfollow(C.id, alice.noScopes)).status).toBe(204);
    // Bob holds no permission at all: following is still his to do.
    expect((await follow(C.id, bob.key)).status).toBe(201);
    const cookie = await sessionCookie(bob.id);
    const viaSession = await callRoute(listRoute, "/api/v1/my/watchlist", { headers: { cookie } });
    expect(idsOf((viaSession.body as { companies: Entry[] }).companies)).toEqual([C.id]);
  });

  it("needs a caller", async () => {
    expectError(await callRoute(listRoute, "/api/v1/my/watchlist"), "unauthorized");
    expectError(await callRoute(followRoute, path(A.id), { method: "PUT" }), "unauthorized");
  });

  it("answers an unchanged list 304 to its ETag", async () => {
    const first = await callRoute(listRoute, "/api/v1/my/watchlist", { key: alice.key });
    const etag = first.headers.get("etag")!;
    expect((await callRoute(listRoute, "/api/v1/my/watchlist", { key: alice.key, headers: { "if-none-match": etag } })).status).toBe(304);
  });
});

describe("GET /companies?following=", () => {
  const ids = async (key: string, query: string) => idsOf((await fetchAll<{ id: string }>(companiesRoute, `/api/v1/companies?${query}`, "companies", key)).items);

  it("lists only the followed companies (true) or only the others (false), each user their own", async () => {
    const following = await ids(alice.key, "following=true");
    expect(following).toEqual(byName([A, B]));
    const others = await ids(alice.key, "following=false");
    expect(others).toEqual(byName(COMPANIES.filter((c) => c.id !== A.id && c.id !== B.id)));
    expect(await ids(bob.key, "following=true")).toEqual([C.id]);
    // Combined with the other filters.
    expect(await ids(alice.key, `following=true&country=${encodeURIComponent(A.country)}`)).toEqual(byName([A, B].filter((c) => c.country === A.country)));
  });

  it("follows a follow at once (the followed ids are the page's key, not a kept answer)", async () => {
    expect((await follow(C.id, alice.key)).status).toBe(201);
    expect(await ids(alice.key, "following=true")).toEqual(byName([A, B, C]));
    for (const company of [A, B, C]) expect((await unfollow(company.id, alice.key)).status).toBe(204);
    expect(await ids(alice.key, "following=true")).toEqual([]);
    expect(await ids(alice.key, "following=false")).toEqual(byName(COMPANIES));
  });

  it("refuses a value that is not true or false, naming following", async () => {
    for (const value of ["yes", "1", "", "TRUE"]) {
      expectError(await callRoute(companiesRoute, `/api/v1/companies?following=${value}`, { key: alice.key }), "invalid_parameter", "following");
    }
  });
});
