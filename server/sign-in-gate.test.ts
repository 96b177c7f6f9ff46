import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
// Sets the gate in server/process-state, as the sign-in route does when it loads.
import "@/lib/auth/sign-in-limit";
import { recordSignInFailure, signInRetryAfter } from "@/lib/auth/throttle";
// @ts-expect-error a plain ES module of the server, without type declarations
import { gateSignIn, isSignInPost } from "./sign-in-gate.mjs";

/**
 * server/sign-in-gate.mjs in front of a stand-in for Next.js that echoes what it was handed: a
 * known-throttled sign-in is answered before it, anything else reaches it byte for byte, on the
 * same keep-alive connection. The throttle is the real one on the test database.
 */

type Gated = { answer: { status: number; headers: Record<string, string>; body: string } } | { request: IncomingMessage } | null;
let server: Server;
let port: number;
const handedOn: string[] = [];

beforeAll(async () => {
  server = createServer(async (request, response) => {
    if (isSignInPost(request)) {
      const gated = (await gateSignIn(request)) as Gated;
      if (!gated) return void response.destroy();
      if ("answer" in gated) {
        response.writeHead(gated.answer.status, gated.answer.headers);
        return void response.end(gated.answer.body);
      }
      request = gated.request;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    handedOn.push(Buffer.concat(chunks).toString("utf8"));
    response.writeHead(200, { "content-type": "text/plain", "x-seen-forwarded-for": String(request.headers["x-forwarded-for"] ?? "") });
    response.end(`handed on: ${request.method} ${request.url}`);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

// One agent, one socket: every request of a test after the first reuses the connection.
const agent = new (await import("node:http")).Agent({ keepAlive: true, maxSockets: 1 });

function post(body: string | Buffer, headers: Record<string, string> = {}, path = "/api/auth/callback/credentials") {
  return new Promise<{ status: number; headers: IncomingMessage["headers"]; text: string; socket: unknown }>((resolve, reject) => {
    const request = httpRequest({ host: "127.0.0.1", port, path, method: "POST", agent, headers: { "content-type": "application/x-www-form-urlencoded", ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, text: Buffer.concat(chunks).toString("utf8"), socket: request.socket }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

describe("the sign-in gate before Next.js (server/sign-in-gate.mjs)", () => {
  it("hands an unthrottled sign-in on with its body byte for byte, on the same connection", async () => {
    const body = new URLSearchParams({ email: `gate-${Date.now()}@nowhere.test`, password: "pässwörd &=", csrfToken: "x", json: "true" }).toString();
    const first = await post(body);
    expect(first.status).toBe(200);
    expect(first.text).toBe("handed on: POST /api/auth/callback/credentials");
    expect(handedOn.at(-1)).toBe(body);
    const second = await post(body);
    expect(second.status).toBe(200);
    expect(second.socket).toBe(first.socket);
    // Other paths are not read here.
    expect((await post("a=b", {}, "/api/auth/callback/other")).text).toBe("handed on: POST /api/auth/callback/other");
    expect(handedOn.at(-1)).toBe("a=b");
  });

  it("answers a sign-in for an account this process knows to be throttled: 429, Retry-After, the error shape, the security headers", async () => {
    const email = `gate-throttled-${Date.now()}@nowhere.test`;
    const attempt = { email, address: "203.0.113.77" };
    for (let i = 0; i < 20; i++) await recordSignInFailure(getDb(), attempt);
    const body = new URLSearchParams({ email: email.toUpperCase(), password: "guess", csrfToken: "x", json: "true" }).toString();
    // Not known in this process until a sign-in read the throttle from the database.
    expect((await post(body, { "x-forwarded-for": "198.51.100.200" })).status).toBe(200);
    const wait = await signInRetryAfter(getDb(), attempt);
    expect(wait).toBeGreaterThan(800);

    const count = handedOn.length;
    const refused = await post(body, { "x-forwarded-for": "198.51.100.201" });
    expect(refused.status).toBe(429);
    expect(handedOn).toHaveLength(count);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThanOrEqual(wait - 1);
    expect(refused.headers["x-content-type-options"]).toBe("nosniff");
    expect(refused.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    const answer = JSON.parse(refused.text) as { url: string; error: { code: string; message: string } };
    expect(answer.error.code).toBe("rate_limited");
    expect(new URL(answer.url).searchParams.get("error")).toMatch(/^TooManyAttempts\.\d+$/);

    // A JSON body, which next-auth takes as well, meets the same gate.
    const json = await post(JSON.stringify({ email, password: "guess", csrfToken: "x", json: "true" }), { "content-type": "application/json", "x-forwarded-for": "198.51.100.202" });
    expect(json.status).toBe(429);
    expect(Number(json.headers["retry-after"])).toBeGreaterThanOrEqual(wait - 1);
    expect(handedOn).toHaveLength(count);
  });

  it("knows a throttled address by the peer's address when no proxy sent one, as Next.js does", async () => {
    const attempt = { email: `gate-any-${Date.now()}@nowhere.test`, address: "127.0.0.1" };
    process.env.SIGN_IN_ADDRESS_LIMIT = "3";
    try {
      for (let i = 0; i < 3; i++) await recordSignInFailure(getDb(), { ...attempt, email: `spray-${i}-${Date.now()}@nowhere.test` });
      expect(await signInRetryAfter(getDb(), attempt)).toBeGreaterThan(0);
      const refused = await post(new URLSearchParams({ email: `someone-else-${Date.now()}@nowhere.test`, password: "x" }).toString());
      expect(refused.status).toBe(429);
    } finally {
      delete process.env.SIGN_IN_ADDRESS_LIMIT;
    }
  });

  it("refuses a body larger than a sign-in form with 413 in the error shape", async () => {
    const refused = await post(Buffer.alloc(70 * 1024, "a"));
    expect(refused.status).toBe(413);
    expect(JSON.parse(refused.text)).toMatchObject({ error: { code: "payload_too_large" } });
  });
});
