import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import type { Caller } from "@/lib/auth/caller";
import { authorizeCredentials } from "@/lib/auth/options";
import { getIndication } from "@/lib/indications/queries";
import { getTrade } from "@/lib/trades/queries";
import { refuseThrottledSignIn } from "@/lib/auth/sign-in-limit";
import { EXAMPLES } from "@/lib/openapi/examples";
import { apiOperations, filledPath, stringInputs } from "@/lib/testing/api-operations";
import { SECRETS, TEAMS, USERS } from "@/lib/testing/fixtures/accounts";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { teamIndications } from "@/lib/testing/fixtures/indications";
import { teamTrades } from "@/lib/testing/fixtures/trades";
import { callRoute, expectError, expectErrorBody, ORIGIN } from "@/lib/testing/http";
import { POST as authPost } from "../auth/[...nextauth]/route";
import { saveViewSchema } from "@/lib/views/schema";
import { saveView } from "@/lib/views/views";
import { checkId } from "../../(dashboard)/_actions/inputs";
import { GET as companyBook } from "./companies/[company_id]/order_book/route";
import { GET as companyOne } from "./companies/[company_id]/route";
import { GET as companyTape } from "./companies/[company_id]/trades/route";
import { POST as closeIndication } from "./my/indications/[id]/close/route";
import { GET as indicationHistory } from "./my/indications/[id]/history/route";
import { POST as refreshIndication } from "./my/indications/[id]/refresh/route";
import { GET as indicationOne, PATCH as patchIndication } from "./my/indications/[id]/route";
import { GET as tradeHistory } from "./my/trades/[id]/history/route";
import { GET as tradeOne, PATCH as patchTrade } from "./my/trades/[id]/route";
import { POST as unverify } from "./ops/trades/[id]/unverify/route";
import { POST as verify } from "./ops/trades/[id]/verify/route";

/**
 * U+0000 in any string a caller sends (body, path, query, sign-in form) is a 400 naming the field
 * on both databases alike: PostgreSQL's text cannot hold it, and used to answer 500. So is half a
 * UTF-16 surrogate pair alone in a body's string, which neither driver passes on. The bodies'
 * strings and the query parameters are walked from the OpenAPI document. Nothing here is
 * written: every request is refused.
 */

const NUL = "a\u0000b";
const key = SECRETS.alphaBroker;
const INDICATION = teamIndications("alpha")[0].id;
const TRADE = teamTrades("alpha")[0].id;
const session: Caller = { userId: USERS.alphaBroker.id, email: USERS.alphaBroker.email, name: USERS.alphaBroker.name, teamId: TEAMS.alpha.id, teamName: TEAMS.alpha.name, role: "broker", permissions: [...USERS.alphaBroker.permissions], via: "session" };

const UNSTORABLE = { NUL, "a lone surrogate": "a\ud800b" };

/** Every string the API's bodies take, from the document: a new field cannot be missed. */
const BODY_STRINGS = apiOperations()
  .filter((operation) => operation.body)
  .flatMap((operation) => stringInputs(operation.body!).map((input) => ({ operation, ...input })));

