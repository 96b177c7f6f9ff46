import { randomUUID } from "node:crypto";
import { Webhook as Verifier } from "standardwebhooks";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db/client";
import { logger } from "@/lib/log/logger";
import { NEW_TRADE } from "@/lib/testing/fixtures/bodies";
import { callRoute, expectError } from "@/lib/testing/http";
import { EVENTS_PER_READ, runDueDeliveries } from "@/lib/webhooks/worker";
import { GET as events } from "./my/events/route";
import { GET as listNotifications } from "./my/notifications/route";
import { POST as createTrade } from "./my/trades/route";
import { POST as redeliver } from "./my/webhooks/[id]/deliveries/[delivery_id]/redeliver/route";
import { POST as rotate } from "./my/webhooks/[id]/rotate_secret/route";
import { DELETE as remove, GET as getOne, PATCH as patch } from "./my/webhooks/[id]/route";
import { at, endpoint, eventIds, indication, later, logOf, reader, receiver, stranger, TEAM, withWebhookTests, writer, type Shown } from "./_testing/webhooks";

/**
 * The worker delivering the team's audit events to the receiver (docs/api/live.md, "Webhooks"), with
 * the worker's clock given by each test.
 */

withWebhookTests();

describe("delivery", () => {
  it("sends the team's matching events, signed by the Standard Webhooks spec, as GET /my/events shows them", async () => {
    const hook = await endpoint({ events: ["indication.created"] });
    const other = await endpoint({ events: ["*"] }, stranger);
    const indicationId = await indication();
    await callRoute(createTrade, "/api/v1/my/trades", { key: writer, body: NEW_TRADE }); // not a type it asked for
    await indication(stranger); // another team's: only the stranger's endpoint hears of it
    expect(await runDueDeliveries(new Date())).toEqual({ delivered: 2, failed: 0 });
    const [mine, theirs] = [receiver.received.filter((r) => r.body.includes(indicationId)), receiver.received.filter((r) => !r.body.includes(indicationId))];
    expect(mine).toHaveLength(1);
    expect(theirs).toHaveLength(1);
    const payload = new Verifier(hook.secret!).verify(mine[0].body, mine[0].headers) as { type: string; timestamp: string; data: { id: string } };
    expect(() => new Verifier(other.secret!).verify(mine[0].body, mine[0].headers)).toThrow();
    const feed = (await callRoute(events, "/api/v1/my/events", { key: writer })).body as { events: { id: string; action: string }[] };
    const created = feed.events.find((e) => e.action === "indication.created")!;
    expect(payload).toEqual({ type: "indication.created", timestamp: (created as unknown as { occurred_at: string }).occurred_at, data: created });
    expect(mine[0].headers["webhook-id"]).toBe(created.id);
    const log = await logOf(hook.id);
    expect(log).toMatchObject([{ event_id: created.id, attempt: 1, succeeded: true, status_code: 200, response_snippet: "ok", trigger: "automatic" }]);
    // Done is done: the next pass sends nothing.
    expect(await runDueDeliveries(new Date())).toEqual({ delivered: 0, failed: 0 });
  });

  it("retries a 500 with back-off, holding later events back, and delivers in order", async () => {
    const hook = await endpoint();
    const [first, second] = [await indication(), await indication()];
    const t0 = new Date();
    receiver.answer = 500;
    expect(await runDueDeliveries(t0)).toEqual({ delivered: 0, failed: 1 });
    expect(await runDueDeliveries(later(t0, 4_000))).toEqual({ delivered: 0, failed: 0 }); // waits 5 s
    expect(await runDueDeliveries(later(t0, 5_000))).toEqual({ delivered: 0, failed: 1 });
    expect(await runDueDeliveries(later(t0, 30_000))).toEqual({ delivered: 0, failed: 0 }); // then 30 s
    receiver.answer = 200;
    expect(await runDueDeliveries(later(t0, 35_000))).toEqual({ delivered: 2, failed: 0 });
    const ids = eventIds();
    expect(new Set(ids).size).toBe(2);
    expect(receiver.received.map((r) => (r.body.includes(first) ? "first" : r.body.includes(second) ? "second" : "?"))).toEqual(["first", "first", "first", "second"]);
    const log = (await logOf(hook.id)).reverse();
    expect(log.map((d) => [d.attempt, d.status_code, d.succeeded])).toEqual([[1, 500, false], [2, 500, false], [3, 200, true], [1, 200, true]]);
    expect(log[0]).toMatchObject({ error: "answered 500", response_snippet: "boom and more" });
  });

  it("delivers more events than one read holds in one pass, in order, each once; a failure among them holds back the rest", async () => {
    const hook = await endpoint();
    const start = (await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } })).deliveredSeq;
    for (let i = 0; i < EVENTS_PER_READ + 30; i++) await indication();
    const events = await getDb().auditEvent.findMany({ where: { teamId: TEAM.id, seq: { gt: start } }, orderBy: { seq: "asc" }, select: { id: true, seq: true } });
    const recorded = events.map((e) => e.id);
    expect(recorded).toHaveLength(EVENTS_PER_READ + 30);
    receiver.failing = EVENTS_PER_READ + 10;
    const t0 = new Date();
    expect(await runDueDeliveries(t0)).toEqual({ delivered: EVENTS_PER_READ + 9, failed: 1 });
    expect(await runDueDeliveries(later(t0, 5_000))).toEqual({ delivered: 21, failed: 0 });
    // The failed one again, then the rest: every event once in order, bar the retry.
    const retried = recorded[EVENTS_PER_READ + 9];
    expect(eventIds()).toEqual([...recorded.slice(0, EVENTS_PER_READ + 10), retried, ...recorded.slice(EVENTS_PER_READ + 10)]);
    const log = await logOf(hook.id);
    expect(log[0]).toMatchObject({ event_id: recorded.at(-1), succeeded: true });
    expect((await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: hook.id } })).deliveredSeq).toBe(events.at(-1)!.seq);
  });

  it("counts a receiver that does not answer in time as a failure, and tries again", async () => {
    const hook = await endpoint();
    await indication();
    receiver.answer = "hang";
    const t0 = new Date();
    expect(await runDueDeliveries(t0, { timeoutMs: 200 })).toEqual({ delivered: 0, failed: 1 });
    const [timedOut] = await logOf(hook.id);
    expect(timedOut).toMatchObject({ succeeded: false, status_code: null });
    expect(timedOut.error).toMatch(/timed out after 200 ms/);
    receiver.answer = 200;
    expect(await runDueDeliveries(later(t0, 5_000))).toEqual({ delivered: 1, failed: 0 });
    expect(new Set(eventIds()).size).toBe(1);
  });

  it("gives an event up after 24 hours of failures, and disables an endpoint failing for 5 days", async () => {
    const hook = await endpoint();
    await indication();
    await indication();
    receiver.answer = 503;
    const t0 = new Date();
    await runDueDeliveries(t0);
    await runDueDeliveries(later(t0, 24 * 3_600_000)); // the first event's last try: given up
    const [first] = eventIds();
    expect((await logOf(hook.id)).map((d) => [d.event_id, d.attempt])).toEqual([[first, 2], [first, 1]]);
    // The second event is next, from its first attempt; five days after the first failure the endpoint is disabled.
    await runDueDeliveries(later(t0, 24 * 3_600_000 + 1));
    expect(receiver.received.at(-1)!.headers["webhook-id"]).not.toBe(first);
    expect((await logOf(hook.id))[0].attempt).toBe(1);
    await runDueDeliveries(later(t0, 5 * 24 * 3_600_000));
    const shown = (await callRoute(getOne, at(hook.id), { key: writer, params: { id: hook.id } })).body as Shown & { disabled_reason: string };
    expect(shown.disabled_at).not.toBeNull();
    expect(shown.disabled_reason).toMatch(/5 days/);
    // Its owners are told, once each, in their words; a member who may not manage it is not.
    const told = async (key: string) => {
      const list = (await callRoute(listNotifications, "/api/v1/my/notifications", { key })).body as { notifications: (Notification & { resource: { id: string } | null })[] };
      return list.notifications.filter((n) => n.resource?.id === hook.id);
    };
    expect(await told(writer)).toEqual([
      expect.objectContaining({ kind: "webhook_disabled", company: null, resource: { type: "webhook", id: hook.id, permalink_id: null }, title: `Your team's webhook endpoint ${receiver.base}/hook was disabled. Every delivery failed for 5 days.`, reason: "Every delivery failed for 5 days." }),
    ]);
    expect(await told(reader)).toEqual([]);
    const sent = receiver.received.length;
    expect(await runDueDeliveries(later(t0, 6 * 24 * 3_600_000))).toEqual({ delivered: 0, failed: 0 });
    // Re-enabled, it goes on from where it stood.
    receiver.answer = 200;
    await indication();
    const enabled = await callRoute(patch, at(hook.id), { key: writer, method: "PATCH", params: { id: hook.id }, body: { disabled: false } });
    expect((enabled.body as Shown).disabled_at).toBeNull();
    expect(await runDueDeliveries(later(t0, 6 * 24 * 3_600_000))).toEqual({ delivered: 1, failed: 0 });
    expect(receiver.received.length).toBe(sent + 1);
    expect(new Set(eventIds()).size).toBe(3);
  });

  it("signs with the old and the new secret for 24 hours after a rotation, then with the new one only", async () => {
    const hook = await endpoint();
    const rotated = await callRoute(rotate, at(hook.id, "/rotate_secret"), { key: writer, method: "POST", params: { id: hook.id } });
    expect(rotated.status).toBe(200);
    const fresh = rotated.body as Shown;
    expect(fresh.secret).toMatch(/^whsec_/);
    expect(fresh.secret).not.toBe(hook.secret);
    expect(fresh.previous_secret_expires_at).not.toBeNull();
    await indication();
    await runDueDeliveries(new Date());
    const [delivery] = receiver.received;
    expect(delivery.headers["webhook-signature"].split(" ")).toHaveLength(2);
    for (const secret of [hook.secret!, fresh.secret!]) expect(() => new Verifier(secret).verify(delivery.body, delivery.headers)).not.toThrow();
    // A day later the old secret no longer signs.
    await indication();
    await runDueDeliveries(later(new Date(), 24 * 3_600_000 + 1_000));
    const next = receiver.received[1];
    expect(next.headers["webhook-signature"].split(" ")).toHaveLength(1);
  });

  it("follows no redirect (a 3xx is a failure) and keeps 1 KB of a long answer", async () => {
    const hook = await endpoint();
    await indication();
    receiver.answer = 302;
    const t0 = new Date();
    expect(await runDueDeliveries(t0)).toEqual({ delivered: 0, failed: 1 });
    expect(receiver.received.map((r) => r.headers["webhook-id"])).toHaveLength(1); // not sent on to /elsewhere
    receiver.answer = 413;
    expect(await runDueDeliveries(later(t0, 5_000))).toEqual({ delivered: 0, failed: 1 });
    const [long, redirected] = await logOf(hook.id);
    expect(redirected).toMatchObject({ status_code: 302, error: "answered 302", succeeded: false });
    expect(long.response_snippet).toBe("x".repeat(1024));
  });

  it("lets one worker at a time deliver an endpoint: two passes at once send each event once", async () => {
    await endpoint();
    await indication();
    await indication();
    const now = new Date();
    const results = await Promise.all([runDueDeliveries(now, { owner: "one" }), runDueDeliveries(now, { owner: "two" })]);
    expect(results.reduce((sum, r) => sum + r.delivered, 0)).toBe(2);
    expect(new Set(eventIds()).size).toBe(2);
    expect(receiver.received).toHaveLength(2);
  });

  it("after the installation's secret changed, a rotation makes the endpoint sign again (the unreadable secret is dropped)", async () => {
    const hook = await endpoint();
    await getDb().webhookEndpoint.update({ where: { id: hook.id }, data: { secretSealed: "sealed-under-another-installation-secret-xxxxxxxxxxxxxxxx" } });
    await indication();
    expect(await runDueDeliveries(new Date())).toEqual({ delivered: 0, failed: 0 }); // cannot sign: nothing sent, the error logged
    expect(receiver.received).toEqual([]);
    const rotated = (await callRoute(rotate, at(hook.id, "/rotate_secret"), { key: writer, method: "POST", params: { id: hook.id } })).body as Shown;
    expect(rotated.previous_secret_expires_at).toBeNull();
    expect(await runDueDeliveries(new Date())).toEqual({ delivered: 1, failed: 0 });
    expect(() => new Verifier(rotated.secret!).verify(receiver.received[0].body, receiver.received[0].headers)).not.toThrow();
  });

  it("refuses to send to a host that resolves to a loopback address unless the host itself is allowed", async () => {
    // 127.0.0.1 is allowed; localhost is not, though it resolves there.
    const hook = await endpoint({ url: `https://localhost:${new URL(receiver.base).port}/hook` });
    await indication();
    expect(await runDueDeliveries(new Date())).toEqual({ delivered: 0, failed: 1 });
    expect(receiver.received).toEqual([]);
    const [refused] = await logOf(hook.id);
    expect(refused.error).toMatch(/^refused: localhost resolves to (127\.0\.0\.1|::1)/);
  });

  it("moves the cursor only after a 2xx is recorded: a run abandoned mid-delivery is delivered again by the next, with the same webhook-id", async () => {
    const hook = await endpoint();
    await indication();
    await indication();
    receiver.answer = "hang";
    const t0 = new Date();
    // A process that sends, then dies before the answer: its run never finishes.
    const abandoned = runDueDeliveries(t0, { owner: "dead process", timeoutMs: 60_000 });
    await expect.poll(() => receiver.received.length).toBe(1);
    // Another process, once the dead one's lease has run out, delivers everything.
    receiver.answer = 200;
    expect(await runDueDeliveries(later(t0, 3 * 60_000), { owner: "next process" })).toEqual({ delivered: 2, failed: 0 });
    expect(receiver.received[1].headers["webhook-id"]).toBe(receiver.received[0].headers["webhook-id"]);
    // The dead run's late failure is logged, but moves nothing: it no longer holds the endpoint.
    for (const socket of receiver.hung) socket.destroy();
    await abandoned;
    expect(await runDueDeliveries(later(t0, 4 * 60_000))).toEqual({ delivered: 0, failed: 0 });
    expect(receiver.received).toHaveLength(3);
    expect((await logOf(hook.id)).filter((d) => d.succeeded)).toHaveLength(2);
  });

  it("drops the attempts of an endpoint deleted while its delivery was in flight, quietly", async () => {
    const hook = await endpoint();
    await indication();
    receiver.answer = "hang";
    const errors = vi.spyOn(logger, "error");
    const run = runDueDeliveries(new Date(), { timeoutMs: 60_000 });
    await expect.poll(() => receiver.received.length).toBe(1);
    const deleted = await callRoute(remove, at(hook.id), { key: writer, method: "DELETE", params: { id: hook.id } });
    expect(deleted.status, deleted.text).toBe(200);
    for (const socket of receiver.hung) socket.destroy();
    await run;
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    expect(await getDb().webhookDelivery.count({ where: { endpointId: hook.id } })).toBe(0);
  });

  it("redelivers one logged event now, with the same webhook-id, leaving the cursor alone", async () => {
    const hook = await endpoint();
    await indication();
    await runDueDeliveries(new Date());
    const [done] = await logOf(hook.id);
    const params = { id: hook.id, delivery_id: done.id };
    const again = await callRoute(redeliver, at(hook.id, `/deliveries/${done.id}/redeliver`), { key: writer, method: "POST", params });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ event_id: done.event_id, attempt: 2, trigger: "manual", succeeded: true });
    expect(eventIds()).toEqual([done.event_id, done.event_id]);
    expect(await runDueDeliveries(new Date())).toEqual({ delivered: 0, failed: 0 });
    expectError(await callRoute(redeliver, at(hook.id, `/deliveries/${done.id}/redeliver`), { key: stranger, method: "POST", params }), "not_found");
    const missing = randomUUID();
    expectError(await callRoute(redeliver, at(hook.id, `/deliveries/${missing}/redeliver`), { key: writer, method: "POST", params: { id: hook.id, delivery_id: missing } }), "not_found");
  });
});
