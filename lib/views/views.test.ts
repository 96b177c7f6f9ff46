import { describe, expect, it } from "vitest";
import type { Caller } from "@/lib/auth/caller";
import { ApiError } from "@/lib/schema/errors";
import { TEAMS, USERS, type FixtureUser } from "@/lib/testing/fixtures/accounts";
import { MAX_VIEWS_PER_TABLE, viewQuery } from "./view";
import { deleteView, listSavedViews, saveView } from "./views";

/** Saved views on the test database (both kinds in CI): per user, per table, by name. */

function callerOf(user: FixtureUser): Caller {
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    teamId: TEAMS[user.team].id,
    teamName: TEAMS[user.team].name,
    role: user.role,
    permissions: [...user.permissions],
    via: "session",
  };
}

const alpha = callerOf(USERS.alphaBroker);
const lead = callerOf(USERS.alphaLead);
const viewer = callerOf(USERS.alphaViewer);

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe("saved views", () => {
  it("keeps the query without the page, in a stable order, and lists a user's views by name", async () => {
    const saved = await saveView(alpha, { table: "indications", name: "  Open bids ", query: "stage=open&page=3&side=bid,offer" });
    expect(saved).toMatchObject({ name: "Open bids", query: "side=bid,offer&stage=open" });
    await saveView(alpha, { table: "indications", name: "A first", query: "sort=-price_per_share" });
    expect((await listSavedViews(alpha, "indications")).map((v) => v.name)).toEqual(["A first", "Open bids"]);
    // Another table, another user: neither sees these.
    expect(await listSavedViews(alpha, "trades")).toEqual([]);
    expect(await listSavedViews(lead, "indications")).toEqual([]);
  });

  it("replaces a view saved again under its name instead of adding one", async () => {
    const first = await saveView(lead, { table: "trades", name: "Unverified", query: "is_verified=false" });
    const again = await saveView(lead, { table: "trades", name: "Unverified", query: "is_verified=false&sort=-volume" });
    expect(again.id).toBe(first.id);
    expect(await listSavedViews(lead, "trades")).toEqual([{ id: first.id, name: "Unverified", query: "is_verified=false&sort=-volume" }]);
  });

  it("deletes only the caller's own view: another user's id is not found and stays", async () => {
    const view = await saveView(lead, { table: "verification", name: "Mine", query: "" });
    const refused = await refusal(deleteView(alpha, view.id));
    expect(refused.code).toBe("not_found");
    expect((await listSavedViews(lead, "verification")).map((v) => v.id)).toContain(view.id);
    await deleteView(lead, view.id);
    expect((await listSavedViews(lead, "verification")).map((v) => v.id)).not.toContain(view.id);
    expect((await refusal(deleteView(lead, view.id))).code).toBe("not_found");
  });

  it("refuses bad input with the field at fault", async () => {
    const cases: [unknown, string][] = [
      [{ table: "indications", name: "   ", query: "" }, "name"],
      [{ table: "indications", name: "x".repeat(61), query: "" }, "name"],
      [{ table: "companies", name: "x", query: "" }, "table"],
      [{ table: "indications", name: "x", query: "a=\u0000" }, "query"],
      [{ table: "indications", name: "x", query: "q".repeat(2001) }, "query"],
      [{ table: "indications", name: "x", query: "", extra: 1 }, "extra"],
      [null, "body"],
    ];
    for (const [input, param] of cases) {
      const error = await refusal(saveView(alpha, input));
      expect(error.status, JSON.stringify(input)).toBeLessThan(500);
      if (param !== "body") expect(error.param, JSON.stringify(input)).toBe(param);
    }
  });

  it(`keeps at most ${MAX_VIEWS_PER_TABLE} views per table, and a full menu still takes a change of a kept one`, async () => {
    for (let i = 0; i < MAX_VIEWS_PER_TABLE; i++) await saveView(viewer, { table: "trades", name: `View ${i}`, query: `page=${i}` });
    const refused = await refusal(saveView(viewer, { table: "trades", name: "One more", query: "" }));
    expect(refused).toMatchObject({ code: "invalid_parameter", param: "name" });
    await saveView(viewer, { table: "trades", name: "View 0", query: "sort=volume" });
    expect(await listSavedViews(viewer, "trades")).toHaveLength(MAX_VIEWS_PER_TABLE);
  });

  it("viewQuery leaves the page out and keeps commas readable", () => {
    expect(viewQuery("page=2")).toBe("");
    expect(viewQuery("side=bid%2Coffer&hide=a,b")).toBe("hide=a,b&side=bid,offer");
  });
});
