import { randomUUID } from "node:crypto";
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiKey } from "@/lib/api-keys/keys";
import { getDb } from "@/lib/db/client";
import { directRouteOf } from "@/lib/http/direct-routes.mjs";
import { listening } from "@/lib/live/bus";
import { nonPageHeaders } from "@/lib/security/headers";
import { FIXTURE_PASSWORD_HASH } from "@/lib/testing/fixtures/accounts";
import { NEW_BID } from "@/lib/testing/fixtures/bodies";
import { COMPANIES } from "@/lib/testing/fixtures/companies";
import { callRoute, sessionCookie } from "@/lib/testing/http";
import { withAppOnOwnDatabase } from "@/lib/testing/own-database";
import { POST as createIndication } from "./my/indications/route";
import "./my/stream/route";

vi.hoisted(() => {
  // Two streams a user, so that a third shows whether a hung-up one was let go.
  process.env.STREAM_MAX_PER_USER = "2";
});

/**
 * GET /my/stream as the production server answers it once the route has loaded: straight from
 * Node's request (lib/http/direct-route.ts, server/main.mjs), over a real socket on 127.0.0.1.
 */
const own = withAppOnOwnDatabase();
let sharedUrl: string | undefined;
let server: http.Server;
let origin: string;
let key: string;
let userId: string;
// The route calls of requests whose client was gone first, to wait for them.
const gone: Promise<void>[] = [];

beforeAll(async () => {
  sharedUrl = process.env.DATABASE_URL;
  process.env.DATABASE_URL = own.database.url;
  const teamId = randomUUID();
  await getDb().team.create({ data: { id: teamId, name: `Direct ${teamId}`, createdAt: new Date() } });
  userId = randomUUID();
  await getDb().user.create({
    data: { id: userId, email: `${userId}@direct.test`, name: "Direct", passwordHash: FIXTURE_PASSWORD_HASH, role: "broker", permissions: JSON.stringify(["companies", "indications_manage"]), teamId, createdAt: new Date() },
  });
  key = (await createApiKey(getDb(), { userId, name: "direct test" })).secret;
  // As server/main.mjs dispatches: a direct route if one serves the request, else (here) 404.
  // `x-test-gone`: the client is gone before the route is called.
  server = http.createServer((request, response) => {
    const direct = directRouteOf(request);
    if (!direct) return void response.writeHead(404).end();
    if (!request.headers["x-test-gone"]) return void direct(request, response);
    gone.push(new Promise((resolve) => response.once("close", () => resolve(direct(request, response)))));
    request.socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  process.env.DATABASE_URL = sharedUrl;
});

interface Opened {
  response: Response;
  /** Reads until `text` has arrived; the text read so far. */
  until(text: string, ms?: number): Promise<string>;
  close(): void;
}

async function open(headers: Record<string, string> = { authorization: `Bearer ${key}` }): Promise<Opened> {
  const abort = new AbortController();
  const response = await fetch(`${origin}/api/v1/my/stream`, { headers, signal: abort.signal });
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  return {
    response,
    async until(wanted, ms = 3_000) {
      const deadline = Date.now() + ms;
      while (!text.includes(wanted) && Date.now() < deadline) {
        const chunk = await Promise.race([reader.read(), new Promise<null>((resolve) => setTimeout(() => resolve(null), deadline - Date.now()))]);
        if (!chunk || chunk.done) break;
        text += decoder.decode(chunk.value, { stream: true });
      }
      return text;
    },
    close: () => abort.abort(),
  };
}

/** The status line of a GET of the stream with these header lines, sent as they are (fetch and node:http would join repeated ones). */
function rawStatus(lines: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect((server.address() as AddressInfo).port, "127.0.0.1", () => {
      socket.write(`GET /api/v1/my/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n${lines.map((line) => `${line}\r\n`).join("")}\r\n`);
    });
    socket.once("data", (data) => {
      resolve(data.toString("latin1").split("\r\n", 1)[0]);
      socket.destroy();
    });
    socket.on("error", reject);
  });
}

describe("GET /my/stream served directly", () => {
  it("answers like the route: the error shape without a key, with the headers of every API answer", async () => {
    for (const https of [false, true]) {
      const response = await fetch(`${origin}/api/v1/my/stream`, { headers: https ? { "x-forwarded-proto": "https" } : {} });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe('Bearer realm="api"');
      expect(response.headers.get("x-request-id")).toBeTruthy();
      for (const [name, value] of Object.entries(nonPageHeaders(https))) expect(response.headers.get(name), name).toBe(value);
      if (!https) expect(response.headers.get("strict-transport-security")).toBeNull();
      expect(await response.json()).toMatchObject({ error: { code: "unauthorized", doc_url: "/docs/api.md#unauthorized" } });
    }
  });

  it("reads repeated header lines as Next.js does: Cookie lines joined, the first Authorization", async () => {
    expect(await rawStatus(["Cookie: theme=dark", `Cookie: ${await sessionCookie(userId)}`])).toBe("HTTP/1.1 200 OK");
    expect(await rawStatus([`Authorization: Bearer ${key}`, "Authorization: Bearer mkd_not_a_key"])).toBe("HTTP/1.1 200 OK");
  });

  it("streams the team's events as they are written", async () => {
    await listening();
    const stream = await open();
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(stream.response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await stream.until("event: ready")).toMatch(/id: st1\.\d+\.\d+\nevent: ready/);
    const created = await callRoute(createIndication, "/api/v1/my/indications", {
      key,
      body: { ...NEW_BID, side: "offer", acceptable_structures: [], structure: "direct", issuer_id: COMPANIES[2].id, visibility: "order_book_public" },
    });
    expect(created.status, created.text).toBe(201);
    expect(await stream.until((created.body as { id: string }).id)).toContain("event: indication.created");
    stream.close();
  });

  it("lets a stream go when its client hangs up", async () => {
    const first = await open();
    const second = await open();
    expect([first.response.status, second.response.status]).toEqual([200, 200]);
    expect((await open()).response.status).toBe(429);
    first.close();
    let again: Opened | null = null;
    for (const deadline = Date.now() + 3_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 50))) {
      again = await open();
      if (again.response.status === 200) break;
    }
    expect(again?.response.status).toBe(200);
    again?.close();
    second.close();
  });

  it("lets a stream go whose client hung up before it was answered", async () => {
    for (let i = 0; i < 3; i++) await fetch(`${origin}/api/v1/my/stream`, { headers: { authorization: `Bearer ${key}`, "x-test-gone": "1" } }).catch(() => null);
    while (gone.length < 3) await new Promise((resolve) => setTimeout(resolve, 10));
    await Promise.all(gone);
    const streams = [await open(), await open()];
    expect(streams.map((stream) => stream.response.status)).toEqual([200, 200]);
    for (const stream of streams) stream.close();
  });

  it("serves only a GET of the exact path: anything else is Next.js's", () => {
    const of = (method: string, url: string) => directRouteOf({ method, url } as http.IncomingMessage);
    expect(of("GET", "/api/v1/my/stream?cursor=ev1.3")).toBeDefined();
    expect(of("HEAD", "/api/v1/my/stream")).toBeUndefined();
    expect(of("POST", "/api/v1/my/stream")).toBeUndefined();
    expect(of("GET", "/api/v1/my/stream/")).toBeUndefined();
    expect(of("GET", "/api/v1/my/streams")).toBeUndefined();
  });
});
