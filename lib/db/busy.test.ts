import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/database";
import { isDatabaseBusy, withoutLockWait } from "./busy";
import { createDb, getEngine, type Db } from "./client";
import { transaction } from "./transaction";
import { insertRows, selectRows } from "./write-sql";
import { sqliteFilePath } from "./url";

/** The busy errors as the real clients throw them, on a database of this file's own. */
let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase(process.env.TEST_DATABASE_URL);
  // One pooled connection on PostgreSQL, so that a second transaction has to wait for the first.
  process.env.DATABASE_POOL_SIZE = "1";
  db = createDb(database.url);
  delete process.env.DATABASE_POOL_SIZE;
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

const errorOf = (work: Promise<unknown>) => work.then(() => undefined, (error: unknown) => error);

describe("isDatabaseBusy", () => {
  it("is true when Prisma gives up starting a transaction (maxWait), false for other database errors", async () => {
    let finish = () => {};
    let started = () => {};
    const inside = new Promise<void>((resolve) => (started = resolve));
    const holding = db.$transaction(() => new Promise<void>((resolve) => ((finish = resolve), started())));
    await inside;
    const second = errorOf(db.$transaction(async (tx) => tx.team.count(), { maxWait: 50 }));
    // Prisma reports the missed maxWait once the start it waited for has happened.
    await new Promise((resolve) => setTimeout(resolve, 150));
    finish();
    await holding;
    const error = await second;
    expect(error).toMatchObject({ code: "P2028" });
    expect(isDatabaseBusy(error)).toBe(true);

    const missing = await errorOf(db.$queryRawUnsafe("SELECT * FROM no_such_table"));
    expect(missing).toBeInstanceOf(Error);
    expect(isDatabaseBusy(missing)).toBe(false);
    expect(isDatabaseBusy(new Error("database is locked"))).toBe(false);
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("withoutLockWait (SQLite)", () => {
  it("fails a write at once while another connection holds the write lock; without it, the write waits and lands", async () => {
    const other = new Database(sqliteFilePath(database.url));
    other.exec("BEGIN IMMEDIATE");
    const started = Date.now();
    const error = await errorOf(withoutLockWait(() => db.team.create({ data: { id: "t-1", name: "One", createdAt: new Date() } })));
    expect(Date.now() - started).toBeLessThan(200);
    expect(isDatabaseBusy(error)).toBe(true);
    expect(error).toMatchObject({ code: "P1008" });

    const waiting = db.team.create({ data: { id: "t-2", name: "Two", createdAt: new Date() } });
    setTimeout(() => other.exec("ROLLBACK"), 300);
    await waiting;
    other.close();
    expect((await db.team.findMany({ select: { id: true } })).map((t) => t.id)).toEqual(["t-2"]);
  });
});

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("a write transaction (SQLite)", () => {
  it("takes the write lock first: it waits while another connection holds it, then lands whole", async () => {
    const other = new Database(sqliteFilePath(database.url));
    other.exec("BEGIN IMMEDIATE");
    let started = false;
    const writing = transaction(async ({ tx }) => {
      started = true;
      await insertRows(tx, "teams", [{ id: "t-3", name: "Three", createdAt: new Date() }]);
      const [{ n }] = await selectRows<{ n: number }>(tx, getEngine().dialect.db.selectFrom("teams").select((eb) => eb.fn.countAll().as("n")));
      return n;
    }, db);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The transaction begins by taking the lock (BEGIN IMMEDIATE), and waits: the work has not begun.
    expect(started).toBe(false);
    other.exec("ROLLBACK");
    other.close();
    expect(await writing).toBe(2);
  });
});
