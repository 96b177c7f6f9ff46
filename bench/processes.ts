/**
 * The processes `npm run bench` (bench/run.ts) starts, and how it notices one that crashed: the
 * servers run in process groups of their own, their output goes to files, and an exit nobody asked
 * for is kept in `crashed` for the next check to throw.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export const ROOT = path.resolve(__dirname, "..");
/** Progress goes to stderr: stdout holds only the tables. */
export const log = (message: string) => console.error(message);

export function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Processes stopped on purpose (the list servers end before the export server starts). */
const stopped = new WeakSet<ChildProcess>();
/** Where each started process writes its output. */
const logFiles = new Map<ChildProcess, string>();
/** What each process that exited unasked said last. */
export const crashed: string[] = [];

/** Checked between measurements: figures taken while a server was down would mean nothing. */
export function throwIfCrashed() {
  if (crashed.length) throw new Error(crashed.join("\n"));
}

export function startProcess(command: string, args: string[], env: Record<string, string>, name: string, cwd = ROOT): ChildProcess {
  // Its output goes to a file, not through a pipe into this process: reading a server's request
  // log here would take CPU from autocannon, on the same event loop, while it measures.
  const logFile = path.join(os.tmpdir(), `desk-bench-${process.pid}-${name.replace(/\W+/g, "-")}.log`);
  const output = fs.openSync(logFile, "w");
  // A process group of its own (detached), so stopping it stops what it started (npm's shell and server).
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", output, output], detached: true });
  fs.closeSync(output);
  logFiles.set(child, logFile);
  child.on("exit", (code, signal) => {
    if (!stopped.has(child)) {
      crashed.push(`${name} exited (code ${code}, signal ${signal}); its output is in ${logFile}, ending:\n${tailOf(logFile, 3000)}`);
    }
  });
  return child;
}

/**
 * The app built in `appDir`, served the way `npm start` serves (package.json "serve": the Node
 * options of production) on 127.0.0.1:`port`, on the database `databaseUrl`.
 */
export function startServer(appDir: string, port: number, env: Record<string, string>, databaseUrl: string, name: string) {
  const origin = `http://127.0.0.1:${port}`;
  const server = startProcess("npm", ["run", "-s", "serve", "--", "-p", String(port), "-H", "127.0.0.1"], { ...env, DATABASE_URL: databaseUrl, NEXTAUTH_URL: origin }, name, appDir);
  return { server, origin };
}

function tailOf(file: string, bytes: number): string {
  const fd = fs.openSync(file, "r");
  try {
    const size = fs.fstatSync(fd).size;
    const buffer = Buffer.alloc(Math.min(bytes, size));
    fs.readSync(fd, buffer, 0, buffer.length, size - buffer.length);
    return buffer.toString("utf8");
  } finally {
    fs.closeSync(fd);
  }
}

export function stopProcess(child: ChildProcess) {
  stopped.add(child);
  fs.rmSync(logFiles.get(child) ?? "", { force: true });
  try {
    process.kill(-child.pid!, "SIGTERM");
  } catch {
    // already gone
  }
}

export async function waitForHttp(url: string, headers: Record<string, string> = {}, timeoutMs = 60_000) {
  const started = Date.now();
  for (;;) {
    try {
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    throwIfCrashed();
    if (Date.now() - started > timeoutMs) throw new Error(`${url} did not come up within ${timeoutMs / 1000}s`);
    await sleep(250);
  }
}
