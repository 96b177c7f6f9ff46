// @ts-check
/**
 * `npm start`'s build step: `next build` only when the sources changed since the last build (a
 * rebuild costs a minute or more; a restart with nothing changed should not). The hash of the
 * sources, and of the environment the build bakes in, is stored in the build folder itself, so
 * deleting .next forces a build.
 */
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** What a build is made of. lib/generated is Prisma's client, made from the schema by install. */
export const SOURCES = ["app", "components", "lib", "public", "proxy.ts", "next.config.ts", "postcss.config.mjs", "tsconfig.json", "package-lock.json"];
/** Environment read at build time (next.config.ts reads NEXTAUTH_URL for HSTS). */
const BUILD_ENV = /^(NEXTAUTH_URL|NEXT_PUBLIC_.*)$/;
const SKIP = /(^|\/)(node_modules|\.next)(\/|$)|\.test\.tsx?$/;
export const HASH_FILE = path.join(".next", "desk-source-hash");

/** @param {string} root @param {NodeJS.ProcessEnv} env */
export function sourceHash(root, env = process.env) {
  const hash = createHash("sha256");
  /** @param {string} relative */
  const visit = (relative) => {
    const full = path.join(root, relative);
    if (!existsSync(full) || SKIP.test(relative)) return;
    if (statSync(full).isDirectory()) {
      for (const child of readdirSync(full).sort()) visit(path.join(relative, child));
    } else {
      hash.update(`${relative}\0`).update(readFileSync(full)).update("\0");
    }
  };
  for (const source of SOURCES) visit(source);
  for (const key of Object.keys(env).filter((k) => BUILD_ENV.test(k)).sort()) hash.update(`env ${key}=${env[key]}\0`);
  return hash.digest("hex");
}

/** @param {string} root @param {string} hash */
export function buildIsCurrent(root, hash) {
  const stored = path.join(root, HASH_FILE);
  return existsSync(path.join(root, ".next", "BUILD_ID")) && existsSync(stored) && readFileSync(stored, "utf8").trim() === hash;
}

function main() {
  const root = process.cwd();
  const hash = sourceHash(root);
  if (buildIsCurrent(root, hash)) {
    console.log("Sources unchanged since the last build: serving it.");
    return;
  }
  const build = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(path.join(root, HASH_FILE), `${hash}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
