import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { latestNotificationSeq } from "@/lib/notifications/queries";
import { databaseKind } from "@/lib/db/url";
import { withAppOnOwnDatabase } from "@/lib/testing/own-database";
import { listening } from "@/lib/live/bus";
import { createApiKey, revokeApiKey } from "@/lib/api-keys/keys";
import { FIXTURE_PASSWORD_HASH } from "@/lib/testing/fixtures/accounts";
import { NEW_BID, NEW_TRADE } from "@/lib/testing/fixtures/bodies";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { callRoute, expectError } from "@/lib/testing/http";
import { openSse, type SseConnection, type SseEvent } from "@/lib/testing/sse";
import { GET as stream } from "./my/stream/route";
import { POST as createIndication } from "./my/indications/route";
import { PATCH as changeIndication } from "./my/indications/[id]/route";
import { POST as verifyTrade } from "./ops/trades/[id]/verify/route";
import { POST as unverifyTrade } from "./ops/trades/[id]/unverify/route";
import { GET as listNotifications } from "./my/notifications/route";
import { POST as markRead } from "./my/notifications/read/route";
import { PUT as follow } from "./my/watchlist/[company_id]/route";
import { POST as createTrade } from "./my/trades/route";

vi.hoisted(() => {
  // Heartbeats every 100 ms, so a revoked key's stream ends within the test's patience.
  process.env.STREAM_HEARTBEAT_MS = "100";
});

/**
 * GET /my/stream and notifications through the real route handlers, on a database of this file's
 * own (its public offers would show in the shared fixture's books): resuming with Last-Event-ID, a
 * revoked key, who hears which market change, who is told what.
 */
const own = withAppOnOwnDatabase();
let sharedUrl: string | undefined;
beforeAll(() => {
  // The process's LISTEN connection (lib/live/bus.ts) takes DATABASE_URL: the file's own database.
  sharedUrl = process.env.DATABASE_URL;
  process.env.DATABASE_URL = own.database.url;
});
afterAll(() => {
  process.env.DATABASE_URL = sharedUrl;
});

interface Member {
  teamId: string;
  email: string;
  key: string;
  userId: string;
}

async function team(label: string): Promise<string> {
  const id = randomUUID();
  await getDb().team.create({ data: { id, name: `${label} ${id}`, createdAt: new Date() } });
  return id;
}

async function member(teamId: string, permissions: string[]): Promise<Member> {
  const userId = randomUUID();
  const email = `${userId}@stream.test`;
  await getDb().user.create({
    data: { id: userId, email, name: "Stream member", passwordHash: FIXTURE_PASSWORD_HASH, role: "broker", permissions: JSON.stringify(permissions), teamId, createdAt: new Date() },
  });
  return { teamId, email, userId, key: (await createApiKey(getDb(), { userId, name: "stream test" })).secret };
}

const BROKER = ["companies", "indications_manage", "trades_manage"];
let alpha: Member;
let beta: Member;
let ops: Member;
const open: SseConnection[] = [];

beforeAll(async () => {
  alpha = await member(await team("Stream Alpha"), BROKER);
  beta = await member(await team("Stream Beta"), BROKER);
  ops = await member(await team("Stream Ops"), ["companies", "trades_verify"]);
});

afterAll(() => open.forEach((connection) => connection.close()));

async function connect(who: Member, path = "/api/v1/my/stream", headers: Record<string, string> = {}): Promise<SseConnection> {
  const connection = await openSse(stream, path, { key: who.key, headers });
  open.push(connection);
  return connection;
}

/** An offer in a company where the fixture has no bid (COMPANIES[11]), so it crosses none: no possible_match is told of it. */
async function offer(who: Member, extra: object = {}, company = COMPANIES[11].id): Promise<string> {
  const result = await callRoute(createIndication, "/api/v1/my/indications", {
    key: who.key,
    body: { ...NEW_BID, side: "offer", acceptable_structures: [], structure: "direct", issuer_id: company, visibility: "order_book_public", ...extra },
  });
  expect(result.status, result.text).toBe(201);
  return (result.body as { id: string }).id;
}

/** The next event of a type, skipping others (hints come alongside the team's events). */
/**
 * The first event of each type, in whatever order they come: a change's event and the
 * notification it made may come either way round (a read already past the team's events reads the
 * new notification first; each frame's id holds both positions, so the order tells nothing).
 */
async function eachOf(connection: SseConnection, types: readonly string[], timeoutMs = 3_000): Promise<{ found: (SseEvent | null)[]; last: SseEvent | null }> {
  const found = new Map<string, SseEvent>();
  let last: SseEvent | null = null;
  const until = Date.now() + timeoutMs;
  while (found.size < types.length) {
    const event = await connection.next(Math.max(1, until - Date.now()));
    if (!event) break;
    if (types.includes(event.event) && !found.has(event.event)) found.set(event.event, (last = event));
  }
  return { found: types.map((type) => found.get(type) ?? null), last };
}

