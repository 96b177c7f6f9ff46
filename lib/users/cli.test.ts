import { describe, expect, it } from "vitest";
import { GET as getCompany } from "@/app/api/v1/companies/[company_id]/route";
import { GET as listTrades } from "@/app/api/v1/my/trades/route";
import { createApiKey } from "@/lib/api-keys/keys";
import { authOptions, authorizeCredentials } from "@/lib/auth/options";
import { getDb } from "@/lib/db/client";
import { databaseUrl, describeDatabase } from "@/lib/db/url";
import { callRoute, expectError, signInCookie } from "@/lib/testing/http";
import { TEAMS } from "@/lib/testing/fixtures/accounts";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { teamTrades } from "@/lib/testing/fixtures/trades";
import { runUserCli } from "./cli-run";
import { UserCommandError } from "./commands";

/**
 * The operator CLI (lib/users/cli-run.ts) against the test database, and the user's next request
 * through the real route handlers: every change applies at once, and the ones that take something
 * away end the user's sessions (lib/auth/sessions.ts). Each test makes a user of its own.
 */

const PASSWORD = "a-long-enough-password";
let serial = 0;

async function cli(...argv: string[]): Promise<string[]> {
  const lines: string[] = [];
  await runUserCli(getDb(), databaseUrl(), argv, { out: (line) => lines.push(line), readPassword: async () => PASSWORD });
  return lines;
}

async function newUser(permissions = "companies,indications_manage,trades_manage"): Promise<string> {
  serial += 1;
  const email = `ops-cli-${Date.now()}-${serial}@alpha.test`;
  await cli("create-user", "--email", email, "--name", "CLI User", "--team", TEAMS.alpha.name, "--permissions", permissions);
  return email;
}

const TRADES = "/api/v1/my/trades?per_page=100";
const COMPANY = `/api/v1/companies/${COMPANIES[0].id}`;

async function tradesWith(cookie: string) {
  return callRoute(listTrades, TRADES, { headers: { cookie } });
}

