import { afterAll, beforeAll } from "vitest";
import { createDb, engineOf, type Db } from "../db/client";
import type { Engine } from "../db/page";
import { createFixtureDatabase } from "./database";

export interface OwnDatabase {
  /** The test file's fixture database, read through `engine`. */
  database: Awaited<ReturnType<typeof createFixtureDatabase>>;
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
