import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A PostgreSQL server of a test's own (initdb into a temp directory, pg_ctl on a free port), for
 * tests that stop and start the server: the machine's shared cluster serves other tests meanwhile
 * and must never go down. PostgreSQL refuses to run as root, so as root the commands run as the
 * `postgres` user (the Debian package's), in a directory it owns. No import.meta here: the
 * Playwright specs load this file too.
 */
export interface PrivatePostgres {
  /** `postgresql://postgres@127.0.0.1:<port>/postgres`: the server, for createTestDatabase. */
  serverUrl: string;
  /** A fast shutdown: connections are ended with 57P01, new ones refused. No-op when stopped. */
  stop(): void;
  /** No-op when running. */
  start(): void;
  /** The postmaster's process id (to pause it with SIGSTOP). */
  pid(): number;
  /** Stops the server if it runs and deletes its directory. */
  destroy(): void;
}

/** The newest installed PostgreSQL's programs (Debian: /usr/lib/postgresql/<major>/bin), or PG_BIN. */
function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = "/usr/lib/postgresql";
  const majors = existsSync(root) ? readdirSync(root).filter((v) => existsSync(path.join(root, v, "bin", "pg_ctl"))) : [];
  const newest = majors.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error("no PostgreSQL server programs under /usr/lib/postgresql (apt-get install postgresql-15), or set PG_BIN");
  return path.join(root, newest, "bin");
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(os.tmpdir(), "desk-pg-"));
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    chownSync(dir, uid, gid);
  }
  const run = (program: string, args: string[]) => {
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, program), ...args]] : [path.join(bin, program), args];
    execFileSync(file, argv, { stdio: ["ignore", "ignore", "pipe"], timeout: 60_000 });
  };
  const data = path.join(dir, "data");
  const port = await freePort();
  // fsync off and no sync after initdb: a throwaway server, started in about a second.
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const ctl = (...args: string[]) => run("pg_ctl", ["-D", data, "-l", path.join(dir, "log"), ...args]);
  let running = false;
  const server: PrivatePostgres = {
    serverUrl: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start() {
      if (running) return;
      ctl("-o", options, "-w", "start");
      running = true;
    },
    stop() {
      if (!running) return;
      ctl("-m", "fast", "-w", "stop");
      running = false;
    },
    pid: () => Number(readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]),
    destroy() {
      if (running) {
        process.kill(server.pid(), "SIGCONT"); // in case a test left it paused
        server.stop();
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  server.start();
  return server;
}
