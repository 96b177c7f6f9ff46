import { describe, expect, it } from "vitest";
import { latestSeq } from "@/lib/audit/events";
import { MAX_SEQ } from "@/lib/schema/feed-params";
import { SECRETS } from "@/lib/testing/fixtures/accounts";
import { callRoute, expectError } from "@/lib/testing/http";
import { GET as events } from "./my/events/route";
import { GET as notifications } from "./my/notifications/route";
import { GET as stream } from "./my/stream/route";

/**
 * A feed's position past the sequence columns' range (PostgreSQL's integer, MAX_SEQ) names no row:
 * a 400 naming where it was sent, on both databases, where PostgreSQL used to answer 500 (the
 * feeds) or open a stream that never delivered (Last-Event-ID). An events position past every event
 * recorded is refused too; a stream's notifications position past every notification is taken as
 * now (lib/live/stream.ts, `startOf`). Nothing here is written.
 */

const key = SECRETS.alphaBroker;
const PAST = MAX_SEQ + 1;

describe("a feed position past the last one a feed can hold", () => {
  it.each([
    ["/api/v1/my/events", "cursor", "ev1", events],
    ["/api/v1/my/events", "after", "ev1", events],
    ["/api/v1/my/notifications", "cursor", "nt1", notifications],
    ["/api/v1/my/stream", "cursor", "ev1", stream],
  ] as const)("%s?%s=%s.2147483648: 400", async (path, name, prefix, handler) => {
    expectError(await callRoute(handler, `${path}?${name}=${prefix}.${PAST}`, { key }), "invalid_parameter", name);
    expectError(await callRoute(handler, `${path}?${name}=${prefix}.99999999999`, { key }), "invalid_parameter", name);
  });

  it("in Last-Event-ID, either of a stream id's positions or a feed cursor: 400", async () => {
    for (const id of [`st1.${PAST}.0`, `st1.0.${PAST}`, `ev1.${PAST}`]) {
      expectError(await callRoute(stream, "/api/v1/my/stream", { key, headers: { "last-event-id": id } }), "invalid_parameter", "Last-Event-ID");
    }
  });

  it("the last one a notifications feed can hold is taken: nothing after it", async () => {
    const told = await callRoute(notifications, `/api/v1/my/notifications?cursor=nt1.${MAX_SEQ}`, { key });
    expect(told.status, told.text).toBe(200);
  });
});

describe("an events position past every event recorded", () => {
  it("is a 400 on the feed and the stream, wherever it is sent: taken, it would skip the events recorded before it is reached", async () => {
    const ahead = (await latestSeq()) + 1;
    for (const name of ["cursor", "after"]) expectError(await callRoute(events, `/api/v1/my/events?${name}=ev1.${ahead}`, { key }), "invalid_parameter", name);
    expectError(await callRoute(stream, `/api/v1/my/stream?cursor=ev1.${ahead}`, { key }), "invalid_parameter", "cursor");
    for (const id of [`st1.${ahead}.0`, `ev1.${ahead}`]) {
      expectError(await callRoute(stream, "/api/v1/my/stream", { key, headers: { "last-event-id": id } }), "invalid_parameter", "Last-Event-ID");
    }
  });

  it("the newest event's own position is taken, on the feed and the stream", async () => {
    const newest = await latestSeq();
    const feed = await callRoute(events, `/api/v1/my/events?cursor=ev1.${newest}`, { key });
    expect(feed.status, feed.text).toBe(200);
    expect(feed.body).toMatchObject({ events: [], next_cursor: `ev1.${newest}`, has_more: false });
    const opened = await callRoute(stream, "/api/v1/my/stream", { key, headers: { "last-event-id": `st1.${newest}.${MAX_SEQ}` }, headersOnly: true });
    expect(opened.status).toBe(200);
  });
});
