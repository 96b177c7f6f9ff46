import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { openApiDocument } from "./openapi";

/**
 * Writes the document as /api/v1/openapi.json serves it without PUBLIC_BASE_URL (a relative
 * server) to `file`, for the tools that read a file: the linters and the client's type generator.
 */
export function writeDocument(file: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(openApiDocument("/api/v1"), null, 2)}\n`);
  return file;
}
