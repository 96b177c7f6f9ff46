import "server-only";
import { resolveCaller, type Caller } from "../auth/caller";
import { eventsAfter, latestSeq, refuseAhead, streamPosition } from "../audit/events";
import { latestNotificationSeq, notificationsAfter } from "../notifications/queries";
import { sharedRead } from "../cache/shared-read";
import { envInteger } from "../env-number";
import { logger } from "../log/logger";
import { ApiError } from "../schema/errors";
import { seqOf } from "../schema/feed-params";
import { cursorMessage } from "../schema/param-reader";
import { listQuery } from "../schema/params";
import { changesHeard, listen } from "./bus";
import { FOLLOWER_KIND_OF_ACTION, KIND_OF_ACTION } from "../notifications/schema";
import { heardBy, type Change, type StreamEvent } from "./change";

/**
 * GET /my/stream (docs/api/live.md, "GET /my/stream"): Server-Sent Events of the caller's team's audit
 * events and the caller's notifications, each with the stream's position after it as `id`, so
 * `Last-Event-ID` resumes after a drop with nothing skipped or repeated; plus hints without an id (`market`, `queue`) for the pages that
 * redraw when a company's market or the verification queue changes. The events come from the audit
 * trail, never from the wake-up: a wake-up (lib/live/bus.ts) only says when to read it again.
 */

export const streamParamsSchema = listQuery({ cursor: streamPosition.cursor });

export const STREAM_HEADERS = {
  "content-type": "text/event-stream; charset=utf-8",
  // no-transform: no compression or proxy may hold events back to fill a buffer.
  "cache-control": "no-cache, no-transform",
  "x-accel-buffering": "no",
};

/** How often a stream checks its caller is still signed in (or its key unrevoked) and writes a heartbeat. */
const HEARTBEAT_MS = envInteger(process.env.STREAM_HEARTBEAT_MS, 50, 60_000, 15_000);
/** Streams one user may hold open at once on one instance (tabs, programs); the bench opens hundreds. */
const MAX_STREAMS_PER_USER = envInteger(process.env.STREAM_MAX_PER_USER, 1, 10_000, 10);
// A client that reads slower than events come is dropped past this backlog; it resumes by Last-Event-ID.
const MAX_BACKLOG_BYTES = 1 << 20;
const READ_BATCH = 100;

const openPerUser = new Map<string, number>();
const closers = new Set<(reason: string) => void>();
let closingOnSigterm = false;

// Streams at one position share one read (a team's streams are, once caught up), keyed by what is
// read and by the changes heard so far: a stream never joins a read begun before the change that
// woke it. Measured in docs/performance-live.md, "Live streams".
function streamRead<T>(what: string, read: () => Promise<T>): Promise<T> {
  return sharedRead(`stream\u0000${what} @${changesHeard()}`, read);
}

/**
 * A restart closes every stream at once, so the drain need not wait for them (server/drain.mjs);
 * each client reconnects to another instance from its Last-Event-ID. Registered with the first
 * stream, so a CLI that only imports this module keeps SIGTERM's default.
 */
function closeOnSigterm(): void {
  if (closingOnSigterm) return;
  closingOnSigterm = true;
  process.once("SIGTERM", () => {
    for (const close of [...closers]) close("restarting");
  });
}

/** Where a stream stands: after the team's event `events` and the user's notification `notifications`. */
interface Position {
  events: number;
  notifications: number;
}

// A stream's id: both positions. A feed cursor (`ev1.<n>`) is taken too, notifications then from now.
const STREAM_ID = /^st1\.(\d{1,10})\.(\d{1,10})$/;
/** What `Last-Event-ID` may hold, as the document says it: a stream's id or a feed cursor. */
export const LAST_EVENT_ID_PATTERN = `^(${STREAM_ID.source.slice(1, -1)}|${streamPosition.pattern.source.slice(1, -1)})$`;
const idOf = (at: Position) => `st1.${at.events}.${at.notifications}`;

/**
 * Where a stream starts: the `Last-Event-ID` a reconnect sends, else the feed's `cursor`, else now.
 * An events position past every event is a 400, as on the feed (`refuseAhead`); a notifications
 * position past every notification is taken as now (notifications expire, so the newest of them
 * may be gone), so nothing is skipped either way.
 */
async function startOf(request: Request, caller: Caller, cursor: number | undefined): Promise<Position> {
  const lastEventId = request.headers.get("last-event-id")?.trim();
  const sent = lastEventId === undefined ? undefined : STREAM_ID.exec(lastEventId);
  const newestNotification = () => streamRead(`latest notification ${caller.userId}`, () => latestNotificationSeq(caller.userId));
  if (sent) {
    const [events, notifications] = [seqOf(sent[1]), seqOf(sent[2])];
    // Past MAX_SEQ names no event: a 400, as a malformed id is, not a stream that never delivers.
    if (events === undefined || notifications === undefined) throw ApiError.invalid("Last-Event-ID", cursorMessage("Last-Event-ID", lastEventId!));
    await refuseAhead("Last-Event-ID", events, lastEventId);
    return { events, notifications: Math.min(notifications, await streamRead("latest notification", () => latestNotificationSeq())) };
  }
  if (lastEventId !== undefined || cursor !== undefined) {
    const events = lastEventId !== undefined ? streamPosition.position("Last-Event-ID", lastEventId) : cursor!;
    await refuseAhead(lastEventId !== undefined ? "Last-Event-ID" : "cursor", events, lastEventId);
    return { events, notifications: await newestNotification() };
  }
  return { events: await streamRead(`latest event ${caller.teamId}`, () => latestSeq(caller.teamId)), notifications: await newestNotification() };
}

