import { createFixtureDatabase } from "./database";

/**
 * Vitest globalSetup: one throwaway database per run (PostgreSQL when TEST_DATABASE_URL is a
 * postgresql:// server URL, else a SQLite file in the temp directory), migrated with the committed
 * migrations and filled with the fixture (lib/testing/fixtures/). DATABASE_URL points the app's getDb() at it;
 * the test workers are started after this runs and inherit the variable.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const database = await createFixtureDatabase(process.env.TEST_DATABASE_URL);
  process.env.DATABASE_URL = database.url;
  process.env.DESK_TEST_DATABASE_KIND = database.kind;
  return async () => {
    await database.db.$disconnect().catch(() => undefined);
    await database.drop();
  };
}
