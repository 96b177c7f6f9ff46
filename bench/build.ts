/**
 * The build that `npm run bench` (bench/run.ts) serves: `next build` in a staging copy of the
 * working tree, the checkout's own build copied there (--reuse-build), or the last one (--no-build).
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Options } from "./options";
import { log, ROOT, sleep } from "./processes";
import { reuseBuild } from "./reuse-build";

/** The staging copy's folder, and in it the build the servers run (see `stage`). */
export async function prepareApp(options: Options): Promise<string> {
  const appDir = options.build ? stage(options.port) : path.join(os.tmpdir(), `desk-bench-${options.port}`);
  if (options.reuseBuild) reuseBuild(ROOT, appDir, log);
  else if (options.build) await build(appDir);
  else if (!fs.existsSync(path.join(appDir, ".next", "BUILD_ID"))) throw new Error(`--no-build but there is no build in ${appDir}`);
  return appDir;
}

function othersBuilding(): boolean {
  try {
    // The build process itself ("next-build" once it has named itself, or node running next's
    // bin with "build"); not shells that merely mention it (a Playwright webServer command stays
    // alive as `sh -c "… next build && npm run serve"` for the whole e2e run).
    const out = execFileSync("ps", ["-eo", "args"], { encoding: "utf8" });
    return out.split("\n").some((line) => /^next-build\b/.test(line) || /^\S*node\S* \S*next build\b/.test(line));
  } catch {
    return false;
  }
}

/**
 * The app is built and served from a staging copy of the working tree (node_modules hard-linked,
 * so the copy costs seconds and no disk), not from the project's own .next: other people's
 * `next build` (e2e tests, `npm start`) rewrite .next and would break a server mid-run, and a
 * benchmark build would break theirs.
 */
function stage(port: number): string {
  const dir = path.join(os.tmpdir(), `desk-bench-${port}`);
  fs.mkdirSync(dir, { recursive: true });
  // The lock file the staged node_modules was linked under: another one means another install.
  const lock = fs.readFileSync(path.join(ROOT, "package-lock.json"), "utf8");
  const stamp = path.join(dir, "node_modules", ".staged-package-lock.json");
  // A symlink there (staged from a git worktree whose node_modules links to another checkout's) is
  // outside the staging root, where Turbopack does not look for packages: it is replaced too.
  const stale = () => fs.lstatSync(path.join(dir, "node_modules")).isSymbolicLink() || !fs.existsSync(stamp) || fs.readFileSync(stamp, "utf8") !== lock;
  if (fs.existsSync(path.join(dir, "node_modules")) && stale()) {
    fs.rmSync(path.join(dir, "node_modules"), { recursive: true, force: true });
  }
  if (!fs.existsSync(path.join(dir, "node_modules"))) {
    const source = fs.realpathSync(path.join(ROOT, "node_modules"));
    try {
      execFileSync("cp", ["-al", source, path.join(dir, "node_modules")], { stdio: "ignore" });
    } catch {
      // Another filesystem (no hard links across devices): a real copy, once.
      fs.rmSync(path.join(dir, "node_modules"), { recursive: true, force: true });
      execFileSync("cp", ["-a", source, path.join(dir, "node_modules")]);
    }
    fs.writeFileSync(stamp, lock);
  }
  const excludes = ["/node_modules", "/.next", "/.git", "/prisma/data", "/bench/results", "/test-results", "/playwright-report", "/coverage", "*.tsbuildinfo"];
  execFileSync("rsync", ["-a", "--delete", ...excludes.flatMap((e) => ["--exclude", e]), `${ROOT}/`, `${dir}/`]);
  return dir;
}

async function build(dir: string) {
  // Two builds at once on two cores help nobody: wait for someone else's to finish first.
  for (let waited = 0; othersBuilding() && waited < 600; waited += 5) {
    if (waited === 0) log("another `next build` is running; waiting for it");
    await sleep(5000);
  }
  log(`building (next build in ${dir})…`);
  const started = Date.now();
  execFileSync(path.join(dir, "node_modules", ".bin", "next"), ["build"], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  log(`built in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}
