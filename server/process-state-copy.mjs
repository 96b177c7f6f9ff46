// @ts-check
/**
 * server/process-state reaches node_modules as a copy (.npmrc `install-links`), and `npm install`
 * does not refresh a copy whose folder changed (`npm ci` does): a stale one would have the server
 * and the bundle share what the code no longer reads, silently. server/main.mjs refuses to start on it.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

const FILES = ["package.json", "index.cjs", "index.d.ts"];

/** @param {string} root the project's folder @returns {string | null} why the installed copy is not the source's, or null */
export function staleProcessState(root) {
  const read = (/** @type {string} */ file) => {
    try {
      return readFileSync(file, "utf8");
    } catch {
      return null;
    }
  };
  const differ = FILES.filter((file) => read(path.join(root, "server/process-state", file)) !== read(path.join(root, "node_modules/desk-process-state", file)));
  if (differ.length === 0) return null;
  return `node_modules/desk-process-state is not server/process-state (${differ.join(", ")} differ): run \`npm ci\`, or \`rm -r node_modules/desk-process-state && npm install\`.`;
}
