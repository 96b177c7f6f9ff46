import { afterAll, beforeAll } from "vitest";
import { createDb, engineOf, type Db } from "../db/client";
import type { Engine } from "../db/engine";
import { createFixtureDatabase } from "./database";

type FixtureDatabase = Awaited<ReturnType<typeof createFixtureDatabase>>;

export interface OwnDatabase {
  /** The test file's fixture database, read through `engine`. */
  database: FixtureDatabase;
  engine: Engine;
  /** A second client, as another process would write: only the database can tell the reader. */
  writer: Db;
}

/**
 * A fixture database of the test file's own, for tests that write (the shared fixture database
 * of the endpoint tests is left alone); created before the file's tests, dropped after them.
 */
export function withOwnDatabase(): OwnDatabase {
  const own = {} as OwnDatabase;
  beforeAll(async () => {
    own.database = await createFixtureDatabase(process.env.TEST_DATABASE_URL);
    own.engine = engineOf(own.database.db);
    own.writer = createDb(own.database.url);
  });
  afterAll(async () => {
    await own.writer?.$disconnect();
    await own.database?.db.$disconnect();
    await own.database?.drop();
  });
  return own;
}

/**
 * A fixture database of the test file's own that the app's one client (getDb(), and so every
 * route handler) uses for the file's tests: for tests whose writes would show in the shared
 * database's lists, or that hold its locks. The shared client is given back after them.
 */
export function withAppOnOwnDatabase(): { database: FixtureDatabase } {
  const holder = globalThis as unknown as { __deskDb?: unknown };
  const own = {} as { database: FixtureDatabase };
  let saved: unknown;
  beforeAll(async () => {
    own.database = await createFixtureDatabase(process.env.TEST_DATABASE_URL);
    saved = holder.__deskDb;
    holder.__deskDb = own.database.db;
  });
  afterAll(async () => {
    holder.__deskDb = saved;
    await own.database?.db.$disconnect();
    await own.database?.drop();
  });
  return own;
}
