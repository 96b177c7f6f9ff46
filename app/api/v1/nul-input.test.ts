import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import type { Caller } from "@/lib/auth/caller";
import { authorizeCredentials } from "@/lib/auth/options";
import { getIndication } from "@/lib/indications/queries";
import { getTrade } from "@/lib/trades/queries";
import { refuseThrottledSignIn } from "@/lib/auth/sign-in-limit";
import { COMPANIES, NEW_BID, NEW_TRADE, SECRETS, TEAMS, USERS, teamIndications, teamTrades } from "@/lib/testing/fixtures";
import { callRoute, expectError, ORIGIN } from "@/lib/testing/http";
import { checkId } from "../../(dashboard)/_actions/inputs";
import { GET as companyBook } from "./companies/[company_id]/order_book/route";
import { GET as companyOne } from "./companies/[company_id]/route";
import { GET as companyTape } from "./companies/[company_id]/trades/route";
import { GET as companies } from "./companies/route";
import { POST as closeIndication } from "./my/indications/[id]/close/route";
import { GET as indicationHistory } from "./my/indications/[id]/history/route";
import { POST as refreshIndication } from "./my/indications/[id]/refresh/route";
import { GET as indicationOne, PATCH as patchIndication } from "./my/indications/[id]/route";
import { GET as indications, POST as createIndication } from "./my/indications/route";
import { GET as tradeHistory } from "./my/trades/[id]/history/route";
import { GET as tradeOne, PATCH as patchTrade } from "./my/trades/[id]/route";
import { GET as trades, POST as recordTrade } from "./my/trades/route";
import { POST as unverify } from "./ops/trades/[id]/unverify/route";
import { POST as verify } from "./ops/trades/[id]/verify/route";

/**
 * U+0000 in any string a caller sends (body, path, query, sign-in form) is a 400 naming the field
 * on both databases alike: PostgreSQL's text cannot hold it, and used to answer 500. Nothing
 * here is written: every request is refused.
 */

const NUL = "a\u0000b";
const key = SECRETS.alphaBroker;
const INDICATION = teamIndications("alpha")[0].id;
const TRADE = teamTrades("alpha")[0].id;

describe("U+0000 in a body", () => {
  const TEXT_FIELDS = ["stock_class", "client_id", "third_party_id", "details"];
  it.each(TEXT_FIELDS)("POST /my/indications with %s", async (field) => {
    expectError(await callRoute(createIndication, "/api/v1/my/indications", { key, body: { ...NEW_BID, [field]: NUL } }), "invalid_parameter", field);
  });
  it.each([...TEXT_FIELDS, "verification_officer_name"])("POST /my/trades with %s", async (field) => {
    expectError(await callRoute(recordTrade, "/api/v1/my/trades", { key, body: { ...NEW_TRADE, [field]: NUL } }), "invalid_parameter", field);
  });
  it("in an e-mail address, an array item, a PATCH and a verify reason", async () => {
    const recipients = { ...NEW_BID, visibility: "private", private_recipients: [`${NUL}@x.example`] };
    expectError(await callRoute(createIndication, "/api/v1/my/indications", { key, body: recipients }), "invalid_parameter", "private_recipients[0]");
    const officer = { ...NEW_TRADE, verification_officer_email: `${NUL}@x.example` };
    expectError(await callRoute(recordTrade, "/api/v1/my/trades", { key, body: officer }), "invalid_parameter", "verification_officer_email");
    const patch = { key, method: "PATCH", body: { details: NUL } };
    expectError(await callRoute(patchIndication, `/api/v1/my/indications/${INDICATION}`, patch), "invalid_parameter", "details");
    expectError(await callRoute(patchTrade, `/api/v1/my/trades/${TRADE}`, patch), "invalid_parameter", "details");
    const reason = { key, method: "POST", body: { reason: NUL } };
    expectError(await callRoute(verify, `/api/v1/ops/trades/${TRADE}/verify`, reason), "invalid_parameter", "reason");
    expectError(await callRoute(unverify, `/api/v1/ops/trades/${TRADE}/unverify`, reason), "invalid_parameter", "reason");
  });
});

