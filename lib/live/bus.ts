import "server-only";
import { channel } from "node:diagnostics_channel";
import { hostname } from "node:os";
import pg from "pg";
import { databaseKind, databaseUrl } from "../db/url";
import { logger } from "../log/logger";
import type { Change } from "./change";

/**
 * The process's wake-up for live streams (docs/architecture.md, "Live stream"). A write announces
 * its change once committed: every listener in this process hears it at once, and on PostgreSQL
 * every other instance hears it through NOTIFY on one channel, which each instance LISTENs to on a
 * connection of its own. A wake-up is only a hint: the events themselves are read from the audit
 * trail, and a stream reads it again on every heartbeat, so a lost NOTIFY delays, never loses.
 *
 * "This process" is a named `diagnostics_channel`, not this module's state: Next.js bundles this
 * module once per layer, so a server action's copy and the stream route's copy would each keep
 * listeners of their own and a dashboard write would wake no stream (docs/architecture.md, "Live
 * stream"). Node keeps one channel per name for the whole process.
 */

type Listener = (change: Change) => void;

const CHANNEL = "desk_changes";
// Who announced: an instance skips its own NOTIFYs, which it delivered already. The same in every
// copy of this module in the process (the process's start time, not a random draw per copy).
const INSTANCE = `${hostname()}/${process.pid}/${performance.timeOrigin}`;
const changes = channel("desk.live.changes");
// NOTIFY's payload limit is 8000 bytes; a bigger change is sent without its recipient list,
// which listeners then take as "nobody else" (their team still hears its own events).
const MAX_PAYLOAD = 7900;

const listeners = new Set<Listener>();
let heard = 0;

/** How many changes this process has heard: a read begun at count n may not have seen the change n+1. */
export function changesHeard(): number {
  return heard;
}
let notifier: Promise<pg.Client | null> | undefined;
const notifying = new Set<Promise<unknown>>();

// This copy's listeners hear every change published in the process, whichever copy published it.
// A subscriber that throws would be rethrown by Node as an uncaught exception: each is caught here.
changes.subscribe((message) => {
  heard++;
  for (const listener of listeners) {
    try {
      listener(message as Change);
    } catch (error) {
      logger.error({ err: error }, "a live listener failed");
    }
  }
});

function postgresUrl(): string | null {
  const url = databaseUrl();
  return databaseKind(url) === "postgres" ? url : null;
}

/** The LISTEN connection, opened with the first listener; reconnects after a drop. */
function connectNotifier(): Promise<pg.Client | null> {
  const url = postgresUrl();
  if (!url) return Promise.resolve(null);
  const client = new pg.Client({ connectionString: url, application_name: "desk-live" });
  client.on("notification", (message) => {
    if (!message.payload) return;
    const { from, change } = JSON.parse(message.payload) as { from: string; change: Change };
    if (from !== INSTANCE) changes.publish(change);
  });
  client.on("error", (error) => {
    logger.warn({ err: error }, "the live stream's LISTEN connection failed; reconnecting");
    notifier = undefined;
    client.end().catch(() => {});
    setTimeout(() => {
      if (listeners.size > 0) notifier ??= connectNotifier();
    }, 1_000).unref();
  });
  return client
    .connect()
    .then(() => client.query(`LISTEN ${CHANNEL}`))
    .then(() => client)
    .catch((error: unknown) => {
      logger.warn({ err: error }, "the live stream could not LISTEN; other instances' changes arrive with each heartbeat");
      notifier = undefined;
      return null;
    });
}

/** Hears every change committed from now on, in this process and (on PostgreSQL) every other. */
export function listen(listener: Listener): () => void {
  listeners.add(listener);
  notifier ??= connectNotifier();
  return () => listeners.delete(listener);
}

/** Resolves once the listening connection is up (tests wait for it before writing elsewhere). */
export async function listening(): Promise<void> {
  await notifier;
}

/** Tells every listener about a committed change. Never throws: the write it follows is done. */
export function announce(change: Change, run: (sql: string, ...values: unknown[]) => Promise<unknown>): void {
  changes.publish(change);
  if (!postgresUrl()) return;
  let payload = JSON.stringify({ from: INSTANCE, change });
  if (payload.length > MAX_PAYLOAD) payload = JSON.stringify({ from: INSTANCE, change: { ...change, market: { everyone: false, recipients: [] } } });
  const sent = run("SELECT pg_notify($1, $2)", CHANNEL, payload)
    .catch((error: unknown) => logger.warn({ err: error }, "NOTIFY of a change failed; other instances see it at their next heartbeat"))
    .finally(() => notifying.delete(sent));
  notifying.add(sent);
}

/** Resolves once every change announced so far has been sent to the other instances (a process about to exit waits for it). */
export async function announced(): Promise<void> {
  await Promise.all(notifying);
}
