import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error a plain ES module of the server, without type declarations
import { HASH_FILE, buildIsCurrent, sourceHash } from "./build-if-changed.mjs";

const roots: string[] = [];
function project(): string {
  const root = mkdtempSync(path.join(tmpdir(), "build-hash-"));
  roots.push(root);
  mkdirSync(path.join(root, "app", "api"), { recursive: true });
  writeFileSync(path.join(root, "app", "api", "route.ts"), "export const a = 1;\n");
  writeFileSync(path.join(root, "next.config.ts"), "export default {};\n");
  return root;
}
function built(root: string, hash: string) {
  mkdirSync(path.join(root, ".next"), { recursive: true });
  writeFileSync(path.join(root, ".next", "BUILD_ID"), "x");
  writeFileSync(path.join(root, HASH_FILE), `${hash}\n`);
}
afterEach(() => roots.splice(0).forEach((root) => rmSync(root, { recursive: true, force: true })));

describe("npm start builds only when the sources changed", () => {
  it("a build of the same sources is current; no build, or a deleted .next, is not", () => {
    const root = project();
    const hash = sourceHash(root, {});
    expect(buildIsCurrent(root, hash)).toBe(false);
    built(root, hash);
    expect(buildIsCurrent(root, sourceHash(root, {}))).toBe(true);
    rmSync(path.join(root, ".next"), { recursive: true });
    expect(buildIsCurrent(root, hash)).toBe(false);
  });

  it("an edited, added or renamed source changes the hash; the build output, tests and node_modules do not", () => {
    const root = project();
    const before = sourceHash(root, {});
    built(root, before);
    writeFileSync(path.join(root, ".next", "more"), "output");
    mkdirSync(path.join(root, "lib", "node_modules"), { recursive: true });
    writeFileSync(path.join(root, "lib", "node_modules", "x.js"), "1");
    writeFileSync(path.join(root, "app", "api", "route.test.ts"), "test");
    expect(sourceHash(root, {})).toBe(before);

    writeFileSync(path.join(root, "app", "api", "route.ts"), "export const a = 2;\n");
    const edited = sourceHash(root, {});
    expect(edited).not.toBe(before);
    writeFileSync(path.join(root, "app", "api", "other.ts"), "");
    expect(sourceHash(root, {})).not.toBe(edited);
    expect(buildIsCurrent(root, sourceHash(root, {}))).toBe(false);
  });

  it("the environment the build bakes in (NEXTAUTH_URL) is part of the hash; the rest is not", () => {
    const root = project();
    const plain = sourceHash(root, { PORT: "3000" });
    expect(sourceHash(root, { PORT: "3300" })).toBe(plain);
    expect(sourceHash(root, { NEXTAUTH_URL: "https://desk.example" })).not.toBe(plain);
  });
});
