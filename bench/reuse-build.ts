/** `npm run bench -- --reuse-build` (bench/run.ts): the build it serves, made by someone else. */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
// @ts-expect-error a plain ES module of the server, without type declarations
import { SOURCES } from "../server/build-if-changed.mjs";

/**
 * The checkout's own production build, copied into the staging copy (so a rebuild of .next
 * meanwhile cannot break the servers) in place of `next build` there. The same build either way:
 * the staging copy holds the same sources, and what a build bakes in (server/build-if-changed.mjs:
 * NEXTAUTH_URL's scheme for HSTS, NEXT_PUBLIC_*; the bench sets neither) is the same for the
 * browser tests' http://127.0.0.1 build; secret, ports and database are read when serving.
 */
export function reuseBuild(root: string, dir: string, log: (message: string) => void): void {
  const built = path.join(root, ".next", "BUILD_ID");
  if (!fs.existsSync(built)) throw new Error(`--reuse-build but ${path.dirname(built)} holds no production build: run \`npx next build\` first`);
  const newer = newerSource(root, fs.statSync(built).mtimeMs);
  if (newer) throw new Error(`--reuse-build but ${newer} changed after the build in .next: build again, or leave --reuse-build out`);
  // Not the build cache: only a build reads it.
  execFileSync("rsync", ["-a", "--delete", "--exclude", "/cache", `${root}/.next/`, `${dir}/.next/`]);
  log(`serving the build of ${path.join(root, ".next")} (copied, not rebuilt)`);
}

/**
 * A source file of a build (server/build-if-changed.mjs's list) changed after `since`, if any; not
 * the API's types, which `npm run typecheck` rewrites and only the browser tests' client imports.
 */
function newerSource(root: string, since: number): string | null {
  const visit = (relative: string): string | null => {
    const full = path.join(root, relative);
    if (!fs.existsSync(full) || /(^|\/)node_modules$|^lib\/generated\/api$/.test(relative)) return null;
    const stat = fs.statSync(full);
    if (!stat.isDirectory()) return stat.mtimeMs > since ? relative : null;
    for (const child of fs.readdirSync(full)) {
      const found = visit(path.join(relative, child));
      if (found) return found;
    }
    return null;
  };
  for (const source of SOURCES as string[]) {
    const found = visit(source);
    if (found) return found;
  }
  return null;
}
