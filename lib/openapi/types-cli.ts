/**
 * `npm run api:types`: TypeScript types of the API (openapi-typescript) from the document, into
 * lib/generated/api/ (not committed; `npm run typecheck` makes them first). e2e/typed-client.spec.ts
 * calls every operation through openapi-fetch with them, so a change to the document that the calls
 * no longer fit fails the typecheck. docs/api/requests.md, "From TypeScript".
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { writeDocument } from "./document-file";

const folder = path.join(process.cwd(), "lib", "generated", "api");
const document = writeDocument(path.join(folder, "openapi.json"));
execFileSync(path.join(process.cwd(), "node_modules", ".bin", "openapi-typescript"), [document, "--output", path.join(folder, "openapi.ts")], { stdio: "inherit" });