const frame = (event: StreamEvent, data: unknown, id?: string) => `${id === undefined ? "" : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export async function openStream(request: Request, first: Caller, cursor: number | undefined): Promise<ReadableStream<Uint8Array>> {
  const position = await startOf(request, first, cursor);
  const open = openPerUser.get(first.userId) ?? 0;
  if (open >= MAX_STREAMS_PER_USER) {
    throw ApiError.rateLimited(`You have ${MAX_STREAMS_PER_USER} live streams open, the most one user may: close one (a browser tab, a program) first.`, { "retry-after": "5" });
  }
  openPerUser.set(first.userId, open + 1);

  let caller = first;
  let closed = false;
  let reading: Promise<void> | null = null;
  let readAgain = false;
  let notificationsDue = false;
  let cleanup = () => {};
  // The client went away (an abort, a cancel): nobody is left to send the end to.
  const drop = () => {
    closed = true;
    cleanup();
  };
  const encoder = new TextEncoder();

  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const send = (text: string) => {
          if (closed) return;
          controller.enqueue(encoder.encode(text));
          if ((controller.desiredSize ?? 0) < -MAX_BACKLOG_BYTES) end("too_slow");
        };

        // One read at a time; a wake-up during a read reads once more after it. The notifications
        // are read when a change may have made one for this user, and at every heartbeat.
        const catchUp = (notifications: boolean): Promise<void> => {
          notificationsDue ||= notifications;
          if (reading) {
            readAgain = true;
            return reading;
          }
          reading = (async () => {
            do {
              readAgain = false;
              for (let more = true; more && !closed; ) {
                const batch = await streamRead(`events ${caller.teamId} ${position.events}`, () => eventsAfter(caller.teamId, position.events, READ_BATCH));
                for (const { seq, event } of batch.events) {
                  position.events = seq;
                  send(frame(event.action, event, idOf(position)));
                }
                more = batch.more;
              }
              for (let more = notificationsDue; more && !closed; ) {
                notificationsDue = false;
                const batch = await streamRead(`notifications ${caller.userId} ${position.notifications}`, () => notificationsAfter(caller.userId, position.notifications, READ_BATCH));
                for (const { seq, notification } of batch.notifications) {
                  position.notifications = seq;
                  send(frame("notification", notification, idOf(position)));
                }
                more = batch.more;
              }
            } while (readAgain && !closed);
          })()
            .catch((error: unknown) => logger.warn({ err: error }, "a live stream could not read the audit trail; it tries again at its next heartbeat"))
            .finally(() => (reading = null));
          return reading;
        };

        const hear = (change: Change) => {
          const heard = heardBy(change, caller);
          const notifies = (heard.team && KIND_OF_ACTION[change.action] !== undefined) || (heard.market && FOLLOWER_KIND_OF_ACTION[change.action] !== undefined);
          if (heard.team || notifies) void catchUp(notifies);
          if (heard.market) send(frame("market", { company_id: change.companyId }));
          if (heard.queue) send(frame("queue", { trade_id: change.resourceId, action: change.action }));
        };

        // Still the same user of the same team, signed in or holding an unrevoked key?
        const beat = async () => {
          try {
            const now = await resolveCaller(request);
            if (now.userId !== caller.userId || now.teamId !== caller.teamId) return end("signed_out");
            caller = now;
          } catch (error) {
            if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return end("signed_out");
            logger.warn({ err: error }, "a live stream could not check its caller; it tries again at its next heartbeat");
            return;
          }
          send(": heartbeat\n\n");
          await catchUp(true);
        };

        const end = (reason: string) => {
          if (closed) return;
          closed = true;
          controller.enqueue(encoder.encode(frame("end", { reason })));
          cleanup();
          controller.close();
        };

        const unlisten = listen(hear);
        // Each stream beats at a phase of its own: streams opened together (a restart's reconnects)
        // would otherwise check their callers all at once at every beat (docs/performance-live.md, "Live streams").
        let timer: ReturnType<typeof setInterval> | undefined;
        const phase = setTimeout(() => {
          timer = setInterval(() => void beat(), HEARTBEAT_MS);
          void beat();
        }, Math.floor(Math.random() * HEARTBEAT_MS));
        request.signal.addEventListener("abort", drop);
        closers.add(end);
        closeOnSigterm();
        cleanup = () => {
          cleanup = () => {};
          unlisten();
          clearTimeout(phase);
          clearInterval(timer);
          request.signal.removeEventListener("abort", drop);
          closers.delete(end);
          const left = (openPerUser.get(first.userId) ?? 1) - 1;
          if (left > 0) openPerUser.set(first.userId, left);
          else openPerUser.delete(first.userId);
        };

        // The position first, so a client that drops before any event still resumes from here.
        send(`retry: 3000\n${frame("ready", {}, idOf(position))}`);
        void catchUp(true);
      },
      cancel: drop,
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
  );
}
