import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { LOCK_WAIT_MS } from "@/lib/db/busy";
import { sqliteFilePath } from "@/lib/db/url";
import { SECRETS } from "@/lib/testing/fixtures/accounts";
import { NEW_BID } from "@/lib/testing/fixtures/bodies";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { withAppOnOwnDatabase } from "@/lib/testing/own-database";
import { callRoute, expectError, expectList, type CallResult } from "@/lib/testing/http";
import { GET as logo } from "@/app/logos/[companyId]/[file]/route";
import { PATCH as patchOne } from "./my/indications/[id]/route";
import { GET as openApi } from "./openapi.json/route";
import { GET as listAll, POST as create } from "./my/indications/route";

/**
 * A write that finds the database's write lock taken by another connection (another process, as
 * far as the app can tell) waits for it up to LOCK_WAIT_MS, then answers 503 `database_busy`;
 * reads go on meanwhile and the event loop stays free (lib/db/busy.ts).
 *
 * The app's process-wide client points at a fixture database of this file's own while it runs,
 * so holding its lock stalls no other test file (the same swap as errors.test.ts's fault test).
 */

const KEY = SECRETS.alphaBroker;
const BODY = NEW_BID;

const own = withAppOnOwnDatabase();

/**
 * Another connection holding what a write needs: SQLite's write lock (BEGIN IMMEDIATE, readers
 * still welcome in WAL mode); on PostgreSQL a lock on `indications` that lets readers through and
 * stops every writer (EXCLUSIVE).
 */
async function holdWriteLock(): Promise<{ release(): Promise<void> }> {
  if (own.database.kind === "sqlite") {
    const other = new Database(sqliteFilePath(own.database.url));
    other.exec("BEGIN IMMEDIATE");
    return {
      async release() {
        other.exec("ROLLBACK");
        other.close();
      },
    };
  }
  const other = new pg.Client({ connectionString: own.database.url });
  await other.connect();
  await other.query("BEGIN");
  await other.query("LOCK TABLE indications IN EXCLUSIVE MODE");
  return {
    async release() {
      await other.query("ROLLBACK");
      await other.end();
    },
  };
}

/** The longest gap between the ticks of a 10 ms timer while it runs: how long the event loop stalled. */
function watchEventLoop(): () => number {
  let last = Date.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = Date.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 10);
  return () => {
    clearInterval(timer);
    return Math.max(longest, Date.now() - last);
  };
}

async function timed(call: Promise<CallResult>): Promise<CallResult & { ms: number }> {
  const started = Date.now();
  const result = await call;
  return { ...result, ms: Date.now() - started };
}

const list = () => callRoute(listAll, "/api/v1/my/indications?per_page=1", { key: KEY });
const totalCount = async () => expectList(await list(), "indications").total_count;

describe("a write that cannot get the lock", () => {
  it(`waits ${LOCK_WAIT_MS / 1000} s, then answers 503 database_busy with Retry-After; reads answer meanwhile and the event loop stays free`, async () => {
    const mine = (await callRoute(create, "/api/v1/my/indications", { key: KEY, body: BODY })).body as { id: string };
    const before = await totalCount();
    const lock = await holdWriteLock();
    const stalled = watchEventLoop();
    try {
      const creating = timed(callRoute(create, "/api/v1/my/indications", { key: KEY, body: BODY }));
      const patching = timed(callRoute(patchOne, `/api/v1/my/indications/${mine.id}`, { key: KEY, method: "PATCH", body: { details: "busy" } }));
      await new Promise((resolve) => setTimeout(resolve, 200));
      // Reads while both writes wait: the list (its count included) and the key's bookkeeping
      // (its first use is stamped, without waiting) answer at once.
      const read = await timed(list());
      expect(read.status, read.text).toBe(200);
      expect(read.ms).toBeLessThan(1_000);
      expect((read.body as { total_count: number }).total_count).toBe(before);

      for (const write of [await creating, await patching]) {
        expectError(write, "database_busy", null);
        expect(write.headers.get("retry-after")).toBe("1");
        expect(write.ms).toBeGreaterThanOrEqual(LOCK_WAIT_MS - 50);
        expect(write.ms).toBeLessThan(LOCK_WAIT_MS + 2_500);
      }
      // SQLite's own busy wait would have stalled the loop for the whole 5 s.
      expect(stalled()).toBeLessThan(250);
      // While the lock is still held: a logo reads the database too; the OpenAPI document does not
      // touch it (read after the loop check: building the document is CPU work of its own).
      const company = COMPANIES[0].id;
      for (const other of [
        await timed(callRoute(logo, `/logos/${company}/24x24.svg`, { params: { companyId: company, file: "24x24.svg" } })),
        await timed(callRoute(openApi, "/api/v1/openapi.json")),
      ]) {
        expect(other.status, other.text.slice(0, 200)).toBe(200);
        expect(other.ms).toBeLessThan(1_000);
      }
    } finally {
      stalled();
      await lock.release();
    }
    // Nothing was written by the refused writes; the same write goes through once the lock is free.
    expect(await totalCount()).toBe(before);
    expect((await callRoute(create, "/api/v1/my/indications", { key: KEY, body: BODY })).status).toBe(201);
    expect(await totalCount()).toBe(before + 1);
  });

  it("goes through when the lock is freed within the wait", async () => {
    const before = await totalCount();
    const lock = await holdWriteLock();
    const creating = timed(callRoute(create, "/api/v1/my/indications", { key: KEY, body: BODY }));
    await new Promise((resolve) => setTimeout(resolve, 700));
    await lock.release();
    const result = await creating;
    expect(result.status, result.text).toBe(201);
    expect(result.ms).toBeGreaterThanOrEqual(650);
    expect(await totalCount()).toBe(before + 1);
  });
});
