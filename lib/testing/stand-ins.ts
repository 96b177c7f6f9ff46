import { fixtureUuid } from "./fixtures/ids";

/**
 * What a run of the OpenAPI examples (lib/openapi/examples.test.ts) makes up anew each time, in the
 * text of its answers: the ids and permalinks of the rows it creates, the event and notification
 * cursors, the stream's ids made of both. Each is replaced by a stand-in of the same form, the same
 * value for the same original, so that the recorded answers are the same on every run.
 */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const PERMALINK = /\b(IND|TRD)-[A-Z0-9]{11}\b/g;
const CURSOR = /\bev1\.\d+\b/g;
const STREAM_ID = /\bst1\.\d+\.\d+\b/g;
const NOTIFICATION_CURSOR = /\bnt1\.\d+\b/g;

/** What this run made up, each mapped to a stand-in of its form, numbered in the order first seen. */
function standIns(make: (n: number) => string): (value: string) => string {
  const seen = new Map<string, string>();
  return (value) => {
    if (!seen.has(value)) seen.set(value, make(seen.size + 1));
    return seen.get(value)!;
  };
}

/**
 * A text with what the run made up replaced by stand-ins, numbered across every text this one
 * function is given; the ids in `stable` (the fixture's own rows, fixed ids) stay as they are.
 */
export function standInsFor(stable: ReadonlySet<string>): (text: string) => string {
  const newId = standIns((n) => fixtureUuid(`examples:new:${n}`));
  const newPermalink = standIns((n) => `EXAMPLE${String(n).padStart(4, "0")}`);
  const newCursor = standIns((n) => `ev1.${n}`);
  const newNotificationCursor = standIns((n) => `nt1.${n}`);
  return (text) =>
    text
      .replace(UUID, (id) => (stable.has(id) ? id : newId(id)))
      .replace(PERMALINK, (link, prefix: string) => `${prefix}-${newPermalink(link)}`)
      .replace(CURSOR, newCursor)
      // A stream id is an event cursor's number and a notification cursor's, each standing in as theirs.
      .replace(STREAM_ID, (id) => `st1.${newCursor(`ev1.${id.split(".")[1]}`).slice(4)}.${newNotificationCursor(`nt1.${id.split(".")[2]}`).slice(4)}`)
      .replace(NOTIFICATION_CURSOR, newNotificationCursor);
}
