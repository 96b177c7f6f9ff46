import { connect } from "node:net";
import { expect, test } from "@playwright/test";
import { apiKeyFor } from "./support/api";
import { ACCOUNTS, E2E_PORT } from "./support/env";

/**
 * Issue 16's hostile-input test against the production build: hundreds of malformed requests
 * (methods, paths, encodings, headers, request lines), written as raw bytes on a socket because
 * an HTTP client would refuse or repair most of them. Every answer is below 500, and every
 * answer to an /api/v1 path (and to a request line nobody can parse) is JSON in the error shape.
 */

interface Raw {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function sendRaw(bytes: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = connect(E2E_PORT, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.setTimeout(15_000, () => socket.destroy(new Error(`no answer to ${JSON.stringify(bytes.slice(0, 80))}`)));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      const [statusLine, ...lines] = text.slice(0, split).split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(":");
        headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      let body = text.slice(split + 4);
      // Chunked bodies: good enough to read our small JSON answers back.
      if (/chunked/i.test(headers["transfer-encoding"] ?? "")) {
        let out = "";
        let rest = body;
        for (;;) {
          const end = rest.indexOf("\r\n");
          const size = parseInt(rest.slice(0, end), 16);
          if (!size) break;
          out += rest.slice(end + 2, end + 2 + size);
          rest = rest.slice(end + 2 + size + 2);
        }
        body = out;
      }
      resolve({ status: Number(statusLine?.split(" ")[1]), headers, body });
    });
    socket.write(bytes);
  });
}

function request(method: string, target: string, headers: string[] = [], body = ""): string {
  const all = ["Host: 127.0.0.1", "Connection: close", ...headers];
  if (body) all.push(`Content-Length: ${Buffer.byteLength(body)}`);
  return `${method} ${target} HTTP/1.1\r\n${all.join("\r\n")}\r\n\r\n${body}`;
}

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND", "MKCOL", "LOCK", "get", "Post", "FOO"];

const PATHS = [
  "/api/v1/companies",
  "/api/v1/companies/%ZZ",
  "/api/v1/companies/%E0%A4%A",
  "/api/v1/companies/%",
  "/api/v1/companies/%00",
  "/api/v1/companies/..%2f..%2fetc%2fpasswd",
  "/api/v1/companies/%C0%AF",
  "/api/v1/companies/x/y/z",
  "/api/v1/my/indications/%FF%FE",
  "/api/v1/my/indications/not-a-uuid/history",
  "/api/v1/my/trades?limit=%ZZ",
  "/api/v1/my/trades?limit=-1&limit=2",
  "/api/v1/companies?q=%C2%85abc",
  "/api/v1/companies?q=%00",
  "/api/v1/companies?%ZZ=1",
  "/api/v1/ops/trades/%E0%A4%A/verify",
  "/api/v1/nope",
  "/api/v1",
  "/api/v1/openapi.json",
  `/api/v1/companies/${"a".repeat(3000)}`,
  "/api/v1//companies",
  "/api/v1/companies/%2e%2e/%2e%2e/",
];

const API_PATH = /^\/api\/v1(\/|\?|$)/;

/** What is wrong with an answer, or null. A HEAD answer, a 204 and a 304 carry no body. */
function problemWith(answer: Raw, api: boolean, head: boolean): string | null {
  if (!(answer.status >= 100 && answer.status < 500)) return `status ${answer.status}`;
  if (!api || head || answer.status === 204 || answer.status === 304) return null;
  if (!/^application\/json/.test(answer.headers["content-type"] ?? "")) return `${answer.status} as ${answer.headers["content-type"] ?? "no content type"}`;
  if (answer.status < 400) return null;
  try {
    const { error } = JSON.parse(answer.body) as { error?: { code?: unknown; message?: unknown; param?: unknown } };
    if (typeof error?.code !== "string" || typeof error.message !== "string" || !("param" in error)) return `not the error shape: ${answer.body.slice(0, 80)}`;
  } catch {
    return `not JSON: ${answer.body.slice(0, 80)}`;
  }
  return null;
}

