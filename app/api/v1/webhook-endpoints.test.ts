import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { callRoute, expectError } from "@/lib/testing/http";
import { GET as deliveries } from "./my/webhooks/[id]/deliveries/route";
import { POST as rotate } from "./my/webhooks/[id]/rotate_secret/route";
import { DELETE as remove, GET as getOne, PATCH as patch } from "./my/webhooks/[id]/route";
import { GET as list, POST as create } from "./my/webhooks/route";
import { at, endpoint, hooks, reader, receiver, stranger, withWebhookTests, writer, type Shown } from "./_testing/webhooks";

/** Webhook endpoints through the API (docs/api/live.md, "Webhooks"): the secret shown once, what is refused, who may. */

withWebhookTests();

describe("endpoints", () => {
  it("shows the secret once: in the create's answer, never in a read, a list or a change", async () => {
    const result = await callRoute(create, hooks, { key: writer, body: { url: "https://hooks.example.com/desk", events: ["indication.*", "trade.verified"], description: "CRM sync" } });
    expect(result.status).toBe(201);
    const shown = result.body as Shown;
    expect(result.headers.get("location")).toBe(at(shown.id));
    expect(shown.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(shown.secret!.slice(6), "base64").length).toBeGreaterThanOrEqual(24);
    for (const read of [
      await callRoute(getOne, at(shown.id), { key: writer, params: { id: shown.id } }),
      await callRoute(list, hooks, { key: writer }),
      await callRoute(patch, at(shown.id), { key: writer, method: "PATCH", params: { id: shown.id }, body: { description: null } }),
    ]) {
      expect(read.status, read.text).toBe(200);
      expect(read.text).not.toContain("whsec_");
      expect(read.text).toContain(shown.id);
    }
    // Stored sealed: the database does not hold it in the clear.
    const row = await getDb().webhookEndpoint.findUniqueOrThrow({ where: { id: shown.id } });
    expect(JSON.stringify(row)).not.toContain(shown.secret!.slice(6));
  });

  it("takes an Idempotency-Key: a retried create replays its answer, secret included, and makes no second endpoint", async () => {
    const sent = { key: writer, body: { url: "https://hooks.example.com/once", events: ["trade.*"] }, headers: { "idempotency-key": `hook-${randomUUID()}` } };
    const [first, again] = [await callRoute(create, hooks, sent), await callRoute(create, hooks, sent)];
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect((await callRoute(list, hooks, { key: writer })).body).toMatchObject({ webhooks: [{ id: (first.body as Shown).id }] });
  });

  it("refuses unknown event types, naming them, and URLs it will not send to", async () => {
    const refused = async (body: object, param: string, words?: RegExp) => {
      const result = await callRoute(create, hooks, { key: writer, body: { url: "https://hooks.example.com/x", events: ["*"], ...body } });
      expectError(result, "invalid_parameter", param);
      if (words) expect(result.text).toMatch(words);
    };
    await refused({ events: ["indication.deleted"] }, "events[0]", /indication\.deleted/);
    await refused({ events: [] }, "events");
    await refused({ url: "http://hooks.example.com/x" }, "url", /https/);
    await refused({ url: "https://user:pw@hooks.example.com/x" }, "url", /password/);
    await refused({ url: "https://10.1.2.3/x" }, "url", /private/);
    await refused({ url: "https://[::ffff:127.0.0.1]/x" }, "url", /private/);
    await refused({ url: "https://169.254.169.254/latest" }, "url", /private/);
    await refused({ url: "ftp://hooks.example.com/x" }, "url");
    await refused({ url: "hooks.example.com" }, "url");
    await refused({ url: `https://hooks.example.com/${"x".repeat(2000)}` }, "url");
    // The allow-list lets its host use http and a private address; only as written.
    await endpoint({ url: `${receiver.base}/allowed` });
    await refused({ url: "http://localhost/x" }, "url", /https/);
  });

  it("needs indications_manage, and never shows or touches another team's endpoint", async () => {
    expectError(await callRoute(list, hooks, { key: reader }), "forbidden");
    const mine = await endpoint();
    const params = { id: mine.id };
    expectError(await callRoute(getOne, at(mine.id), { key: stranger, params }), "not_found");
    expectError(await callRoute(patch, at(mine.id), { key: stranger, method: "PATCH", params, body: { events: ["*"] } }), "not_found");
    expectError(await callRoute(remove, at(mine.id), { key: stranger, method: "DELETE", params }), "not_found");
    expectError(await callRoute(rotate, at(mine.id, "/rotate_secret"), { key: stranger, method: "POST", params }), "not_found");
    expectError(await callRoute(deliveries, at(mine.id, "/deliveries"), { key: stranger, params }), "not_found");
    expectError(await callRoute(getOne, at("not-a-uuid"), { key: writer, params: { id: "not-a-uuid" } }), "not_found");
    expect((await callRoute(list, hooks, { key: stranger })).body).toEqual({ webhooks: [] });
    const deleted = await callRoute(remove, at(mine.id), { key: writer, method: "DELETE", params });
    expect(deleted.status).toBe(200);
    expectError(await callRoute(getOne, at(mine.id), { key: writer, params }), "not_found");
  });
});
