import { spawn, type ChildProcess } from "node:child_process";
import { connect, type Socket } from "node:net";
import { expect, test } from "@playwright/test";
import { mintApiKey } from "./support/api";
import { ACCOUNTS, E2E_AUTH_SECRET, E2E_DATABASE_URL, E2E_PORT, PROJECT_ROOT } from "./support/env";

/**
 * Health checks for a load balancer, and SIGTERM: a second server process (`npm run serve`'s
 * server/main.mjs on the build the test server already made) is stopped while a request is in
 * flight; that request still gets its answer, new connections are refused, and the process exits 0.
 */

test("GET /api/health and /api/health/ready", async ({ request }) => {
  const live = await request.get("/api/health");
  expect(live.status()).toBe(200);
  expect(await live.json()).toEqual({ status: "ok" });
  const ready = await request.get("/api/health/ready");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ ready: true, database: "reachable", pending_migrations: [] });
});

const PORT = E2E_PORT + 1;

function startServer(env: Record<string, string> = {}): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ["server/main.mjs", "--hostname", "127.0.0.1", "--port", String(PORT)], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATABASE_URL: E2E_DATABASE_URL, NEXTAUTH_SECRET: E2E_AUTH_SECRET, NEXT_TELEMETRY_DISABLED: "1", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const poll = setInterval(() => {
      if (output.includes("Serving on")) {
        clearInterval(poll);
        resolve({ child, output: () => output });
      } else if (child.exitCode !== null || Date.now() - started > 60_000) {
        clearInterval(poll);
        reject(new Error(`server did not start: ${output}`));
      }
    }, 100);
  });
}

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(PORT, "127.0.0.1", () => resolve(socket));
    socket.on("error", reject);
  });
}

test("SIGTERM finishes the request in flight, refuses new connections, exits 0", async () => {
  test.setTimeout(120_000);
  const key = mintApiKey(ACCOUNTS.broker, "graceful-shutdown");
  const { child, output } = await startServer();
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  try {
    // A request whose body is still on its way: the handler is waiting for it when SIGTERM comes.
    const body = '{"broken json';
    const socket = await open();
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk));
    const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
    socket.write(
      `POST /api/v1/my/indications HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${key}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 3)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));

    child.kill("SIGTERM");
    await expect.poll(() => output()).toContain("SIGTERM");
    await expect(open()).rejects.toThrow(/ECONNREFUSED/);
    expect(child.exitCode).toBeNull();

    socket.write(body.slice(3));
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"code":"invalid_json"');
    expect(await exited).toBe(0);
    expect(output()).toContain("Stopped.");
  } finally {
    if (child.exitCode === null) child.kill("SIGKILL");
  }
});

test("one JSON log line per API request, with no secret in it; LOG_LEVEL silences them", async () => {
  test.setTimeout(120_000);
  const key = mintApiKey(ACCOUNTS.broker, "request-log");
  const lines = (text: string) =>
    text
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);

  const { child, output } = await startServer();
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const listed = await fetch(`${base}/api/v1/companies`, { headers: { authorization: `Bearer ${key}`, "x-request-id": "log-test-1" } });
    expect(listed.status).toBe(200);
    expect((await fetch(`${base}/api/v1/companies`, { headers: { authorization: "Bearer wrong-secret-value" } })).status).toBe(401);
    expect((await fetch(`${base}/api/v1/companies/%ZZ`)).status).toBe(400);
    await expect.poll(() => lines(output()).filter((line) => line.msg !== undefined && String(line.msg).startsWith("request")).length).toBe(3);

    const [ok, unauthorized, refused] = lines(output()).filter((line) => String(line.msg).startsWith("request"));
    expect(ok).toMatchObject({ id: "log-test-1", method: "GET", route: "/api/v1/companies", status: 200, via: "api_key", level: 30 });
    expect(typeof ok.caller).toBe("string");
    expect(typeof ok.duration_ms).toBe("number");
    expect(unauthorized).toMatchObject({ method: "GET", route: "/api/v1/companies", status: 401 });
    expect(unauthorized.caller).toBeUndefined();
    expect(refused).toMatchObject({ method: "GET", route: "/api/v1/companies/%ZZ", status: 400 });
    expect(output()).not.toContain(key);
    expect(output()).not.toContain("wrong-secret-value");
  } finally {
    child.kill("SIGKILL");
  }

  const quiet = await startServer({ LOG_LEVEL: "warn" });
  try {
    expect((await fetch(`http://127.0.0.1:${PORT}/api/v1/companies`)).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(lines(quiet.output())).toEqual([]);
  } finally {
    quiet.child.kill("SIGKILL");
  }
});