describe("U+0000 or a lone surrogate in any string of a body", () => {
  it("finds every text field the finding named", () => {
    const named = new Set(BODY_STRINGS.map(({ operation, param }) => `${operation.operationId} ${param}`));
    for (const field of ["stock_class", "client_id", "third_party_id", "details"]) {
      for (const operation of ["createIndication", "updateIndication", "createTrade", "updateTrade"]) expect(named).toContain(`${operation} ${field}`);
    }
    for (const found of ["createTrade verification_officer_name", "verifyTrade reason", "unverifyTrade reason", "createWebhook description", "updateWebhook description", "markNotificationsRead ids[0]", "createIndication private_recipients[0]"]) {
      expect(named).toContain(found);
    }
  });

  const cases = BODY_STRINGS.flatMap((input) => Object.entries(UNSTORABLE).map(([what, text]) => ({ ...input, what, text })));
  it.each(cases)("$operation.operationId $param, $what: 400 naming it", async ({ operation, field, param, value, text }) => {
    const example = (EXAMPLES.operations[operation.operationId]?.request ?? {}) as Record<string, unknown>;
    // The JSON text carries the escape itself (JSON.stringify writes "\ud800" for a lone surrogate).
    const body = JSON.stringify({ ...example, [field]: value(text) });
    const path = filledPath(operation.path, { id: randomUUID(), company_id: COMPANIES[0].id, delivery_id: randomUUID() });
    const result = await callRoute(await operation.handler(), path, { key, method: operation.method, body, headers: { "content-type": "application/json" } });
    expect(result.status, result.text).toBe(400);
    expectErrorBody(result.body);
    expect((result.body as { error: { errors: { param: string }[] } }).error.errors.map((error) => error.param)).toContain(param);
  });

  it.each(Object.entries(UNSTORABLE))("in a saved view's fields, %s: refused before anything is written", async (_, text) => {
    const view = { table: "indications", name: "Open bids", query: "side=bid" };
    for (const { field, param, value } of stringInputs(z.toJSONSchema(saveViewSchema, { io: "input" }) as Record<string, unknown>)) {
      await expect(saveView(session, { ...view, [field]: value(text) })).rejects.toMatchObject({ status: 400, param });
    }
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
  ];
  it.each(ROUTES)("%#: %s", async (handler, path, param, method = "GET") => {
    const body = method === "PATCH" ? { details: "x" } : method === "POST" && path.includes("unverify") ? { reason: "x" } : undefined;
    expectError(await callRoute(handler, path, { key, method, body, params: { [param]: NUL } }), "invalid_parameter", param);
  });

  // Every query parameter of the document. A query cannot carry a lone surrogate: percent-encoded
  // as UTF-8 (%ED%A0%80) it is no UTF-8 and decodes to U+FFFD, which is text like any other.
  const QUERY = apiOperations().flatMap((operation) => operation.query.map((name) => ({ operation, name })));
  const pathOf = ({ operation, name }: (typeof QUERY)[number], value: string) =>
    `${filledPath(operation.path, { company_id: company, id: operation.path.startsWith("/my/trades") ? TRADE : INDICATION, delivery_id: randomUUID() })}?${name}=${value}`;
  it.each(QUERY)("$operation.operationId ?$name=a%00b: 400 naming it", async (query) => {
    expectError(await callRoute(await query.operation.handler(), pathOf(query, "a%00b"), { key, method: query.operation.method, headersOnly: true }), "invalid_parameter", query.name);
  });
  it.each(QUERY)("$operation.operationId ?$name=%ED%A0%80: no 500", async (query) => {
    const result = await callRoute(await query.operation.handler(), pathOf(query, "%ED%A0%80"), { key, method: query.operation.method, headersOnly: true });
    expect(result.status, result.text).toBeLessThan(500);
  });

  it("in the id a dashboard action sends", () => {
    expect(() => checkId(NUL, "an indication")).toThrow(expect.objectContaining({ code: "invalid_parameter", param: "id" }));
  });

  it("in the id of a dashboard detail page: the data function answers 404 without a statement", async () => {
    await expect(getIndication(session, `${INDICATION}${NUL}`)).rejects.toMatchObject({ code: "not_found" });
    await expect(getTrade(session, NUL)).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("U+0000 in a sign-in", () => {
  const signIn = (contentType: string, body: string) =>
    new NextRequest(`${ORIGIN}/api/auth/callback/credentials`, { method: "POST", headers: { "content-type": contentType }, body });

  it("answers 400 in the error shape before anything reads the database, as a form or JSON", async () => {
    for (const request of [
      signIn("application/x-www-form-urlencoded", new URLSearchParams({ email: `x${NUL}@a.example`, password: "whatever" }).toString()),
      signIn("application/json", JSON.stringify({ email: "broker@alpha.test", password: NUL })),
      signIn("application/json", JSON.stringify({ email: `x${UNSTORABLE["a lone surrogate"]}@a.example`, password: "whatever" })),
    ]) {
      const answer = (await refuseThrottledSignIn(request))!;
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ error: { code: "invalid_parameter" } });
    }
  });

  it("through the sign-in route: 400 in the error shape naming the field, as a form or JSON", async () => {
    for (const [contentType, body] of [
      ["application/x-www-form-urlencoded", new URLSearchParams({ email: `x${NUL}y@a.example`, password: "p" }).toString()],
      ["application/json", JSON.stringify({ email: `x${NUL}@a.example`, password: "p" })],
    ]) {
      const answer = await callRoute(authPost, "/api/auth/callback/credentials", { method: "POST", headers: { "content-type": contentType }, body, params: { nextauth: ["callback", "credentials"] } as never });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.headers.get("content-type")).toMatch(/^application\/json\b/);
      expectErrorBody(answer.body);
      expect(answer.body).toMatchObject({ error: { code: "invalid_parameter", param: "email" } });
    }
  });

  it("is a refused sign-in, not an error, further in", async () => {
    for (const text of Object.values(UNSTORABLE)) expect(await authorizeCredentials({ email: `x${text}@a.example`, password: "whatever" })).toBeNull();
  });
});