describe("U+0000 in a path id or a query", () => {
  const company = COMPANIES[0].id;
  const ROUTES: [unknown, string, string, string?][] = [
    [companyOne, `/api/v1/companies/${NUL}`, "company_id"],
    [companyBook, `/api/v1/companies/${NUL}/order_book`, "company_id"],
    [companyTape, `/api/v1/companies/${NUL}/trades`, "company_id"],
    [indicationOne, `/api/v1/my/indications/${NUL}`, "id"],
    [patchIndication, `/api/v1/my/indications/${NUL}`, "id", "PATCH"],
    [indicationHistory, `/api/v1/my/indications/${NUL}/history`, "id"],
    [refreshIndication, `/api/v1/my/indications/${NUL}/refresh`, "id", "POST"],
    [closeIndication, `/api/v1/my/indications/${NUL}/close`, "id", "POST"],
    [tradeOne, `/api/v1/my/trades/${NUL}`, "id"],
    [patchTrade, `/api/v1/my/trades/${NUL}`, "id", "PATCH"],
    [tradeHistory, `/api/v1/my/trades/${NUL}/history`, "id"],
    [verify, `/api/v1/ops/trades/${NUL}/verify`, "id", "POST"],
    [unverify, `/api/v1/ops/trades/${NUL}/unverify`, "id", "POST"],
    [companies, "/api/v1/companies?q=a%00b", "q"],
    [companies, "/api/v1/companies?country=a%00b", "country"],
    [indications, "/api/v1/my/indications?side=bid%00", "side"],
    [trades, `/api/v1/my/trades?issuer_id=${company}%00`, "issuer_id"],
  ];
  it.each(ROUTES)("%#: %s", async (handler, path, param, method = "GET") => {
    const body = method === "PATCH" ? { details: "x" } : method === "POST" && path.includes("unverify") ? { reason: "x" } : undefined;
    const params = path.includes("?") ? {} : { [param]: NUL };
    expectError(await callRoute(handler, path, { key, method, body, params }), "invalid_parameter", param);
  });

  it("in the id a dashboard action sends", () => {
    expect(() => checkId(NUL, "an indication")).toThrow(expect.objectContaining({ code: "invalid_parameter", param: "id" }));
  });

  it("in the id of a dashboard detail page: the data function answers 404 without a statement", async () => {
    const caller: Caller = { userId: USERS.alphaBroker.id, email: USERS.alphaBroker.email, name: USERS.alphaBroker.name, teamId: TEAMS.alpha.id, teamName: TEAMS.alpha.name, role: "broker", permissions: [...USERS.alphaBroker.permissions], via: "session" };
    await expect(getIndication(caller, `${INDICATION}${NUL}`)).rejects.toMatchObject({ code: "not_found" });
    await expect(getTrade(caller, NUL)).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("U+0000 in a sign-in", () => {
  const signIn = (contentType: string, body: string) =>
    new NextRequest(`${ORIGIN}/api/auth/callback/credentials`, { method: "POST", headers: { "content-type": contentType }, body });

  it("answers 400 in the error shape before anything reads the database, as a form or JSON", async () => {
    for (const request of [
      signIn("application/x-www-form-urlencoded", new URLSearchParams({ email: `x${NUL}@a.example`, password: "whatever" }).toString()),
      signIn("application/json", JSON.stringify({ email: "broker@alpha.test", password: NUL })),
    ]) {
      const answer = (await refuseThrottledSignIn(request))!;
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ error: { code: "invalid_parameter" } });
    }
  });

  it("is a refused sign-in, not an error, further in", async () => {
    expect(await authorizeCredentials({ email: `x${NUL}@a.example`, password: "whatever" })).toBeNull();
  });
});