async function nextOf(connection: SseConnection, type: string, timeoutMs = 3_000) {
  const until = Date.now() + timeoutMs;
  for (let event = await connection.next(timeoutMs); event; event = await connection.next(Math.max(1, until - Date.now()))) {
    if (event.event === type) return event;
  }
  return null;
}

describe("GET /my/stream", () => {
  it("opens with the position, then sends each new event of the team with its cursor as id", async () => {
    const connection = await connect(alpha);
    expect(connection.status).toBe(200);
    expect(connection.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(connection.headers.get("cache-control")).toContain("no-transform");
    const ready = await connection.next();
    expect(ready?.event).toBe("ready");
    expect(ready?.id).toMatch(/^st1\.\d+\.\d+$/);
    const id = await offer(alpha);
    const created = await nextOf(connection, "indication.created");
    expect(created?.data).toMatchObject({ action: "indication.created", resource: { type: "indication", id } });
    const eventsPart = (id: string) => Number(id.split(".")[1]);
    expect(eventsPart(created!.id!)).toBeGreaterThan(eventsPart(ready!.id!));
    connection.close();
  });

  it("resumes after a dropped connection from Last-Event-ID: nothing skipped, nothing repeated", async () => {
    const first = await connect(alpha);
    await first.next();
    const before = [await offer(alpha), await offer(alpha)];
    const seen = [await nextOf(first, "indication.created"), await nextOf(first, "indication.created")];
    expect(seen.map((event) => (event?.data as { resource: { id: string } }).resource.id)).toEqual(before);
    first.close();

    const whileAway = [await offer(alpha), await offer(alpha), await offer(alpha)];
    const second = await connect(alpha, "/api/v1/my/stream", { "last-event-id": seen[1]!.id! });
    expect((await second.next())?.event).toBe("ready");
    const events = (await second.collect(1_000)).filter((event) => event.id !== undefined);
    expect(events.map((event) => (event.data as { resource: { id: string } }).resource.id)).toEqual(whileAway);
    second.close();

    // cursor, as GET /my/events answers it, starts the same way.
    const third = await connect(alpha, `/api/v1/my/stream?cursor=ev1.${seen[1]!.id!.split(".")[1]}`);
    await third.next();
    const again = (await third.collect(1_000)).filter((event) => event.id !== undefined);
    expect(again.map((event) => event.id)).toEqual(events.map((event) => event.id));
    third.close();
  });

  it("refuses a malformed Last-Event-ID or cursor, and unknown parameters, with a 400 naming them", async () => {
    expectError(await callRoute(stream, "/api/v1/my/stream", { key: alpha.key, headers: { "last-event-id": "ev1.x" } }), "invalid_parameter", "Last-Event-ID");
    expectError(await callRoute(stream, "/api/v1/my/stream?cursor=42", { key: alpha.key }), "invalid_parameter", "cursor");
    expectError(await callRoute(stream, "/api/v1/my/stream?since=1", { key: alpha.key }), "unknown_parameter", "since");
    expectError(await callRoute(stream, "/api/v1/my/stream"), "unauthorized");
  });

  it("ends a key's stream within a heartbeat of the key's revocation", async () => {
    const temporary = await member(alpha.teamId, BROKER);
    const connection = await connect(temporary);
    await connection.next();
    await revokeApiKey(getDb(), { prefixOrId: temporary.key.slice(0, 12), userId: temporary.userId });
    const end = await nextOf(connection, "end", 1_000);
    expect(end?.data).toEqual({ reason: "signed_out" });
    expect(await connection.next(500)).toBeNull();
  });

  it("hints another team's market change only to those who may see it", async () => {
    const watcher = await connect(alpha);
    await watcher.next();
    const company = COMPANIES[32].id; // no fixture bid: the offers cross none (no possible_match)

    await offer(beta, { visibility: "private", private_recipients: ["someone@else.test"] }, company);
    await offer(beta, { visibility: "order_book_anonymous" }, company);
    const heard = await watcher.collect(800);
    // The anonymous offer is in every book; the private one, shared with someone else, is in none of Alpha's.
    expect(heard.filter((event) => event.event === "market")).toEqual([{ event: "market", data: { company_id: company } }]);
    expect(heard.filter((event) => event.id !== undefined)).toEqual([]);

    await offer(beta, { visibility: "private", private_recipients: [alpha.email.toUpperCase()] }, company);
    expect((await nextOf(watcher, "market", 1_000))?.data).toEqual({ company_id: company });

    // Made private for someone else: it leaves Alpha's book, so Alpha hears it once more, and no more after.
    const leaving = await offer(beta, {}, company);
    expect((await nextOf(watcher, "market", 1_000))?.data).toEqual({ company_id: company });
    const patch = (body: object) => callRoute(changeIndication, `/api/v1/my/indications/${leaving}`, { key: beta.key, method: "PATCH", body });
    expect((await patch({ visibility: "private", private_recipients: ["someone@else.test"] })).status).toBe(200);
    expect((await nextOf(watcher, "market", 1_000))?.data).toEqual({ company_id: company });
    expect((await patch({ price_per_share: "3" })).status).toBe(200);
    expect(await nextOf(watcher, "market", 500)).toBeNull();
    watcher.close();
  });

  it("tells the marketplace team's streams that the queue moved when a trade is recorded", async () => {
    const queue = await connect(ops);
    const broker = await connect(beta);
    await queue.next();
    await broker.next();
    const result = await callRoute(createTrade, "/api/v1/my/trades", { key: beta.key, body: NEW_TRADE });
    expect(result.status, result.text).toBe(201);
    const hint = await nextOf(queue, "queue");
    expect(hint?.data).toEqual({ trade_id: (result.body as { id: string }).id, action: "trade.created" });
    // Unverified, the trade is on no tape: Alpha's book and tape did not change.
    const watcher = await connect(alpha);
    await watcher.next();
    expect((await broker.collect(500)).some((event) => event.event === "queue")).toBe(false);
    expect(await nextOf(watcher, "market", 200)).toBeNull();

    // Verified, it is on every tape; Beta hears the verification as its own event.
    const trade = (result.body as { id: string }).id;
    expect((await callRoute(verifyTrade, `/api/v1/ops/trades/${trade}/verify`, { key: ops.key, body: {} })).status).toBe(200);
    expect((await nextOf(watcher, "market"))?.data).toEqual({ company_id: NEW_TRADE.issuer_id });
    const { found: [verified, told], last } = await eachOf(broker, ["trade.verified", "notification"]);
    expect(verified?.data).toMatchObject({ resource: { type: "trade", id: trade }, actor: { email: ops.email } });
    expect((await nextOf(queue, "queue"))?.data).toEqual({ trade_id: trade, action: "trade.verified" });

    // Beta is told, in the stream and in its list; resuming after the notification does not repeat it.
    expect(told?.data).toMatchObject({ kind: "trade_verified", resource: { type: "trade", id: trade }, company: { id: NEW_TRADE.issuer_id }, read_at: null });
    broker.close();
    // From the later of the two, whose id holds both positions.
    const again = await connect(beta, "/api/v1/my/stream", { "last-event-id": last!.id! });
    await again.next();
    expect((await again.collect(500)).filter((event) => event.id !== undefined)).toEqual([]);
    const list = await callRoute(listNotifications, "/api/v1/my/notifications", { key: beta.key });
    expect(list.body).toMatchObject({ unread_count: 1, next_cursor: null, notifications: [{ id: (told!.data as { id: string }).id, title: expect.stringContaining("was verified") }] });
    // Alpha's members are told nothing of Beta's trade.
    expect((await callRoute(listNotifications, "/api/v1/my/notifications", { key: alpha.key })).body).toMatchObject({ notifications: [], unread_count: 0 });
  });

  it("tells a company's followers of what the market shows them, never a private row not shared with them, never their own team's", async () => {
    const company = COMPANIES[5].id;
    const follower = await member(alpha.teamId, BROKER);
    const teammate = await member(beta.teamId, BROKER);
    for (const who of [follower, teammate]) expect((await callRoute(follow, `/api/v1/my/watchlist/${company}`, { key: who.key, method: "PUT", params: { company_id: company } })).status).toBe(201);
    const watching = await connect(follower);
    await watching.next();

    await offer(beta, { visibility: "private", private_recipients: ["someone@else.test"] }, company);
    await offer(beta, { visibility: "order_book_public", price_per_share: "12.5", volume: "2000" }, company);
    const told = await nextOf(watching, "notification");
    expect(told?.data).toMatchObject({ kind: "followed_indication", resource: null, company: { id: company } });
    expect((told?.data as { title: string }).title).toMatch(/^New offer in .+: \$12\.50 a share, \$2,000 \(Stream Beta /);
    await offer(beta, { visibility: "order_book_anonymous" }, company);
    expect(((await nextOf(watching, "notification"))?.data as { title: string }).title).toMatch(/\(anonymous\)$/);
    await offer(alpha, {}, company);
    expect(await nextOf(watching, "notification", 500)).toBeNull();

    const list = (await callRoute(listNotifications, "/api/v1/my/notifications", { key: follower.key })).body as { notifications: { kind: string }[] };
    expect(list.notifications.map((n) => n.kind)).toEqual(["followed_indication", "followed_indication"]);
    // Beta's own follower is told of Alpha's offer only, none of Beta's rows.
    const theirs = (await callRoute(listNotifications, "/api/v1/my/notifications", { key: teammate.key })).body as { notifications: { title: string }[] };
    expect(theirs.notifications.map((n) => n.title)).toEqual([expect.stringMatching(/^New offer in .+\(Stream Alpha /)]);
    watching.close();
  });

  it("takes a notifications position past every notification as now: the next notification comes, none is skipped", async () => {
    const watcher = await connect(beta);
    const ready = await watcher.next();
    watcher.close();
    const [eventsAt] = ready!.id!.slice("st1.".length).split(".");
    const ahead = await connect(beta, "/api/v1/my/stream", { "last-event-id": `st1.${eventsAt}.${(await latestNotificationSeq()) + 1000}` });
    expect(ahead.status).toBe(200);
    await ahead.next();
    const trade = await callRoute(createTrade, "/api/v1/my/trades", { key: beta.key, body: NEW_TRADE });
    expect((await callRoute(verifyTrade, `/api/v1/ops/trades/${(trade.body as { id: string }).id}/verify`, { key: ops.key, body: {} })).status).toBe(200);
    expect((await nextOf(ahead, "notification"))?.data).toMatchObject({ kind: "trade_verified", resource: { id: (trade.body as { id: string }).id } });
    ahead.close();
  });

  it("marks notifications read, one's own only, and refuses a body that says neither which nor all", async () => {
    const trade = await callRoute(createTrade, "/api/v1/my/trades", { key: beta.key, body: NEW_TRADE });
    const id = (trade.body as { id: string }).id;
    await callRoute(verifyTrade, `/api/v1/ops/trades/${id}/verify`, { key: ops.key, body: {} });
    await callRoute(unverifyTrade, `/api/v1/ops/trades/${id}/unverify`, { key: ops.key, body: { reason: "The officer did not confirm" } });
    const list = (await callRoute(listNotifications, "/api/v1/my/notifications?unread=true&limit=1", { key: beta.key })).body as { notifications: { id: string; kind: string; reason: string | null }[]; next_cursor: string | null; unread_count: number };
    expect(list.notifications).toMatchObject([{ kind: "trade_unverified", reason: "The officer did not confirm" }]);
    expect(list.next_cursor).toMatch(/^nt1\.\d+$/);
    const older = (await callRoute(listNotifications, `/api/v1/my/notifications?unread=true&cursor=${list.next_cursor}`, { key: beta.key })).body as { notifications: { kind: string }[] };
    expect(older.notifications[0].kind).toBe("trade_verified");

    // Alpha cannot mark Beta's.
    expect((await callRoute(markRead, "/api/v1/my/notifications/read", { key: alpha.key, body: { ids: [list.notifications[0].id] } })).body).toEqual({ unread_count: 0 });
    const before = list.unread_count;
    expect((await callRoute(markRead, "/api/v1/my/notifications/read", { key: beta.key, body: { ids: [list.notifications[0].id] } })).body).toEqual({ unread_count: before - 1 });
    expect((await callRoute(markRead, "/api/v1/my/notifications/read", { key: beta.key, body: { all: true } })).body).toEqual({ unread_count: 0 });

    expectError(await callRoute(markRead, "/api/v1/my/notifications/read", { key: beta.key, body: {} }), "invalid_parameter", "ids");
    expectError(await callRoute(markRead, "/api/v1/my/notifications/read", { key: beta.key, body: { ids: [], all: true } }), "invalid_parameter", "ids");
    expectError(await callRoute(listNotifications, "/api/v1/my/notifications?unread=maybe", { key: beta.key }), "invalid_parameter", "unread");
  });
});

describe.runIf(databaseKind() === "postgres")("two instances over one PostgreSQL database", () => {
  it("delivers a change written by the other instance to a stream on this one", async () => {
    const watcher = await connect(alpha);
    await watcher.next();
    await listening();
    const company = COMPANIES[4].id;
    const body = JSON.stringify({ ...NEW_BID, side: "offer", acceptable_structures: [], structure: "direct", issuer_id: company, visibility: "order_book_public" });
    // Fails (exit code 1) unless the indication was created.
    await promisify(execFile)("npx", ["tsx", "--conditions=react-server", "lib/testing/other-instance.ts", beta.key, body], {
      env: { ...process.env, DATABASE_URL: own.database.url },
    });
    // The market hint travels only by NOTIFY: no heartbeat reads it from the trail.
    expect((await nextOf(watcher, "market", 5_000))?.data).toEqual({ company_id: company });
    watcher.close();
  }, 60_000);
});
