import { cpSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as processState from "desk-process-state";
import { getDb, gateOf } from "@/lib/db/client";
import nextConfig from "@/next.config";
// @ts-expect-error a plain ES module of the server, without type declarations
import { staleProcessState } from "./process-state-copy.mjs";

/**
 * server/process-state is what server/main.mjs and the Next.js bundle share (docs/architecture.md,
 * "One process, several copies"): one instance only while Node, not the bundler, loads it from
 * a real folder in node_modules. That the built app and the server do share it is what the
 * browser specs of the drain, the live stream and the sign-in gate show (e2e/lifecycle.spec.ts…).
 */
describe("server/process-state, shared by the server and the bundle", () => {
  it("is installed as a copy of the repo's folder, which the bundle leaves to Node", () => {
    expect(staleProcessState(process.cwd())).toBeNull();
    // A symlink would resolve to server/process-state, which Turbopack bundles, external or not.
    const installed = realpathSync(createRequire(import.meta.url).resolve("desk-process-state"));
    expect(path.relative(process.cwd(), installed)).toBe(path.join("node_modules", "desk-process-state", "index.cjs"));
    expect(nextConfig.serverExternalPackages).toContain("desk-process-state");
  });

  it("names the files a stale copy differs in, and how to refresh it", () => {
    const root = mkdtempSync(path.join(tmpdir(), "process-state-"));
    try {
      cpSync("server/process-state", path.join(root, "server/process-state"), { recursive: true });
      cpSync("server/process-state", path.join(root, "node_modules/desk-process-state"), { recursive: true });
      expect(staleProcessState(root)).toBeNull();
      writeFileSync(path.join(root, "server/process-state/index.cjs"), "exports.writeGate = { shut: false };\n");
      expect(staleProcessState(root)).toMatch(/index\.cjs differ\): run `npm ci`/);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("holds the process's write gate and database client, which lib/db/client.ts uses", () => {
    const db = getDb();
    expect(gateOf(db)).toBe(processState.writeGate);
    expect(processState.database.client).toBe(db);
  });
});
