import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { operationRoute } from "@/lib/http/operation-route";
import { OPERATIONS as DECLARED } from "@/lib/http/operations";
import { ApiError } from "@/lib/schema/errors";
import { apiOperations, filledPath } from "@/lib/testing/api-operations";
import { SECRETS, USERS } from "@/lib/testing/fixtures/accounts";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { teamIndications } from "@/lib/testing/fixtures/indications";
import { teamTrades } from "@/lib/testing/fixtures/trades";
import { callRoute, expectError, sessionCookie } from "@/lib/testing/http";

/**
 * The contract: an answer's status is one its operation's entry in the OpenAPI document lists,
 * for the answers every operation gives alike (an unknown query parameter, no caller, a session's
 * write from another origin), walked over every operation of the document. Each request is refused
 * before anything is written.
 */

const ids = { company_id: COMPANIES[0].id, delivery_id: randomUUID() };
const pathOf = (route: string) => filledPath(route, { ...ids, id: route.startsWith("/my/trades") || route.startsWith("/ops/") ? teamTrades("alpha")[0].id : route.startsWith("/my/indications") ? teamIndications("alpha")[0].id : randomUUID() });
const OPERATIONS = apiOperations();
const isPublic = (operationId: string) => operationId === "getOpenApiDocument";

describe("every operation answers what its document declares", () => {
  it.each(OPERATIONS)("$operationId: an unknown query parameter is a declared 400 naming it", async (operation) => {
    const result = await callRoute(await operation.handler(), `${pathOf(operation.path)}?not_a_parameter=1`, { key: SECRETS.alphaBroker, method: operation.method, headersOnly: true });
    expect(operation.responses, `${operation.operationId} answered ${result.status}`).toContain(String(result.status));
    if (!isPublic(operation.operationId)) expectError(result, "unknown_parameter", "not_a_parameter");
  });

  it.each(OPERATIONS.filter((operation) => !isPublic(operation.operationId)))("$operationId: no caller is a declared 401", async (operation) => {
    const result = await callRoute(await operation.handler(), pathOf(operation.path), { method: operation.method, headersOnly: true });
    expect(operation.responses).toContain(String(result.status));
    expectError(result, "unauthorized");
  });

  it.each(OPERATIONS.filter((operation) => operation.method !== "GET"))("$operationId: a session's write from another origin is a declared 403", async (operation) => {
    const cookie = await sessionCookie(USERS.alphaBroker.id);
    const result = await callRoute(await operation.handler(), pathOf(operation.path), { method: operation.method, headers: { cookie, origin: "http://evil.example" }, headersOnly: true });
    expect(operation.responses, `${operation.operationId} answered ${result.status}`).toContain(String(result.status));
    expectError(result, "forbidden");
  });

  it("an error its declaration does not give the operation is answered as our bug, a 500, not as undocumented", async () => {
    // The team's list has no path id: a handler of it that answered 404 would answer what the document does not list.
    const route = operationRoute(DECLARED.listIndications, async () => {
      throw ApiError.notFound("No indication with id x.");
    });
    expectError(await callRoute(route, "/api/v1/my/indications", { key: SECRETS.alphaBroker }), "internal_error");
    const declared = operationRoute(DECLARED.getIndication, async () => {
      throw ApiError.notFound("No indication with id x.");
    });
    expectError(await callRoute(declared, `/api/v1/my/indications/${randomUUID()}`, { key: SECRETS.alphaBroker }), "not_found");
  });
});
