import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { NEW_TRADE } from "@/lib/testing/fixtures/bodies";
import { callRoute, expectError } from "@/lib/testing/http";
import { runDueDeliveries } from "@/lib/webhooks/worker";
import { POST as createTrade } from "./my/trades/route";
import { POST as redeliverRange } from "./my/webhooks/[id]/redeliver/route";
import { at, endpoint, eventIds, indication, later, logOf, reader, receiver, stranger, TEAM, withWebhookTests, writer } from "./_testing/webhooks";

/** A time range of the team's events sent again (POST /my/webhooks/{id}/redeliver), with the worker's clock given by each test. */

withWebhookTests();

describe("redelivery of a time range", () => {
  const ask = (id: string, body: unknown, key = writer, headers: Record<string, string> = {}) =>
    callRoute(redeliverRange, at(id, "/redeliver"), { key, method: "POST", params: { id }, body, headers });
  const cursorOf = async (id: string) => (await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id } })).deliveredSeq;
  const teamEvents = () => getDb().auditEvent.findMany({ where: { teamId: TEAM.id }, orderBy: { seq: "asc" } });
  /** A start after every event of the earlier tests (their clock is this one): ranges hold this test's events only. */
  const freshSince = async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    return new Date().toISOString();
  };

  it("sends the range's events the cursor has passed again, in order, with their webhook-ids, and leaves the cursor alone", async () => {
    const hook = await endpoint({ events: ["indication.*"] });
    const since = await freshSince();
    for (let i = 0; i < 3; i++) await indication();
    await callRoute(createTrade, "/api/v1/my/trades", { key: writer, body: NEW_TRADE }); // not a type it asked for
    expect(await runDueDeliveries(new Date())).toEqual({ delivered: 3, failed: 0 });
    const sent = eventIds();
    const [first, second, third] = (await teamEvents()).filter((e) => sent.includes(e.id));
    // [since, until): the third event is at `until`, so not in the range.
    const queued = await ask(hook.id, { since, until: third.occurredAt.toISOString() });
    expect(queued.status, queued.text).toBe(202);
    expect(queued.body).toMatchObject({ count: 2, first_event: { id: first.id, type: "indication.created", occurred_at: first.occurredAt.toISOString() }, last_event: { id: second.id } });
    // An event after the cursor is on its way anyway: a range up to now does not count it twice.
    await indication();
    const cursor = await cursorOf(hook.id);
    receiver.received = [];
    expect(await runDueDeliveries(new Date())).toEqual({ delivered: 3, failed: 0 });
    const fresh = (await teamEvents()).at(-1)!;
    expect(eventIds()).toEqual([fresh.id, first.id, second.id]);
    expect(await cursorOf(hook.id)).toBe(fresh.seq);
    expect(cursor).toBe(third.seq); // the new event moved it; the replayed ones did not
    const log = await logOf(hook.id);
    // Logged as manual attempts, the second of each event (newest first).
    expect(log.filter((d) => d.trigger === "manual").map((d) => [d.event_id, d.attempt, d.succeeded])).toEqual([[second.id, 2, true], [first.id, 2, true]]);
    // Done: the range is gone, and another can be asked for (now up to now: all four of the endpoint's).
    expect(await runDueDeliveries(new Date())).toEqual({ delivered: 0, failed: 0 });
    const again = await ask(hook.id, { since });
    expect(again.status, again.text).toBe(202);
    expect(again.body).toMatchObject({ count: 4, first_event: { id: first.id }, last_event: { id: fresh.id } });
  });

  it("answers what the range holds, and queues nothing when it holds none", async () => {
    const hook = await endpoint({ events: ["trade.*"] });
    const since = await freshSince();
    await indication();
    await runDueDeliveries(new Date());
    const nothing = await ask(hook.id, { since });
    expect(nothing.status, nothing.text).toBe(202);
    expect(nothing.body).toMatchObject({ count: 0, first_event: null, last_event: null });
    expect((await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } })).replayThroughSeq).toBeNull();
    expect(await runDueDeliveries(new Date())).toEqual({ delivered: 0, failed: 0 });
  });

  it("retries a replayed event that fails after 5 and 30 s, then skips it and goes on; new events are not held back", async () => {
    const hook = await endpoint();
    const since = await freshSince();
    await indication();
    await indication();
    await runDueDeliveries(new Date());
    const [first, second] = eventIds();
    expect((await ask(hook.id, { since })).status).toBe(202);
    receiver.received = [];
    receiver.answer = 500;
    const t0 = new Date();
    expect(await runDueDeliveries(t0)).toEqual({ delivered: 0, failed: 1 });
    expect(await runDueDeliveries(later(t0, 4_000))).toEqual({ delivered: 0, failed: 0 });
    expect(await runDueDeliveries(later(t0, 5_000))).toEqual({ delivered: 0, failed: 1 });
    expect(await runDueDeliveries(later(t0, 34_000))).toEqual({ delivered: 0, failed: 0 });
    receiver.answer = 200;
    await indication(); // a new event goes out at once, the replay waiting or not
    expect(await runDueDeliveries(later(t0, 34_000))).toEqual({ delivered: 1, failed: 0 });
    receiver.answer = 500;
    expect(await runDueDeliveries(later(t0, 35_000))).toEqual({ delivered: 0, failed: 1 }); // third failure: skipped
    receiver.answer = 200;
    expect(await runDueDeliveries(later(t0, 35_000))).toEqual({ delivered: 1, failed: 0 });
    expect(eventIds().filter((id) => id === first || id === second)).toEqual([first, first, first, second]);
    expect(await runDueDeliveries(later(t0, 40_000))).toEqual({ delivered: 0, failed: 0 });
  });

  it("takes one range at a time (409 while one is under way), and an Idempotency-Key replays the answer", async () => {
    const hook = await endpoint();
    const since = await freshSince();
    await indication();
    await runDueDeliveries(new Date());
    const headers = { "idempotency-key": `range-${randomUUID()}` };
    const first = await ask(hook.id, { since }, writer, headers);
    expect(first.status, first.text).toBe(202);
    const replayed = await ask(hook.id, { since }, writer, headers);
    expect(replayed.status).toBe(202);
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(replayed.body).toEqual(first.body);
    const busy = await ask(hook.id, { since });
    expectError(busy, "redelivery_pending", null);
    expect(busy.text).toMatch(/1 event left/);
    await runDueDeliveries(new Date());
    expect((await ask(hook.id, { since })).status).toBe(202);
  });

  it("refuses a malformed range with a 400 naming the field, and another team's endpoint with a 404", async () => {
    const hook = await endpoint();
    const now = Date.now();
    const iso = (ms: number) => new Date(ms).toISOString();
    const refused = async (body: unknown, param: string, words: RegExp) => {
      const result = await ask(hook.id, body);
      expectError(result, "invalid_parameter", param);
      expect(result.text).toMatch(words);
    };
    await refused({}, "since", /since is required: an RFC 3339 timestamp/);
    await refused({ since: "yesterday" }, "since", /must be an RFC 3339 timestamp with an offset.*yesterday/);
    await refused({ since: "2026-11-01T10:00:00" }, "since", /with an offset/);
    await refused({ since: "2026-02-30T10:00:00Z" }, "since", /RFC 3339/);
    await refused({ since: 1_700_000_000 }, "since", /not the number 1700000000/);
    await refused({ since: iso(now - 60_000), until: iso(now + 3_600_000) }, "until", /must not be in the future/);
    await refused({ since: iso(now - 60_000), until: iso(now - 120_000) }, "since", /must be before until/);
    await refused({ since: iso(now + 60_000) }, "since", /must be in the past/);
    await refused({ since: iso(now - 8 * 24 * 3_600_000) }, "since", /at most 7 days before until/);
    await refused({ since: iso(now - 60_000), limit: 5 }, "limit", /not a field of this body/);
    expect((await ask(hook.id, [])).status).toBe(400);
    expectError(await ask(hook.id, { since: iso(now - 60_000) }, stranger), "not_found");
    expectError(await ask(hook.id, { since: iso(now - 60_000) }, reader), "forbidden");
    expect((await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } })).replayThroughSeq).toBeNull();
  });
});