test("at least 300 malformed requests: no 5xx, and /api/v1 answers in the error shape", async () => {
  test.setTimeout(300_000);
  const key = apiKeyFor(ACCOUNTS.broker);
  const cases: { what: string; bytes: string; api: boolean }[] = [];

  // Every method on every path, without and with a valid key.
  for (const method of METHODS) {
    for (const path of PATHS) {
      cases.push({ what: `${method} ${path.slice(0, 80)}`, bytes: request(method, path), api: API_PATH.test(path) });
    }
    for (const path of PATHS.slice(0, 8)) {
      const bytes = request(method, path, [`Authorization: Bearer ${key}`], method === "POST" ? "{" : "");
      cases.push({ what: `${method} ${path.slice(0, 80)} (key)`, bytes, api: API_PATH.test(path) });
    }
  }

  // Hostile headers on a real endpoint.
  const HEADERS: string[][] = [
    ["Authorization: Bearer a", "Authorization: Bearer b"],
    [`Authorization: Bearer ${key}`, `Authorization: Bearer ${key}`],
    ["Authorization: Basic Zm9vOmJhcg=="],
    ["Authorization: Bearer"],
    ["Authorization: Bearer " + "x".repeat(5000)],
    ["Authorization: bearer \u00ff\u00fe"],
    [`Authorization: Bearer ${key}`, "X-Request-Id: ../../etc/passwd"],
    [`Authorization: Bearer ${key}`, "If-None-Match: \"\u0085\""],
    [`Authorization: Bearer ${key}`, "Content-Type: text/plain"],
    [`Authorization: Bearer ${key}`, "Content-Type: application/json; charset=utf-16"],
    [`Authorization: Bearer ${key}`, "Idempotency-Key: " + "k".repeat(1000)],
    [`Authorization: Bearer ${key}`, "Cookie: next-auth.session-token=garbage"],
    ["Cookie: next-auth.session-token=" + "%ZZ".repeat(100)],
    ["Accept: text/html"],
    ["X-Forwarded-Proto: https", "X-Forwarded-Host: evil.example"],
    ["Origin: https://evil.example"],
    ["Range: bytes=0-1"],
  ];
  for (const headers of HEADERS) {
    for (const [method, path] of [
      ["GET", "/api/v1/companies"],
      ["POST", "/api/v1/my/indications"],
      ["PATCH", "/api/v1/my/trades/00000000-0000-4000-8000-000000000000"],
    ]) {
      const body = method === "GET" ? "" : '{"side":';
      cases.push({ what: `${method} ${path} [${headers.join(" | ").slice(0, 80)}]`, bytes: request(method, path, headers, body), api: true });
    }
  }

  // Request lines and headers nobody can parse: Node's parser refuses them before any route.
  const GARBAGE = [
    "get /api/v1/companies HTTP/1.1\r\nHost: x\r\n\r\n",
    "GET /api/v1/companies HTTP/9.9\r\nHost: x\r\n\r\n",
    "GET /api/v1/companies\r\nHost: x\r\n\r\n",
    "GET  /api/v1/companies  HTTP/1.1\r\nHost: x\r\n\r\n",
    "GET api/v1/companies HTTP/1.1\r\nHost: x\r\n\r\n",
    "G@T /api/v1/companies HTTP/1.1\r\nHost: x\r\n\r\n",
    "\r\n\r\nGARBAGE\r\n\r\n",
    "GET /api/v1/companies HTTP/1.1\r\nBad Header\r\n\r\n",
    "GET /api/v1/companies HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n",
    "GET /api/v1/companies HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n",
    "POST /api/v1/my/indications HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked, x\r\n\r\n",
    "GET /api/v1/companies HTTP/1.1\r\nHost: x\r\nX: a\u0000b\r\n\r\n",
    "GET /api/v1/com panies HTTP/1.1\r\nHost: x\r\n\r\n",
    "GET /api/v1/companies\u0001 HTTP/1.1\r\nHost: x\r\n\r\n",
  ];
  for (const bytes of GARBAGE) cases.push({ what: `raw ${JSON.stringify(bytes.slice(0, 60))}`, bytes, api: true });

  // A few pages and static paths: no 5xx there either (their bodies are HTML, as they should be).
  for (const path of ["/%ZZ", "/indications/%E0%A4%A", "/sign-in?callbackUrl=%ZZ", "/logos/%ZZ.svg", "/api/%ZZ", "/_next/%ZZ"]) {
    for (const method of ["GET", "TRACE", "PROPFIND", "OPTIONS"]) cases.push({ what: `${method} ${path}`, bytes: request(method, path), api: false });
  }

  expect(cases.length).toBeGreaterThanOrEqual(300);
  const problems: string[] = [];
  for (const { what, bytes, api } of cases) {
    const problem = problemWith(await sendRaw(bytes), api, bytes.startsWith("HEAD "));
    if (problem) problems.push(`${what}: ${problem}`);
  }
  expect(problems).toEqual([]);
});

// U+0000 in a body, a path, a query or a sign-in: app/api/v1/nul-input.test.ts, against the real
// route handlers (every body string and query parameter of the OpenAPI document, every path id, the
// sign-in route's form and JSON), on SQLite and PostgreSQL.

test("the edges Node and Next.js answer bodiless are JSON in the error shape, with the right code", async () => {
  const big = "a".repeat(70 * 1024);
  const cases: [string, number, string][] = [
    [request("GET", "/api/v1/my/indications/."), 404, "not_found"],
    [request("GET", "/api/v1/openapi.json/.."), 404, "not_found"],
    [request("GET", "/api/v1/companies/%2e%2e/x"), 404, "not_found"],
    // An encoded slash right after v1 is no /api/v1/ path: it was Next's HTML 404.
    [request("GET", "/api/v1%2Fcompanies"), 404, "not_found"],
    [request("GET", "/api/nope"), 404, "not_found"],
    [request("GET", "/api/v1/companies", ["Expect: foo"]), 417, "expectation_failed"],
    ["GET /api/v1/companies HTTP/1.1\r\nConnection: close\r\n\r\n", 400, "invalid_parameter"],
    [request("POST", "/api/auth/callback/credentials", ["Content-Type: application/x-www-form-urlencoded"], big), 413, "payload_too_large"],
    [request("POST", "/indications", ["Next-Action: 0123456789abcdef", "Origin: http://evil.example", "Content-Type: text/plain"], "[]"), 403, "forbidden"],
  ];
  for (const [bytes, status, code] of cases) {
    const answer = await sendRaw(bytes);
    const what = bytes.split("\r\n").slice(0, 3).join(" | ").slice(0, 120);
    expect(answer.status, what).toBe(status);
    expect(answer.headers["content-type"], what).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body), what).toMatchObject({ error: { code } });
  }
});
