/**
 * `npm run lint:openapi`: the served OpenAPI document through Redocly (`recommended`, redocly.yaml)
 * and Spectral (`spectral:oas` and the OWASP ruleset, .spectral.yaml). Exits non-zero on any error
 * of either; only errors are shown (free text has no pattern: the OWASP warning about it stays). docs/api/requests.md, "OpenAPI".
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { writeDocument } from "./document-file";

const file = writeDocument(path.join(mkdtempSync(path.join(tmpdir(), "openapi-")), "openapi.json"));

const bin = (name: string) => path.join(process.cwd(), "node_modules", ".bin", name);
let failed = false;
for (const [name, args] of [
  ["redocly", ["lint", file, "--config", "redocly.yaml", "--format", "stylish"]],
  ["spectral", ["lint", file, "--ruleset", ".spectral.yaml", "--fail-severity", "error", "--display-only-failures", "--format", "text"]],
] as const) {
  console.log(`\n${name}`);
  // Nothing leaves the machine: Redocly's usage telemetry and update check are off.
  const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
  const run = spawnSync(bin(name), [...args], { stdio: "inherit", env });
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
