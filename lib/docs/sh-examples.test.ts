import path from "node:path";
import { describe, expect, it } from "vitest";
import { readApiReference } from "./pages";
import { judgeCalls, shBlocks, shCommands } from "./sh-examples";

const { markdown: page } = readApiReference(path.join(__dirname, "..", ".."));
const commands = shBlocks(page).flatMap(shCommands);
const lineOf = (fragment: string) => commands.find((c) => c.text.includes(fragment))!.firstLine;

describe("the sh examples of the API reference's pages", () => {
  it("are found with their page lines, and the errors the page shows after a command", () => {
    const pageLines = page.split("\n");
    for (const command of commands) expect(pageLines[command.firstLine - 1]).toBe(command.text.split("\n")[0]);
    expect(commands.filter((c) => c.expectedError).map((c) => [c.expectedError, c.text.match(/\?[^"]*|-d "\$\{BODY[^}]*\}"/)?.[0]])).toEqual(
      expect.arrayContaining([
        ["invalid_parameter", "?is_verified=yes"],
        ["invalid_parameter", "?depth=500"],
        ["idempotency_key_reuse", '-d "${BODY/12.5/13}"'],
      ]),
    );
    // A command shown with its answer in a comment that is no error body expects a 2xx.
    expect(commands.find((c) => c.text.includes('grep -iE'))?.expectedError).toBeNull();
  });

  it("join a command's continued lines, so a call on any of them is the command's", () => {
    const reuse = commands.find((c) => c.expectedError === "idempotency_key_reuse")!;
    expect(reuse.lastLine).toBe(reuse.firstLine + 1);
    const failures = judgeCalls(commands, [{ line: reuse.lastLine, status: 422, body: '{"error":{"code":"idempotency_key_reuse"' }]);
    expect(failures.filter((f) => f.includes(`docs line ${reuse.firstLine}:`))).toEqual([]);
  });

  it("fail a 4xx the page does not show, another error code than it shows, a 2xx where it shows an error, and an error no curl reached", () => {
    const depth = lineOf("depth=500");
    const failures = judgeCalls(commands, [
      { line: lineOf("depth=5\""), status: 404, body: '{"error":{"code":"not_found"' },
      { line: depth, status: 400, body: '{"error":{"code":"unknown_parameter"' },
      { line: lineOf("is_verified=yes"), status: 200, body: "{}" },
    ]);
    expect(failures.map((f) => f.split("\n")[1].trim())).toEqual([
      "expected a 2xx, got 404 (not_found)",
      "expected the error invalid_parameter, got 400 (unknown_parameter)",
      "expected the error invalid_parameter, got 200",
      // docs/api/reading.md: a change given as a percentage (GET /companies).
      "shows the error invalid_parameter, but no curl of it ran",
      "shows the error idempotency_key_reuse, but no curl of it ran",
      "shows the error own_indication, but no curl of it ran",
      "shows the error invalid_transition, but no curl of it ran",
      // docs/api/marks.md: a reversed range and a date that is not one.
      "shows the error invalid_parameter, but no curl of it ran",
      "shows the error invalid_parameter, but no curl of it ran",
    ]);
  });
});