describe("operator CLI", () => {
  it("creates a team and a user who can sign in, and says which database it wrote to", async () => {
    const name = `CLI team ${Date.now()}`;
    const created = await cli("create-team", name);
    expect(created.join("\n")).toContain(`Created team ${name}`);
    expect(created.join("\n")).toContain(`[database: ${describeDatabase(databaseUrl())}]`);
    const email = `first-${Date.now()}@new.test`;
    const lines = await cli("create-user", "--email", email, "--name", "New Person", "--team", name, "--role", "team_lead", "--permissions", "companies");
    expect(lines.join("\n")).toMatch(/Created user .*team_lead; permissions: companies; active/);
    const cookie = await signInCookie(email, PASSWORD);
    expect(cookie).not.toBeNull();
    const trades = await tradesWith(cookie!);
    expect(trades.status).toBe(200);
    expect((trades.body as { total_count: number }).total_count).toBe(0);
    expect((await cli("list-teams")).join("\n")).toContain(`${name} (1 users)`);
  });

  it("refuses bad input with a message and writes nothing", async () => {
    await expect(cli("create-user", "--email", "not-an-email", "--name", "X", "--team", TEAMS.alpha.name)).rejects.toThrow(UserCommandError);
    await expect(cli("create-team", TEAMS.alpha.name)).rejects.toThrow(/already exists/);
    const email = await newUser();
    await expect(cli("grant", "--email", email, "--permissions", "root")).rejects.toThrow(/invalid permissions/);
    await expect(cli("move", "--email", email, "--team", "No such team")).rejects.toThrow(/no team named/);
    await expect(runUserCli(getDb(), databaseUrl(), ["set-password", "--email", email], { out: () => {}, readPassword: async () => "short" })).rejects.toThrow(
      /shorter than 12/,
    );
    await expect(cli("fly")).rejects.toThrow(/unknown command/);
  });

  it("disable: the session, the API key and sign-in are refused on the next request; enable lets sign-in in again", async () => {
    const email = await newUser();
    const cookie = (await signInCookie(email, PASSWORD))!;
    const user = await getDb().user.findUniqueOrThrow({ where: { email } });
    const { secret } = await createApiKey(getDb(), { userId: user.id, name: "cli test" });
    for (let i = 0; i < 2; i++) expect((await callRoute(listTrades, TRADES, { key: secret })).status).toBe(200);
    expect((await tradesWith(cookie)).status).toBe(200);

    expect((await cli("disable", "--email", email)).join("\n")).toContain("Disabled");
    expectError(await tradesWith(cookie), "unauthorized");
    expectError(await callRoute(listTrades, TRADES, { key: secret }), "unauthorized");
    expect(await authorizeCredentials({ email, password: PASSWORD })).toBeNull();

    await cli("enable", "--email", email);
    expectError(await tradesWith(cookie), "unauthorized"); // the old session stays ended
    expect((await callRoute(listTrades, TRADES, { key: secret })).status).toBe(200);
    expect((await tradesWith((await signInCookie(email, PASSWORD))!)).status).toBe(200);
  });

  it("set-password: old sessions end, the old password fails, the new one works", async () => {
    const email = await newUser();
    const cookie = (await signInCookie(email, PASSWORD))!;
    expect((await tradesWith(cookie)).status).toBe(200);
    await cli("set-password", "--email", email, "--password", "another-long-password");
    expectError(await tradesWith(cookie), "unauthorized");
    expect(await signInCookie(email, PASSWORD)).toBeNull();
    expect((await tradesWith((await signInCookie(email, "another-long-password"))!)).status).toBe(200);
  });

  it("revoke ends sessions and the permission is gone; grant keeps them and adds it", async () => {
    const email = await newUser("indications_manage");
    const cookie = (await signInCookie(email, PASSWORD))!;
    expectError(await callRoute(getCompany, COMPANY, { headers: { cookie } }), "forbidden");
    await cli("grant", "--email", email, "--permissions", "companies,trades_manage");
    expect((await callRoute(getCompany, COMPANY, { headers: { cookie } })).status).toBe(200);

    await cli("revoke", "--email", email, "--permissions", "companies");
    expectError(await callRoute(getCompany, COMPANY, { headers: { cookie } }), "unauthorized");
    const again = (await signInCookie(email, PASSWORD))!;
    expectError(await callRoute(getCompany, COMPANY, { headers: { cookie: again } }), "forbidden");
    expect((await tradesWith(again)).status).toBe(200);
  });

  it("move: the same session sees the new team's rows on its next request", async () => {
    const email = await newUser();
    const cookie = (await signInCookie(email, PASSWORD))!;
    expect((( await tradesWith(cookie)).body as { total_count: number }).total_count).toBe(teamTrades("alpha").length);
    await cli("move", "--email", email, "--team", TEAMS.beta.name);
    expect(((await tradesWith(cookie)).body as { total_count: number }).total_count).toBe(teamTrades("beta").length);
  });

  it("end-sessions and sign-out end the user's sessions; a stale cookie's sign-out leaves newer ones alone", async () => {
    const email = await newUser();
    const first = (await signInCookie(email, PASSWORD))!;
    await cli("end-sessions", "--email", email);
    expectError(await tradesWith(first), "unauthorized");

    const second = (await signInCookie(email, PASSWORD))!;
    const user = await getDb().user.findUniqueOrThrow({ where: { email } });
    const signOut = authOptions.events!.signOut!;
    // The stale cookie signs out: the second session lives on.
    await signOut({ token: { sub: user.id, sv: user.sessionVersion - 1 }, session: null as never });
    expect((await tradesWith(second)).status).toBe(200);
    // The second session signs out: its cookie, even kept by someone, is refused.
    await signOut({ token: { sub: user.id, sv: user.sessionVersion }, session: null as never });
    expectError(await tradesWith(second), "unauthorized");
  });
});
