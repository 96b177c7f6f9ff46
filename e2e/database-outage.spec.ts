import { expect, test } from "@playwright/test";
import { SECRETS } from "../lib/testing/fixtures/accounts";
import { startPrivatePostgres, type PrivatePostgres } from "../lib/testing/private-postgres";
import { E2E_PORT } from "./support/env";
import { answering, createFixtureDatabase, serve, signIn, stop, type Served } from "./support/servers";

/**
 * PostgreSQL goes down under a running production server and comes back (issue 16): pages show
 * the error page and the API answers 503 `database_unavailable` while it is down, never hanging;
 * afterwards the same server process serves both again. On a PostgreSQL server of the spec's own
 * (lib/testing/private-postgres.ts): the machine's shared cluster is never stopped.
 */

const PORT = E2E_PORT + 3;
const ORIGIN = `http://127.0.0.1:${PORT}`;
let postgres: PrivatePostgres | undefined;
let served: Served | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  postgres = await startPrivatePostgres();
  served = serve(PORT, createFixtureDatabase(postgres.serverUrl));
  await answering(PORT, "/api/health");
});

test.afterAll(() => {
  stop(served);
  postgres?.destroy();
});

const api = () => fetch(`${ORIGIN}/api/v1/my/indications?per_page=5`, { headers: { authorization: `Bearer ${SECRETS.alphaBroker}` } });

test("while PostgreSQL is down pages show the error page and the API answers 503; the same server recovers", async ({ page, context }) => {
  const { cookie } = await signIn(PORT, "broker@alpha.test", "fixture-password");
  expect(cookie).toBeTruthy();
  const [name, value] = cookie!.split(/=(.*)/s);
  await context.addCookies([{ name, value, url: ORIGIN }]);
  const indications = async () => {
    await page.goto(`${ORIGIN}/indications`);
    await expect(page.getByRole("table")).toHaveAttribute("aria-busy", "false");
  };

  await indications();
  expect((await api()).status).toBe(200);

  postgres!.stop();
  const started = Date.now();
  const down = await api();
  expect(down.status).toBe(503);
  expect(down.headers.get("retry-after")).toBe("5");
  expect(await down.json()).toMatchObject({ error: { code: "database_unavailable" } });
  expect(await (await fetch(`${ORIGIN}/api/health/ready`)).json()).toMatchObject({ ready: false, database: "unreachable" });
  await page.goto(`${ORIGIN}/indications`);
  await expect(page.getByTestId("error-page")).toBeVisible();
  expect(Date.now() - started, "no request waited for the database").toBeLessThan(10_000);

  postgres!.start();
  await indications();
  expect((await api()).status).toBe(200);
  // Reachable again (the fixture's migrations ran as scripts, so Prisma's table lists none applied).
  expect(await (await fetch(`${ORIGIN}/api/health/ready`)).json()).toMatchObject({ database: "reachable" });
});
